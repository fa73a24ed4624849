import { describe, expect, it } from 'vitest';
import { signatureHeader, signPayload, verifySignature } from './signature.ts';

const SECRET = 'whsec_current_0123456789abcdef';
const OLD_SECRET = 'whsec_previous_fedcba9876543210';
const NOW = new Date('2026-11-27T03:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const BODY = Buffer.from(JSON.stringify({ delivery_id: 1, events: [{ id: 'e1', type: 'subscriber.unsubscribed' }] }));

const check = (header: string | undefined, body: Buffer = BODY, secret = SECRET, now = NOW) => verifySignature({ header, rawBody: body, secret, now });

describe('Kit webhook signatures', () => {
  it('accepts a delivery signed with the endpoint secret over "{t}.{raw body}"', () => {
    expect(check(signatureHeader([SECRET], T, BODY))).toEqual({ ok: true });
    // The exact construction: HMAC-SHA256, hex, of the timestamp, a dot and the bytes.
    expect(check(`t=${T},v1=${signPayload(SECRET, T, BODY)}`)).toEqual({ ok: true });
  });

  it('refuses a tampered body, even by one byte or re-serialised with the same meaning', () => {
    const header = signatureHeader([SECRET], T, BODY);
    const tampered = Buffer.from(BODY.toString().replace('unsubscribed', 'activated'));
    expect(check(header, tampered)).toEqual({ ok: false, reason: 'mismatch' });
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(BODY.toString()), null, 1));
    expect(check(header, reformatted)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a signature made with another secret', () => {
    expect(check(signatureHeader(['whsec_someone_else'], T, BODY))).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a timestamp more than 5 minutes old or ahead, however well signed', () => {
    expect(check(signatureHeader([SECRET], T - 301, BODY))).toEqual({ ok: false, reason: 'expired' });
    expect(check(signatureHeader([SECRET], T + 301, BODY))).toEqual({ ok: false, reason: 'expired' });
    expect(check(signatureHeader([SECRET], T - 300, BODY))).toEqual({ ok: true });
  });

  it('refuses a missing or malformed header', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(check('')).toEqual({ ok: false, reason: 'missing' });
    const v1 = signPayload(SECRET, T, BODY);
    for (const header of [`v1=${v1}`, `t=${T}`, `t=${T},v1=${v1.slice(2)}`, `t=abc,v1=${v1}`, `t=${T},v1=${'z'.repeat(64)}`, `t=${T};v1=${v1}`, `t=${T},t=${T},v1=${v1}`, 'garbage']) {
      expect(check(header), header).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('accepts either of two v1 entries while a secret is rotated, and neither matching is refused', () => {
    const rotated = signatureHeader([OLD_SECRET, SECRET], T, BODY);
    expect(check(rotated, BODY, SECRET)).toEqual({ ok: true });
    expect(check(rotated, BODY, OLD_SECRET)).toEqual({ ok: true });
    expect(check(rotated, BODY, 'whsec_neither')).toEqual({ ok: false, reason: 'mismatch' });
  });
});
