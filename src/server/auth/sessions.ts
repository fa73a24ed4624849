import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from './schema.ts';
import { hashToken, newToken } from './tokens.ts';
import { toSessionUser } from './users.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A session ends after 14 days without use… */
const SESSION_IDLE_MS = 14 * DAY_MS;
/** …and 30 days after sign-in at the latest, however much it is used. */
const SESSION_MAX_MS = 30 * DAY_MS;
/** The expiry moves forward at most once a day, so an active user is not sent a new cookie on every request. */
const RENEW_STEP_MS = DAY_MS;
/** A user's last activity is written at most hourly: the users list shows it, a write per request is not worth it. */
const ACTIVITY_STEP_MS = HOUR_MS;

/**
 * The cookie's name. In production it carries the `__Host-` prefix: browsers then accept it only with
 * Secure, Path=/ and no Domain, so neither a subdomain nor a plain-HTTP page can plant or overwrite it.
 * Development and tests run on plain http://localhost, where a Secure cookie would not be kept.
 */
export function sessionCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? '__Host-mycrm_session' : 'mycrm_session';
}

/** Idle expiry from now, capped at the absolute lifetime counted from sign-in. */
function slidingExpiry(createdAt: Date, now = new Date()): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));
}

export async function createSession(db: Db, userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = slidingExpiry(now, now);
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: expiresAt,
    user_agent: userAgent?.slice(0, 300),
  });
  await db.update(users).set({ last_active_at: now }).where(eq(users.id, userId));
  // Sign-ins are rare: a good moment to sweep expired sessions.
  await db.delete(sessions).where(or(lt(sessions.expires_at, now), lt(sessions.created_at, new Date(now.getTime() - SESSION_MAX_MS))));
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  sessionId: string;
  /** Set when the expiry moved, so the cookie is re-sent with it. */
  renewedUntil?: Date;
}

export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | undefined> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.created_at,
      expiresAt: sessions.expires_at,
      id: users.id,
      email: users.email,
      role: users.role,
      lastActiveAt: users.last_active_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        gt(sessions.expires_at, now),
        // Also checked here, not only through expires_at: a session renewed before the cap existed.
        gt(sessions.created_at, new Date(now.getTime() - SESSION_MAX_MS)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const resolved: ResolvedSession = { user: toSessionUser(row), sessionId: row.sessionId };
  const expiry = slidingExpiry(row.createdAt, now);
  const renewDue = row.expiresAt.getTime() - now.getTime() < SESSION_IDLE_MS - RENEW_STEP_MS;
  // Once at the cap, the expiry no longer moves and nothing is written.
  if (renewDue && expiry > row.expiresAt) {
    await db.update(sessions).set({ expires_at: expiry }).where(eq(sessions.id, row.sessionId));
    resolved.renewedUntil = expiry;
  }
  if (!row.lastActiveAt || now.getTime() - row.lastActiveAt.getTime() >= ACTIVITY_STEP_MS) {
    await db.update(users).set({ last_active_at: now }).where(eq(users.id, row.id));
  }
  return resolved;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere except in `keepSessionId` (the browser that asked); returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)) : eq(sessions.user_id, userId))
    .returning({ id: sessions.id });
  return ended.length;
}
