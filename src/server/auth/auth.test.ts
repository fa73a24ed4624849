import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_PATHS } from '../../shared/auth/api.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/test-app.ts';
import { sessions, users } from '../db/schema.ts';
import { issueSetupToken } from './setup.ts';
import { HEALTH_PATH } from '../../shared/api.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: '12' });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { email, password }, remoteAddress: ip });

describe('first-run setup', () => {
  it('creates the first admin once, through a one-time link', async () => {
    const token = (await issueSetupToken(t.db))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const check = await t.app.inject({ method: 'POST', url: AUTH_PATHS.setupCheck, payload: { token } });
    expect(check.json()).toEqual({ valid: true });

    const wrongToken = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.setup,
      payload: { token: 'nope', email: 'admin@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
    });
    expect(wrongToken.statusCode).toBe(403);

    const short = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.setup,
      payload: { token, email: 'admin@example.com', password: 'short', password_confirmation: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(AUTH_MESSAGES.passwordTooShort);

    const common = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.setup,
      payload: { token, email: 'admin@example.com', password: 'PasswordPassword', password_confirmation: 'PasswordPassword' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(AUTH_MESSAGES.passwordTooCommon);

    const mismatch = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.setup,
      payload: { token, email: 'admin@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD + 'x' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.password_confirmation).toBe(AUTH_MESSAGES.passwordsDiffer);

    const created = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.setup,
      payload: { token, email: 'Admin@Example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user.email).toBe('admin@example.com');

    const again = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.setup,
      payload: { token, email: 'second@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(AUTH_MESSAGES.setupLinkInvalid);
    expect((await t.app.inject({ method: 'POST', url: AUTH_PATHS.setupCheck, payload: { token } })).json()).toEqual({ valid: false });
    expect(await issueSetupToken(t.db)).toBeUndefined();
  });
});

describe('sign-in and sessions', () => {
  it('signs in with a hashed password and an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login('admin@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('admin@example.com');
    const cookie = res.cookies.find((c) => c.name === 'mycrm_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy(); // Secure only in production

    const [user] = await t.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    const stored = await t.db.select().from(sessions);
    expect(stored.some((s) => s.token_hash === cookie.value)).toBe(false); // stored hashed

    const me = await t.as(`mycrm_session=${cookie.value}`, { method: 'GET', url: AUTH_PATHS.session });
    expect(me.json().user.email).toBe('admin@example.com');

    const out = await t.as(`mycrm_session=${cookie.value}`, { method: 'POST', url: AUTH_PATHS.logout });
    expect(out.statusCode).toBe(204);
    const after = await t.as(`mycrm_session=${cookie.value}`, { method: 'GET', url: AUTH_PATHS.session });
    expect(after.statusCode).toBe(401);
  });

  it('answers "Invalid email or password" for a wrong password and for an unknown email alike', async () => {
    for (const res of [await login('admin@example.com', 'wrong password!'), await login('nobody@example.com', TEST_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid email or password');
    }
  });

  it('requires email and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired });
  });

  it('limits attempts per address, across many emails', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) codes.push((await login(`user${i}@example.com`, 'guess', '10.2.0.1')).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(12);
    expect(codes.slice(12)).toEqual([429, 429]);
  });
});

describe('request hygiene', () => {
  it('refuses a state-changing staff request from a foreign origin', async () => {
    const cookie = await t.signIn('csrf@example.com');
    const res = await t.as(cookie, { method: 'POST', url: AUTH_PATHS.logout, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden_origin');
    const still = await t.as(cookie, { method: 'GET', url: AUTH_PATHS.session });
    expect(still.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.app.inject({ method: 'POST', url: AUTH_PATHS.login, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_json');
    const big = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });

  it('answers wrong types with 400 and per-field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { email: 42, password: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'password']);
  });

  it('sends security headers on every response', async () => {
    for (const url of [HEALTH_PATH, '/', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});
