import { createHmac, hkdfSync } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { normalizeEmail } from '../../shared/contacts.ts';
import type { Db } from '../db/client.ts';
import { erasures } from './schema.ts';

/*
 * The erasure log keeps an erased person's email only as HMAC-SHA256 of the normalised address,
 * keyed with a key derived from the instance secret: the same email gives the same code (an import
 * can warn before bringing the person back), but without the secret the code cannot be checked
 * against a list of addresses.
 */

export type EmailHasher = (email: string) => string;

export function emailHasher(instanceSecret: Buffer): EmailHasher {
  const key = Buffer.from(hkdfSync('sha256', instanceSecret, Buffer.alloc(0), 'mycrm erased email v1', 32));
  return (email) => createHmac('sha256', key).update(normalizeEmail(email)).digest('base64url');
}

/** Which of these emails belong to people erased before (normalised). The hashes never leave the server. */
export type ErasedEmailFinder = (db: Db, emails: readonly string[]) => Promise<Set<string>>;

/** Hashes per query: a few milliseconds of HMAC between two awaits, and a short `in` list. */
const CHUNK = 1000;

export function erasedEmailFinder(instanceSecret: () => Buffer): ErasedEmailFinder {
  let hash: EmailHasher | undefined;
  return async (db, emails) => {
    hash ??= emailHasher(instanceSecret());
    const unique = [...new Set(emails.map(normalizeEmail))];
    const found = new Set<string>();
    for (let i = 0; i < unique.length; i += CHUNK) {
      const byHash = new Map(unique.slice(i, i + CHUNK).map((email) => [hash!(email), email]));
      const rows = await db.selectDistinct({ email_hash: erasures.email_hash }).from(erasures).where(inArray(erasures.email_hash, [...byHash.keys()]));
      for (const row of rows) found.add(byHash.get(row.email_hash)!);
    }
    return found;
  };
}
