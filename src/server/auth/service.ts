import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';

/*
 * What other features may ask about staff users. Users have no name but their email, which is how
 * the app names someone (the last to save a landing page, the author of a version).
 */

/** The email of each of these users that still exists. */
export async function userEmails(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.email]));
}
