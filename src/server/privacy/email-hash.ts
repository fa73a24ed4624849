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

/** Which of these emails belong to people erased before (normalised, as given). */
export async function erasedEmailsAmong(db: Db, hash: EmailHasher, emails: readonly string[]): Promise<Set<string>> {
  const byHash = new Map<string, string>();
  for (const email of emails) byHash.set(hash(email), normalizeEmail(email));
  const found = new Set<string>();
  const hashes = [...byHash.keys()];
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db.selectDistinct({ email_hash: erasures.email_hash }).from(erasures).where(inArray(erasures.email_hash, hashes.slice(i, i + 1000)));
    for (const row of rows) found.add(byHash.get(row.email_hash)!);
  }
  return found;
}
