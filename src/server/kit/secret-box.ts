import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Encryption at rest for secrets kept in the database (the Kit API key): AES-256-GCM, a random
 * 96-bit nonce per value, and the setting's name as associated data so a value cannot be moved to
 * another setting. Stored as "v1.<nonce>.<tag>.<ciphertext>" (base64url).
 */

const KEY_BYTES = 32;
const FORMAT = 'v1';
export const SECRET_KEY_FILE = 'secret.key';

export class SecretKeyError extends Error {}

/** Accepts 32 bytes written as 64 hex characters or as base64. */
export function parseSecretKey(text: string): Buffer {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (bytes.length !== KEY_BYTES) {
    throw new SecretKeyError('MYCRM_SECRET_KEY must be 32 bytes, as base64 or hex (generate one with: openssl rand -base64 32).');
  }
  return bytes;
}

/**
 * The server's secret: MYCRM_SECRET_KEY when set, otherwise `<dataDir>/secret.key`, created once
 * with mode 0600. Instances that share a database must share the secret (set MYCRM_SECRET_KEY).
 */
export function loadSecretKey(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return parseSecretKey(fromEnv);
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process (or an earlier start) made it first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretKey(fs.readFileSync(file, 'utf8'));
}

export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, nonce, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Throws when the value was not made with this key and context (or was tampered with). */
export function decryptSecret(key: Buffer, stored: string, context: string): string {
  const [format, nonce, tag, ciphertext] = stored.split('.');
  if (format !== FORMAT || !nonce || !tag || ciphertext === undefined) throw new SecretKeyError('Not an encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError('The value cannot be decrypted with this key');
  }
}
