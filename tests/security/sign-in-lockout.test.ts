import { upsertUser } from '../../src/server/auth/users.ts';
import { TRIES_PER_ADDRESS_UNDER_ATTACK } from '../../src/server/auth/sign-in-limits.ts';
import { AUTH_MESSAGES } from '../../src/shared/auth/api.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/**
 * Sign-in throttling stops guessing without handing a stranger the power to lock the owner out:
 * failures count per address, per email from one address, and per email from everywhere; the last
 * one slows guessing down to a few tries per address instead of refusing the right password.
 */
const PER_IP = 30;
const PER_EMAIL_IP = 10;
const PER_EMAIL = 40;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: String(PER_IP), LOGIN_MAX_PER_EMAIL_IP: String(PER_EMAIL_IP), LOGIN_MAX_PER_EMAIL: String(PER_EMAIL) });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const statuses = async (count: number, attempt: (n: number) => ReturnType<typeof login>) => {
  const codes: number[] = [];
  for (let n = 0; n < count; n++) codes.push((await attempt(n)).statusCode);
  return codes;
};

describe('an attacker hammering the owner account from one address', () => {
  it('is stopped after its own allowance, while the owner signs in from home', async () => {
    await upsertUser(t.db, 'owner@example.com', TEST_PASSWORD);
    const attack = await statuses(50, (n) => login('owner@example.com', `guess number ${n}`, '203.0.113.66'));
    expect(attack.slice(0, PER_EMAIL_IP)).toEqual(Array(PER_EMAIL_IP).fill(401));
    expect(attack.slice(PER_EMAIL_IP)).toEqual(Array(50 - PER_EMAIL_IP).fill(429));

    const refused = await login('owner@example.com', TEST_PASSWORD, '203.0.113.66');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'rate_limited', message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner mistypes once, then gets it right.
    expect((await login('owner@example.com', 'not my password', '198.51.100.7')).statusCode).toBe(401);
    const owner = await login('owner@example.com', TEST_PASSWORD, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.some((c) => c.name === 'mycrm_session')).toBe(true);
  });
});

describe('guessing spread over many addresses', () => {
  it('slows down to a few tries per address once the email has had too many failures, and the right password still gets in', async () => {
    await upsertUser(t.db, 'target@example.com', TEST_PASSWORD);
    // Botnet: each address stays under its own per-email allowance, together they pass PER_EMAIL.
    const spread = await statuses(PER_EMAIL, (n) => login('target@example.com', `spread guess ${n}`, `192.0.2.${1 + (n % 8)}`));
    expect(spread.every((code) => code === 401)).toBe(true);

    const fresh = await statuses(TRIES_PER_ADDRESS_UNDER_ATTACK + 2, (n) => login('target@example.com', `fresh guess ${n}`, '192.0.2.200'));
    expect(fresh).toEqual([...Array(TRIES_PER_ADDRESS_UNDER_ATTACK).fill(401), 429, 429]);
    const busy = await login('target@example.com', 'one more', '192.0.2.1');
    expect(busy.statusCode).toBe(429);

    const owner = await login('target@example.com', TEST_PASSWORD, '198.51.100.8');
    expect(owner.statusCode).toBe(200);
  });
});

describe('one address trying many accounts', () => {
  it('is refused after its per-address allowance, whatever the emails', async () => {
    const codes = await statuses(PER_IP + 3, (n) => login(`someone${n}@example.com`, 'password guess', '203.0.113.99'));
    expect(codes.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(401));
    expect(codes.slice(PER_IP)).toEqual([429, 429, 429]);
  });

  it('does not count right passwords: colleagues behind one office router keep signing in', async () => {
    await upsertUser(t.db, 'colleague@example.com', TEST_PASSWORD);
    const codes = await statuses(PER_IP + 5, () => login('colleague@example.com', TEST_PASSWORD, '203.0.113.120'));
    expect(codes.every((code) => code === 200)).toBe(true);
  });
});
