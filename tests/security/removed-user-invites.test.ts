import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/auth/api.ts';
import { USER_MESSAGES, USER_PATHS, type PendingInvite } from '../../src/shared/users/api.ts';
import { createInvite } from '../../src/server/auth/invites.ts';
import { findUserByEmail } from '../../src/server/auth/users.ts';
import { userInvites, users } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDriver } from '../helpers/test-db-config.ts';

/**
 * A removed staff member keeps no way back in: the invites they made and nobody used die with them,
 * however they are removed (Settings, a script, SQL by hand) and even when they invite at the very
 * moment they are removed. Settings lists the pending invites, with who made them and until when,
 * and any of them can be revoked, which ends its link at once.
 */

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@example.com');
});
afterAll(() => t.close());

const PASSPHRASE = 'a fresh staff passphrase';
const invite = (cookie: string, email: string) => t.as(cookie, { method: 'POST', url: USER_PATHS.invites, payload: { email } });
const tokenOf = async (cookie: string, email: string) => {
  const res = await invite(cookie, email);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invite.token as string;
};
const accept = (token: string) =>
  t.app.inject({ method: 'POST', url: USER_PATHS.acceptInvite, payload: { token, password: PASSPHRASE, password_confirmation: PASSPHRASE } });
const check = async (token: string) => (await t.app.inject({ method: 'POST', url: USER_PATHS.checkInvite, payload: { token } })).json();
const pending = async (cookie = owner): Promise<PendingInvite[]> => {
  const res = await t.as(cookie, { method: 'GET', url: USER_PATHS.invites });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invites;
};
const removeUser = (cookie: string, id: string) => t.as(cookie, { method: 'DELETE', url: USER_PATHS.user.path({ id }) });
const userId = async (email: string) => (await findUserByEmail(t.db, email))!.id;

/** The link is as dead as a made-up one, and nothing was created with it. */
async function expectDeadLink(token: string, email: string) {
  expect(await check(token)).toEqual({ state: 'invalid' });
  const res = await accept(token);
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toEqual({ code: 'invite_invalid', message: USER_MESSAGES.inviteInvalid });
  expect(res.cookies).toEqual([]);
  expect(await findUserByEmail(t.db, email)).toBeUndefined();
}

/** The name of the constraint a statement broke (drivers and Drizzle wrap the error differently). */
async function violatedConstraint(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    for (let e = error as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.constraint) return e.constraint;
    throw error;
  }
  return undefined;
}

