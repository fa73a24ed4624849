import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/server/db/client.ts';

/**
 * Runs `use` on a fresh database created on the server `url` names (BENCH_DATABASE_URL), migrated by
 * openPostgres, and drops it afterwards.
 */
export async function withBenchPostgres<T>(url: string, use: (database: Database) => Promise<T>): Promise<T> {
  const name = `mycrm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const database = await openPostgres(target.toString());
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  } finally {
    await dropWhenClosed(admin, name);
    await admin.end();
  }
}

/** The pool's clients close a moment after close() resolves; FORCE would kill them mid-goodbye. */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
