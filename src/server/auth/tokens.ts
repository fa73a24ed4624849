import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: cookie values and one-time links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed; a plain SHA-256 suffices for 256-bit random values. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
