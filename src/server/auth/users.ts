import { count, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth/api.ts';
import { normalizeEmail } from '../../shared/contacts.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from './schema.ts';
import { hashPassword } from './passwords.ts';

export const toSessionUser = (u: { id: string; email: string; role: string }): SessionUser => ({
  id: u.id,
  email: u.email,
  role: u.role,
});

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return user;
}

/**
 * Creates a user, or sets a new password for an existing one (and signs them out everywhere,
 * since a reset usually means the old password is compromised or forgotten).
 */
export async function upsertUser(db: Db, email: string, password: string): Promise<{ user: SessionUser; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ password_hash: passwordHash, updated_at: new Date() }).where(eq(users.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.user_id, existing.id));
    });
    return { user: toSessionUser(existing), created: false };
  }
  const [user] = await db.insert(users).values({ email: normalizeEmail(email), password_hash: passwordHash }).returning();
  return { user: toSessionUser(user!), created: true };
}
