import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import { TEMPLATE_DB, testDatabaseUrl, testDriver, withDatabase } from './test-db-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then starts from a copy of it
 * (a PGlite dump loads in ~0.4 s where a fresh initdb takes ~3 s; PostgreSQL copies a template).
 */
export default async function setup(project: TestProject) {
  if (testDriver === 'postgres') {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openPostgres(withDatabase(testDatabaseUrl(), TEMPLATE_DB));
    await template.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-test-'));
  const file = path.join(dir, 'template.tar');
  const database = await openPglite();
  const dump = await database.client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
