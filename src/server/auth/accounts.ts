import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth/api.ts';
import { USER_MESSAGES, type ChangePasswordInput, type StaffUser } from '../../shared/users/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';
import { isUuid } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeOtherSessions } from './sessions.ts';
import { clearHits, countHit } from '../http/rate-limit.ts';

/** Staff accounts as the settings screen lists them, oldest first (the first admin on top). */
export async function listUsers(db: Db): Promise<StaffUser[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, created_at: users.created_at, last_active_at: users.last_active_at })
    .from(users)
    .orderBy(asc(users.created_at), asc(users.email));
  return rows.map((u) => ({
    ...u,
    created_at: u.created_at.toISOString(),
    last_active_at: u.last_active_at?.toISOString() ?? null,
  }));
}

/**
 * Sets a new password once the current one is proven, and signs the user out of every other session:
 * whoever may have learnt the old password loses access with it. Wrong current passwords are
 * throttled per user like sign-in, so a borrowed session cannot be used to guess the password.
 */
export async function changePassword(
  db: Db,
  config: Config,
  user: SessionUser,
  currentSessionId: string | null,
  input: ChangePasswordInput,
): Promise<{ signed_out_sessions: number }> {
  const throttleKey = `password-change:user:${user.id}`;
  if ((await countHit(db, throttleKey, config.login.maxPerEmailIp, config.login.windowMs)).over) {
    throw new AppError(429, 'rate_limited', USER_MESSAGES.tooManyPasswordAttempts);
  }
  const [stored] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, user.id));
  if (!stored) throw notFound(USER_MESSAGES.userNotFound);
  if (!(await verifyPassword(stored.password_hash, input.current_password))) {
    throw new AppError(400, 'wrong_password', USER_MESSAGES.currentPasswordWrong, { current_password: USER_MESSAGES.currentPasswordWrong });
  }
  await clearHits(db, throttleKey);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: new Date() }).where(eq(users.id, user.id));
    return { signed_out_sessions: await revokeOtherSessions(tx, user.id, currentSessionId) };
  });
}

/**
 * Removes a staff user; their sessions go with them (the foreign key cascades), so their next request
 * is signed out, and so do the invites they made that are not used yet (a trigger on users, in the
 * same statement), so no link of theirs lets anyone back in. The last user is never removed: nobody
 * could sign in any more.
 */
export async function removeUser(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(USER_MESSAGES.userNotFound);
  await db.transaction(async (tx) => {
    // Lock every user row: of two removals racing for the last two users, the second sees one left.
    const all = await tx.select({ id: users.id }).from(users).for('update');
    if (!all.some((u) => u.id === id)) throw notFound(USER_MESSAGES.userNotFound);
    if (all.length <= 1) throw new AppError(409, 'last_user', USER_MESSAGES.lastUser);
    await tx.delete(users).where(eq(users.id, id));
  });
}
