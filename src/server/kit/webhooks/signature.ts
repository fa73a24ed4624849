import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Kit signs each webhook delivery: `X-Kit-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where
 * each v1 is HMAC-SHA256 of `"{t}.{raw body}"` keyed with one of the endpoint's secrets (two while a
 * secret is being rotated). The check runs on the exact bytes received, compares in constant time,
 * and refuses a timestamp more than 5 minutes away from now (a replayed delivery).
 */

export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

interface ParsedSignature {
  timestamp: number;
  /** The signatures as bytes (32 each). */
  signatures: Buffer[];
}

/** At most this many v1 entries are looked at: a rotation has two; more is noise from a caller. */
const MAX_SIGNATURES = 5;

export function parseSignatureHeader(header: string): ParsedSignature | null {
  if (header.length > 1024) return null;
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return null;
      if (signatures.length < MAX_SIGNATURES) signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (a future v2) are skipped, as Kit's own libraries do.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

export function signPayload(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header Kit would send for this body, signed with each secret (tests and the fake Kit). */
export function signatureHeader(secrets: readonly string[], timestamp: number, rawBody: Buffer | string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, rawBody)}`)].join(',');
}

/**
 * Checks a delivery against the endpoint's secret. Every v1 entry is compared (no early exit on the
 * first that matches), so the time taken does not tell which one did.
 */
export function verifySignature(input: { header: string | undefined; rawBody: Buffer; secret: string; now?: Date }): SignatureCheck {
  if (input.header === undefined || input.header === '') return { ok: false, reason: 'missing' };
  const parsed = parseSignatureHeader(input.header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(signPayload(input.secret, parsed.timestamp, input.rawBody), 'hex');
  let matched = false;
  for (const signature of parsed.signatures) {
    // Both are 32 bytes (the header's hex was checked for length), as timingSafeEqual requires.
    if (timingSafeEqual(signature, expected)) matched = true;
  }
  return matched ? { ok: true } : { ok: false, reason: 'mismatch' };
}
