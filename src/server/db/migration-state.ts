import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './client.ts';

let latest: number | undefined;

/** The time stamp drizzle records for the newest committed migration (its journal's last entry). */
export function latestMigrationMillis(): number {
  if (latest === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
    latest = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return latest;
}

/**
 * Whether the database has every migration this build ships: drizzle records each one applied with
 * its journal time stamp, so the newest recorded must be the newest committed. One read of a table
 * with a row per migration.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ newest: string | null }> };
    const newest = result.rows[0]?.newest;
    return newest != null && Number(newest) >= latestMigrationMillis();
  } catch (error) {
    if (isUndefinedTable(error)) return false;
    throw error;
  }
}

/** No migrations table (or schema): nothing was ever migrated here. Drivers wrap the error differently. */
function isUndefinedTable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '42P01' || e.code === '3F000') return true;
  }
  return false;
}
