import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import { testDatabaseUrl, testDriver, withDatabase } from './test-db-config.ts';

/** A fresh, migrated database of the driver under test, removed again by `close()`. */
export async function openTestDatabase(): Promise<Database> {
  if (testDriver === 'postgres') return openPostgresCopy();
  const dump = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return openPglite({ loadDataDir: dump, migrate: false });
}

const openPostgresCopy = () => openScratchPostgres({ template: inject('postgresTemplate') });

/**
 * A new PostgreSQL database on the test server, dropped again by `close()`: a copy of `template`, or
 * empty; migrated at open unless `migrate` is false.
 */
export async function openScratchPostgres({ template, migrate, poolSize }: { template?: string; migrate?: boolean; poolSize?: number } = {}): Promise<Database> {
  const name = `mycrm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const database = await openPostgres(withDatabase(testDatabaseUrl(), name), { migrate: migrate ?? true, poolSize });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