describe('a removed user’s invites', () => {
  it('stop working when the owner removes the user who made them, and no account is created', async () => {
    const b = await t.signIn('b@example.com');
    const token = await tokenOf(b, 'accomplice@example.com');
    expect(await check(token)).toEqual({ state: 'valid', email: 'accomplice@example.com' });

    expect((await removeUser(owner, await userId('b@example.com'))).statusCode).toBe(204);

    await expectDeadLink(token, 'accomplice@example.com');
    expect(await pending()).toEqual([]);
    expect(await t.db.select().from(userInvites).where(eq(userInvites.email, 'accomplice@example.com'))).toEqual([]);
  });

  it('keeps the ones already used: the colleague they brought in stays, and the link says it was used', async () => {
    const c = await t.signIn('c@example.com');
    const token = await tokenOf(c, 'brought-in@example.com');
    expect((await accept(token)).statusCode).toBe(201);
    expect((await removeUser(owner, await userId('c@example.com'))).statusCode).toBe(204);
    expect(await check(token)).toEqual({ state: 'used' });
    expect(await findUserByEmail(t.db, 'brought-in@example.com')).toBeDefined();
  });

  it('go with the user however the user is removed: a script or SQL by hand', async () => {
    const d = await t.signIn('d@example.com');
    const token = await tokenOf(d, 'by-hand@example.com');
    await t.db.execute(sql`DELETE FROM users WHERE email = 'd@example.com'`);
    await expectDeadLink(token, 'by-hand@example.com');
  });

  it('cannot exist at all: the database refuses an unused invite without its author', async () => {
    const e = await t.signIn('e@example.com');
    await tokenOf(e, 'orphan@example.com');
    const orphan = t.db.update(userInvites).set({ invited_by: null }).where(eq(userInvites.email, 'orphan@example.com'));
    expect(await violatedConstraint(orphan)).toBe('user_invites_unused_have_inviter');
    const made = t.db.insert(userInvites).values({ email: 'made@example.com', token_hash: 'x'.repeat(64), expires_at: new Date(Date.now() + 60_000) });
    expect(await violatedConstraint(made)).toBe('user_invites_unused_have_inviter');
  });

  it('are not made by a request that began before its user was removed', async () => {
    // The request passed the session check; by the time it writes, its user is gone.
    await t.signIn('f@example.com');
    const f = await userId('f@example.com');
    await t.db.delete(users).where(eq(users.id, f));
    await expect(createInvite(t.db, 'late@example.com', f)).rejects.toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.sessionMissing });
    expect(await t.db.select().from(userInvites).where(eq(userInvites.email, 'late@example.com'))).toEqual([]);
  });

  // Only a server with several connections can run the two at the same moment (the embedded one has one).
  it.runIf(testDriver === 'postgres')('are not made by an invite that races the removal of its author', async () => {
    const g = await t.signIn('g@example.com');
    const gId = await userId('g@example.com');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The removal, as removeUser runs it: every user row locked, then the user deleted.
    const removal = t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).for('update');
      await released;
      await tx.delete(users).where(eq(users.id, gId));
    });
    const invited = invite(g, 'racing@example.com');
    // Wait until the invite's request stands waiting for a lock (no clock: the database says so).
    for (let waiting = 0; waiting === 0; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() AND wait_event_type = 'Lock'`);
      waiting = row!.n;
    }
    release();
    await removal;
    const res = await invited;
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.db.select().from(userInvites).where(eq(userInvites.email, 'racing@example.com'))).toEqual([]);
  });
});

describe('pending invites in Settings', () => {
  it('are listed with the address, who invited and until when; used and expired ones are not', async () => {
    const h = await t.signIn('h@example.com');
    const before = Date.now();
    await tokenOf(h, 'listed@example.com');
    await tokenOf(owner, 'also-listed@example.com');
    const used = await tokenOf(owner, 'used@example.com');
    expect((await accept(used)).statusCode).toBe(201);
    await tokenOf(owner, 'expired@example.com');
    await t.db.update(userInvites).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(userInvites.email, 'expired@example.com'));

    const mine = ['listed@example.com', 'also-listed@example.com', 'used@example.com', 'expired@example.com'];
    const list = (await pending(h)).filter((i) => mine.includes(i.email));
    expect(list.map((i) => [i.email, i.invited_by])).toEqual([
      ['also-listed@example.com', 'owner@example.com'],
      ['listed@example.com', 'h@example.com'],
    ]);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'email', 'expires_at', 'id', 'invited_by']);
      expect(Math.abs(Date.parse(item.expires_at) - (Date.parse(item.created_at) + 72 * 60 * 60 * 1000))).toBeLessThan(60_000);
      expect(Date.parse(item.created_at)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('can be revoked, which ends the link at once; a used, revoked or unknown invite cannot', async () => {
    const token = await tokenOf(owner, 'revoked@example.com');
    const [item] = (await pending()).filter((i) => i.email === 'revoked@example.com');
    const revoke = (id: string) => t.as(owner, { method: 'DELETE', url: USER_PATHS.invite.path({ id }) });

    expect((await revoke(item!.id)).statusCode).toBe(204);
    await expectDeadLink(token, 'revoked@example.com');
    expect((await pending()).map((i) => i.email)).not.toContain('revoked@example.com');

    const again = await revoke(item!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(USER_MESSAGES.inviteNotPending);
    expect((await revoke('not-an-id')).statusCode).toBe(404);

    const used = await tokenOf(owner, 'used-then-revoked@example.com');
    const [usedItem] = (await pending()).filter((i) => i.email === 'used-then-revoked@example.com');
    expect((await accept(used)).statusCode).toBe(201);
    expect((await revoke(usedItem!.id)).statusCode).toBe(404);
    expect(await check(used)).toEqual({ state: 'used' });
  });

  it('need a staff session to be listed or revoked', async () => {
    await tokenOf(owner, 'guarded@example.com');
    const [item] = (await pending()).filter((i) => i.email === 'guarded@example.com');
    const list = await t.app.inject({ method: 'GET', url: USER_PATHS.invites });
    expect(list.statusCode).toBe(401);
    expect(list.body).not.toContain('guarded@example.com');
    const revoke = await t.app.inject({ method: 'DELETE', url: USER_PATHS.invite.path({ id: item!.id }), headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(revoke.statusCode).toBe(401);
    expect((await pending()).map((i) => i.email)).toContain('guarded@example.com');
  });
});
