import { and, eq, gt, lt } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';
import { toSessionUser } from './users.ts';

export const SESSION_COOKIE = 'mycrm_session';
const SESSION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session in use is extended once it has less than this left, so active users stay signed in. */
const RENEW_WHEN_LEFT_MS = (SESSION_DAYS - 1) * DAY_MS;

export const sessionLifetimeMs = SESSION_DAYS * DAY_MS;

export async function createSession(db: Db, userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    user_agent: userAgent?.slice(0, 300),
  });
  // Sign-ins are rare: a good moment to sweep expired sessions.
  await db.delete(sessions).where(lt(sessions.expires_at, new Date()));
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  sessionId: string;
  /** Set when the expiry moved, so the cookie is re-sent with it. */
  renewedUntil?: Date;
}

export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expires_at, id: users.id, email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, new Date())))
    .limit(1);
  if (!row) return undefined;
  const resolved: ResolvedSession = { user: toSessionUser(row), sessionId: row.sessionId };
  if (row.expiresAt.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    const renewedUntil = new Date(Date.now() + sessionLifetimeMs);
    await db.update(sessions).set({ expires_at: renewedUntil }).where(eq(sessions.id, row.sessionId));
    resolved.renewedUntil = renewedUntil;
  }
  return resolved;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
