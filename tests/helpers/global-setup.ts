import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import { testDatabaseUrl, testDriver, withDatabase } from './test-db-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then starts from a copy of it
 * (a PGlite dump loads in ~0.4 s where a fresh initdb takes ~3 s; PostgreSQL copies a template).
 */
export default async function setup(project: TestProject) {
  if (testDriver === 'postgres') {
    // One template per run, so two runs on one server never disturb each other.
    const name = `mycrm_template_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const template = await openPostgres(withDatabase(testDatabaseUrl(), name));
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-test-'));
  const file = path.join(dir, 'template.tar');
  const database = await openPglite();
  const dump = await database.dumpDataDir();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
