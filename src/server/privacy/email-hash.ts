import { createHmac, hkdfSync } from 'node:crypto';
import { normalizeEmail } from '../../shared/contacts.ts';

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

