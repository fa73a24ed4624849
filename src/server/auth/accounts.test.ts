import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_PATHS } from '../../shared/auth/api.ts';
import { USER_MESSAGES, USER_PATHS } from '../../shared/users/api.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/test-app.ts';
import { sessions, userInvites, users } from '../db/schema.ts';
import { findUserByEmail, upsertUser } from './users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { email, password } });
const sessionOf = (cookie: string) => t.as(cookie, { method: 'GET', url: AUTH_PATHS.session });
const invite = (cookie: string, email: string) => t.as(cookie, { method: 'POST', url: USER_PATHS.invites, payload: { email } });
const accept = (token: string, password = 'a fresh staff passphrase', confirmation = password) =>
  t.app.inject({ method: 'POST', url: USER_PATHS.acceptInvite, payload: { token, password, password_confirmation: confirmation } });
const check = async (token: string) => (await t.app.inject({ method: 'POST', url: USER_PATHS.checkInvite, payload: { token } })).json();

describe('session lifetime', () => {
  it('slides 14 days with use, but never past 30 days after sign-in', async () => {
    const cookie = await t.signIn('lifetime@example.com');
    const [session] = await t.db.select().from(sessions).innerJoin(users, eq(users.id, sessions.user_id)).where(eq(users.email, 'lifetime@example.com'));
    const id = session!.sessions.id;

    // Signed in 10 days ago, last renewed 5 days ago: use renews it to 14 days from now.
    await t.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 10 * DAY_MS), expires_at: new Date(Date.now() + 9 * DAY_MS) })
      .where(eq(sessions.id, id));
    const renewed = await sessionOf(cookie);
    expect(renewed.statusCode).toBe(200);
    const renewedUntil = renewed.cookies.find((c) => c.name === 'mycrm_session')!.expires!.getTime();
    expect(Math.abs(renewedUntil - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);

    // Signed in 29 days ago: the renewal stops at day 30, not 14 days from now.
    const createdAt = new Date(Date.now() - 29 * DAY_MS);
    await t.db.update(sessions).set({ created_at: createdAt, expires_at: new Date(Date.now() + 2 * 60 * 60 * 1000) }).where(eq(sessions.id, id));
    const capped = await sessionOf(cookie);
    expect(capped.statusCode).toBe(200);
    const cappedUntil = capped.cookies.find((c) => c.name === 'mycrm_session')!.expires!.getTime();
    expect(Math.abs(cappedUntil - (createdAt.getTime() + 30 * DAY_MS))).toBeLessThan(1000); // a cookie's expiry has whole seconds
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(stored!.expires_at.getTime()).toBe(createdAt.getTime() + 30 * DAY_MS);

    // Used every day, it still ends 30 days after sign-in, even with an expiry that says otherwise.
    await t.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 30 * DAY_MS - 60_000), expires_at: new Date(Date.now() + 10 * DAY_MS) })
      .where(eq(sessions.id, id));
    expect((await sessionOf(cookie)).statusCode).toBe(401);
  });

  it('ends after 14 days without use', async () => {
    const cookie = await t.signIn('idle@example.com');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'idle@example.com'));
    await t.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 15 * DAY_MS), expires_at: new Date(Date.now() - 60_000) })
      .where(eq(sessions.user_id, user!.id));
    expect((await sessionOf(cookie)).statusCode).toBe(401);
  });
});

describe('session cookie name', () => {
  it('is __Host-mycrm_session in production: Secure, Path=/, no Domain', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      await upsertUser(prod.db, 'prod@example.com', TEST_PASSWORD);
      const res = await prod.app.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { email: 'prod@example.com', password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.map((c) => c.name)).toEqual(['__Host-mycrm_session']);
      const [cookie] = res.cookies;
      expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(cookie!.domain).toBeUndefined();

      const me = await prod.app.inject({ method: 'GET', url: AUTH_PATHS.session, headers: { cookie: `__Host-mycrm_session=${cookie!.value}` } });
      expect(me.json().user.email).toBe('prod@example.com');
      // The unprefixed name, which a subdomain or a plain-HTTP page could set, is not read in production.
      const plain = await prod.app.inject({ method: 'GET', url: AUTH_PATHS.session, headers: { cookie: `mycrm_session=${cookie!.value}` } });
      expect(plain.statusCode).toBe(401);

      const out = await prod.app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: { cookie: `__Host-mycrm_session=${cookie!.value}` } });
      expect(out.cookies).toMatchObject([{ name: '__Host-mycrm_session', value: '', path: '/', secure: true }]);
    } finally {
      await prod.close();
    }
  });

  it('is the plain mycrm_session in development and tests', async () => {
    await upsertUser(t.db, 'plain@example.com', TEST_PASSWORD);
    const res = await login('plain@example.com', TEST_PASSWORD);
    expect(res.cookies.map((c) => c.name)).toEqual(['mycrm_session']);
    expect(res.cookies[0]!.secure).toBeFalsy();
  });
});

