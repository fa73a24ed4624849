import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import { testDatabaseUrl, testDriver } from '../../../tests/helpers/test-db-config.ts';

// PostgreSQL's own behaviour: the embedded database has no server to end a connection.
describe.runIf(testDriver === 'postgres')('a pooled PostgreSQL connection the server ends while idle', () => {
  it('is dropped without ending the process, and the next query gets another', async () => {
    const database = await openTestDatabase();
    try {
      const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0]!.name]);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      // The pool hears of it a moment later.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> };
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
