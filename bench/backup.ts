/**
 * Backup and restore of a full installation: 100,000 contacts (plus events, tags, a page, users) and
 * 1,000 images (random bytes, as incompressible as camera JPEGs) on the embedded database. Prints,
 * side by side: the backup's time and size against the raw data (rows as JSON plus image bytes) and
 * the database folder on disk, throughput in MB/s of raw data, the process's peak memory while each
 * ran (streaming: it must not grow with the data), and the restore into a new embedded database and,
 * with BENCH_DATABASE_URL, into PostgreSQL (the move). Each restore is checked table by table.
 *
 *   npx tsx bench/backup.ts                                          # 100,000 contacts, 1,000 images
 *   BENCH_BACKUP_CONTACTS=20000 BENCH_BACKUP_IMAGES=200 npx tsx bench/backup.ts
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/backup.ts          # also restore into PostgreSQL
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../src/server/backup/database-shape.ts';
import { openArchive } from '../src/server/backup/read-backup.ts';
import { restoreArchive } from '../src/server/backup/restore.ts';
import { seedBackupData, tableFingerprints } from '../src/server/backup/test-helpers.ts';
import { writeBackup } from '../src/server/backup/write-backup.ts';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { openImageStorage } from '../src/server/images/service.ts';

const CONTACTS = Number(process.env.BENCH_BACKUP_CONTACTS ?? 100_000);
const IMAGES = Number(process.env.BENCH_BACKUP_IMAGES ?? 1_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-bench-backup-'));
const secret = randomBytes(32);
const key = { kind: 'instance-secret' as const, secret };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const folderBytes = (dir: string): number =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).reduce((sum, e) => (e.isFile() ? sum + fs.statSync(path.join(e.parentPath, e.name)).size : sum), 0);

/** Runs `work`, sampling the process's resident memory: its time and the most it grew by. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakGrowth: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakGrowth: Math.max(0, peak - base) };
  } finally {
    clearInterval(sampler);
  }
}

/** Seeding is not what is measured: the secondary indexes are built once after it instead of row by row. */
async function withIndexesBuiltAfter(database: Database, seed: () => Promise<void>): Promise<void> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    database.db,
    sql`select ic.relname as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
        join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
        where n.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const index of indexes) await database.db.execute(sql.raw(`drop index "${index.name}"`));
  await seed();
  for (const index of indexes) await database.db.execute(sql.raw(index.definition));
}

async function emptyPostgres(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `mycrm_bench_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { migrate: false, poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function main() {
  console.log(`Backup and restore: ${CONTACTS.toLocaleString('en-US')} contacts, ${IMAGES.toLocaleString('en-US')} images, embedded database on disk`);
  const sourceDir = path.join(work, 'source');
  const uploads = path.join(sourceDir, 'uploads');
  const source = await openPglite({ dataDir: path.join(sourceDir, 'db') });
  let ok = true;
  try {
    const seeded = await measured(() => withIndexesBuiltAfter(source, () => seedBackupData(source.db, { contacts: CONTACTS, images: IMAGES, uploadsDir: uploads })));
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s; database folder ${mb(folderBytes(path.join(sourceDir, 'db')))}, images ${mb(folderBytes(uploads))}`);
    const expected = await tableFingerprints(source.db);

    const file = path.join(work, 'bench.mycrm-backup');
    const backup = await measured(() => writeBackup({ database: source, key, instanceSecret: secret, images: { kind: 'local', dir: uploads } }, file));
    const s = backup.result;
    const rows = Object.values(s.tables).reduce((a, b) => a + b, 0);
    console.log('\n                         time      raw data   archive    ratio   raw MB/s   peak memory growth');
    console.log(
      `  backup (PGlite)      ${backup.seconds.toFixed(1).padStart(6)} s  ${mb(s.raw_bytes).padStart(10)}  ${mb(s.bytes).padStart(9)}  ${((s.bytes / s.raw_bytes) * 100).toFixed(0).padStart(5)} %  ${(s.raw_bytes / 1024 / 1024 / backup.seconds).toFixed(1).padStart(8)}   ${mb(backup.peakGrowth)}`,
    );
    console.log(`    (${rows.toLocaleString('en-US')} rows in ${Object.keys(s.tables).length} tables, rows as JSON ${mb(s.raw_bytes - s.file_bytes)}, images ${mb(s.file_bytes)})`);

    const restoreInto = async (label: string, database: Database, imagesDir: string) => {
      const restored = await measured(async () => restoreArchive(await openArchive(file, key), { database, images: openImageStorage({ kind: 'local', dir: imagesDir }) }));
      const got = await tableFingerprints(database.db);
      const same = Object.keys(expected).every((t) => JSON.stringify(got[t]) === JSON.stringify(expected[t])) && folderBytes(imagesDir) === s.file_bytes;
      ok &&= same;
      console.log(
        `  ${label.padEnd(19)} ${restored.seconds.toFixed(1).padStart(6)} s  ${mb(s.raw_bytes).padStart(10)}  ${mb(s.bytes).padStart(9)}           ${(s.raw_bytes / 1024 / 1024 / restored.seconds).toFixed(1).padStart(8)}   ${mb(restored.peakGrowth)}   ${same ? 'every table and image equal' : 'DIFFERS'}`,
      );
    };

    const targetDir = path.join(work, 'restored');
    const target = await openPglite({ dataDir: path.join(targetDir, 'db'), migrate: false });
    try {
      await restoreInto('restore → PGlite', target, path.join(targetDir, 'uploads'));
    } finally {
      await target.close();
    }
    if (process.env.BENCH_DATABASE_URL) {
      const { database, drop } = await emptyPostgres(process.env.BENCH_DATABASE_URL);
      try {
        await restoreInto('restore → PostgreSQL', database, path.join(work, 'restored-pg-uploads'));
      } finally {
        await drop();
      }
    } else {
      console.log('  restore → PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it too)');
    }
  } finally {
    await source.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n  result: ${ok ? 'PASS' : 'FAIL'}`);
  process.exitCode = ok ? 0 : 1;
}

await main();