describe('change password', () => {
  it('needs the current password, applies the policy, and signs out every other session', async () => {
    const email = 'changer@example.com';
    const here = await t.signIn(email);
    const laptop = await t.signIn(email);
    const phone = await t.signIn(email);
    const change = (payload: Record<string, string>) => t.as(here, { method: 'POST', url: USER_PATHS.changePassword, payload });

    const wrong = await change({ current_password: 'not my password', password: 'a new long passphrase', password_confirmation: 'a new long passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ current_password: USER_MESSAGES.currentPasswordWrong });

    const missing = await change({ current_password: '', password: 'a new long passphrase', password_confirmation: 'a new long passphrase' });
    expect(missing.json().error.fields.current_password).toBe(USER_MESSAGES.currentPasswordRequired);

    const common = await change({ current_password: TEST_PASSWORD, password: 'passwordpassword', password_confirmation: 'passwordpassword' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(AUTH_MESSAGES.passwordTooCommon);

    const short = await change({ current_password: TEST_PASSWORD, password: 'too short', password_confirmation: 'too short' });
    expect(short.json().error.fields.password).toBe(AUTH_MESSAGES.passwordTooShort);

    const differ = await change({ current_password: TEST_PASSWORD, password: 'a new long passphrase', password_confirmation: 'a new long passphrasf' });
    expect(differ.json().error.fields.password_confirmation).toBe(AUTH_MESSAGES.passwordsDiffer);

    // Nothing changed so far: every session still works.
    for (const cookie of [here, laptop, phone]) expect((await sessionOf(cookie)).statusCode).toBe(200);

    const done = await change({ current_password: TEST_PASSWORD, password: 'a new long passphrase', password_confirmation: 'a new long passphrase' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ signed_out_sessions: 2 });
    expect((await sessionOf(here)).statusCode).toBe(200);
    expect((await sessionOf(laptop)).statusCode).toBe(401);
    expect((await sessionOf(phone)).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'a new long passphrase')).statusCode).toBe(200);
  });

  it('limits wrong current passwords, so a borrowed session cannot guess it', async () => {
    const limited = await createTestApp({ LOGIN_MAX_PER_EMAIL_IP: '3' });
    try {
      const cookie = await limited.signIn('guessed@example.com');
      const attempt = (current: string) =>
        limited.as(cookie, {
          method: 'POST',
          url: USER_PATHS.changePassword,
          payload: { current_password: current, password: 'a new long passphrase', password_confirmation: 'a new long passphrase' },
        });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await attempt(`guess ${i}`)).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
      const blocked = await attempt(TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.message).toBe(USER_MESSAGES.tooManyPasswordAttempts);
    } finally {
      await limited.close();
    }
  });
});

describe('staff users', () => {
  it('lists every user with created and last-active times', async () => {
    const cookie = await t.signIn('lister@example.com');
    await upsertUser(t.db, 'never-signed-in@example.com', TEST_PASSWORD);
    const res = await t.as(cookie, { method: 'GET', url: USER_PATHS.users });
    expect(res.statusCode).toBe(200);
    const list: Array<{ id: string; email: string; created_at: string; last_active_at: string | null }> = res.json().users;
    const me = list.find((u) => u.email === 'lister@example.com')!;
    expect(Math.abs(Date.parse(me.last_active_at!) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(me.created_at) - Date.now())).toBeLessThan(60_000);
    expect(list.find((u) => u.email === 'never-signed-in@example.com')).toMatchObject({ last_active_at: null });
    expect(Object.keys(me).sort()).toEqual(['created_at', 'email', 'id', 'last_active_at']);
  });
});

describe('invites', () => {
  it('creates a one-time link that signs the new user in with the password they choose', async () => {
    const owner = await t.signIn('inviter@example.com');
    const res = await invite(owner, '  New.Colleague@Example.com ');
    expect(res.statusCode).toBe(201);
    const { email, expires_at, token } = res.json().invite;
    expect(email).toBe('new.colleague@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Math.abs(Date.parse(expires_at) - (Date.now() + 72 * 60 * 60 * 1000))).toBeLessThan(60_000);
    const stored = await t.db.select().from(userInvites).where(eq(userInvites.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token); // only the hash is kept

    expect(await check(token)).toEqual({ state: 'valid', email: 'new.colleague@example.com' });

    const common = await accept(token, 'passwordpassword');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(AUTH_MESSAGES.passwordTooCommon);
    const differ = await accept(token, 'a fresh staff passphrase', 'another passphrase');
    expect(differ.json().error.fields.password_confirmation).toBe(AUTH_MESSAGES.passwordsDiffer);

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().user.email).toBe('new.colleague@example.com');
    const cookie = accepted.cookies.find((c) => c.name === 'mycrm_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect((await sessionOf(`mycrm_session=${cookie.value}`)).json().user.email).toBe('new.colleague@example.com');
    expect((await login('new.colleague@example.com', 'a fresh staff passphrase')).statusCode).toBe(200);

    // Single use: the link now says so, and a second acceptance creates nothing.
    expect(await check(token)).toEqual({ state: 'used' });
    const again = await accept(token, 'someone elses passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(USER_MESSAGES.inviteUsed);
    expect((await login('new.colleague@example.com', 'someone elses passphrase')).statusCode).toBe(401);
  });

  it('says when a link has expired (72 hours) or never existed', async () => {
    const owner = await t.signIn('inviter@example.com');
    const { token } = (await invite(owner, 'late@example.com')).json().invite;
    await t.db
      .update(userInvites)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(userInvites.email, 'late@example.com'));
    expect(await check(token)).toEqual({ state: 'expired' });
    const late = await accept(token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(USER_MESSAGES.inviteExpired);
    expect(await findUserByEmail(t.db, 'late@example.com')).toBeUndefined();

    expect(await check('made-up-token')).toEqual({ state: 'invalid' });
    const unknown = await accept('made-up-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(USER_MESSAGES.inviteInvalid);
  });

  it('replaces an unused link when the same address is invited again', async () => {
    const owner = await t.signIn('inviter@example.com');
    const first = (await invite(owner, 'twice@example.com')).json().invite.token;
    const second = (await invite(owner, 'twice@example.com')).json().invite.token;
    expect(await check(first)).toEqual({ state: 'invalid' });
    expect(await check(second)).toMatchObject({ state: 'valid' });
  });

  it('refuses to invite an address that already has an account, on the email field', async () => {
    const owner = await t.signIn('inviter@example.com');
    const res = await invite(owner, 'Inviter@Example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ email: USER_MESSAGES.emailTaken });
    const invalid = await invite(owner, 'not an email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.email).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it('signs out whoever was signed in in the browser that accepts the link', async () => {
    const owner = await t.signIn('inviter@example.com');
    const { token } = (await invite(owner, 'shared-laptop@example.com')).json().invite;
    const previous = await t.signIn('previous@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: USER_PATHS.acceptInvite,
      headers: { cookie: previous },
      payload: { token, password: 'a fresh staff passphrase', password_confirmation: 'a fresh staff passphrase' },
    });
    expect(res.statusCode).toBe(201);
    expect((await sessionOf(previous)).statusCode).toBe(401);
    const cookie = res.cookies.find((c) => c.name === 'mycrm_session')!;
    expect((await sessionOf(`mycrm_session=${cookie.value}`)).json().user.email).toBe('shared-laptop@example.com');
  });

  it('does not create the account if the address got one after the invite', async () => {
    const owner = await t.signIn('inviter@example.com');
    const { token } = (await invite(owner, 'meanwhile@example.com')).json().invite;
    await upsertUser(t.db, 'meanwhile@example.com', TEST_PASSWORD);
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(USER_MESSAGES.inviteEmailTaken);
    expect((await login('meanwhile@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('removing a user', () => {
  it('ends their sessions at once', async () => {
    const owner = await t.signIn('remover@example.com');
    const colleague = await t.signIn('leaving@example.com');
    expect((await sessionOf(colleague)).statusCode).toBe(200);
    const { id } = (await findUserByEmail(t.db, 'leaving@example.com'))!;

    const res = await t.as(owner, { method: 'DELETE', url: USER_PATHS.user.path({ id }) });
    expect(res.statusCode).toBe(204);
    expect((await sessionOf(colleague)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
    expect((await login('leaving@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await sessionOf(owner)).statusCode).toBe(200);

    const gone = await t.as(owner, { method: 'DELETE', url: USER_PATHS.user.path({ id }) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(USER_MESSAGES.userNotFound);
    expect((await t.as(owner, { method: 'DELETE', url: USER_PATHS.user.path({ id: 'not-a-uuid' }) })).statusCode).toBe(400);
  });

  it('never removes the last user', async () => {
    const solo = await createTestApp();
    try {
      const cookie = await solo.signIn('only@example.com');
      const { id } = (await findUserByEmail(solo.db, 'only@example.com'))!;
      const res = await solo.as(cookie, { method: 'DELETE', url: USER_PATHS.user.path({ id }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(USER_MESSAGES.lastUser);
      expect((await solo.as(cookie, { method: 'GET', url: AUTH_PATHS.session })).statusCode).toBe(200);

      // With a second user, removing yourself is allowed and signs this browser out.
      await upsertUser(solo.db, 'second@example.com', TEST_PASSWORD);
      const self = await solo.as(cookie, { method: 'DELETE', url: USER_PATHS.user.path({ id }) });
      expect(self.statusCode).toBe(204);
      expect(self.cookies).toMatchObject([{ name: 'mycrm_session', value: '' }]);
      expect((await solo.as(cookie, { method: 'GET', url: AUTH_PATHS.session })).statusCode).toBe(401);

      const last = (await findUserByEmail(solo.db, 'second@example.com'))!;
      const lastCookie = await solo.signIn('second@example.com');
      expect((await solo.as(lastCookie, { method: 'DELETE', url: USER_PATHS.user.path({ id: last.id }) })).statusCode).toBe(409);
    } finally {
      await solo.close();
    }
  });
});
