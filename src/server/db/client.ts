import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPgliteEngine, type PgliteEngine } from './pglite-engine.ts';
import { openPgliteSession, SESSION_SETUP } from './pglite-session.ts';
import { schema } from './schema.ts';

/** The query API both drivers share; feature code only ever sees this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with the payload of each NOTIFY on `channel`, from any instance sharing the
   * database; with null when notifications may have been missed (a lost connection), so the caller
   * can drop whatever it derived from them. Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  /** PostgreSQL's connection pool now (the embedded database has none): for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Migrations sit beside the source in development and are copied beside the bundle on build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

// Any constant works; it only has to be the same in every instance.
const MIGRATION_LOCK_ID = 7_214_001;

/**
 * `poolSize`: connections this instance keeps (DATABASE_POOL_SIZE, validated in config.ts).
 * `migrate: false` leaves the schema as it is (a restore migrates in steps of its own).
 */
export async function openPostgres(url: string, { poolSize = 10, migrate = true }: { poolSize?: number; migrate?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ended (a restart, an administrator, a network fault) is reported
  // here: the pool drops it and opens another when one is needed. Unheard, the event would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (migrate) await migratePostgres(pool, migrationsFolder());
  // Listeners hold connections of their own; closing the database ends them too.
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onMessage) {
      const stop = await listenPostgres(url, channel, onMessage);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

/** Several instances may start at once: one migrates, the others wait for it. */
async function migratePostgres(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled one would hand notifications to
 * whoever borrows it). A lost connection is reported as null (notifications may have been missed)
 * and made again a second later, until stopped.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    void lostClient.end().catch(() => undefined);
    onMessage(null);
    if (!stopped) setTimeout(() => void connect(), 1_000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    // Every error of this connection, now or later, means the same: it is gone.
    next.on('error', () => lost(next));
    next.on('notification', (message) => message.channel === channel && onMessage(message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

export interface PgliteOptions {
  /** Data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** A dump made by `dumpDataDir()` to start from (tests share one migrated template). */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export interface PgliteDatabase extends Database {
  driver: 'pglite';
  /** The data directory as an uncompressed tar, loadable as `loadDataDir` (tests start from one). */
  dumpDataDir(): Promise<Blob>;
  /** The thread PostgreSQL runs on: what the session sends it (tests watch it). */
  engine: PgliteEngine;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const engine = await startPgliteEngine({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      migrationsFolder: options.migrate === false ? undefined : migrationsFolder(),
      setup: [
        // The embedded database's pages sit in memory or the OS cache: a random read costs what a sequential
        // one does. At the default (4) the planner scans all 100,000 contacts to count one tag instead of
        // reading its GIN index. PGlite has one session, so the setting holds for every query.
        'set random_page_cost = 1.1',
        ...SESSION_SETUP,
      ],
    });
    // Everything goes through the session: turns, and one exchange with PostgreSQL per statement.
    const session = openPgliteSession(engine);
    const db = drizzlePglite({ client: session as unknown as PGlite, schema }) as unknown as Db;
    return {
      db,
      engine,
      driver: 'pglite',
      listen: session.listen,
      dumpDataDir: () => session.exclusive(() => engine.dumpDataDir()),
      close: async () => {
        await session.exclusive(() => engine.close());
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The embedded database is open in another running process (its lock file names a live pid). */
export class DatabaseInUseError extends Error {}

/**
 * PGlite has no lock between processes, and two processes on one data directory corrupt it.
 * Take an exclusive lock file; a lock left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'mycrm.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isRunning(holder)) {
        throw new DatabaseInUseError(
          `The database in ${dataDir} is in use by another mycrm process (pid ${holder}). ` +
            'Stop it first, or set DATA_DIR to another folder; to run several instances, use DATABASE_URL.',
          { cause: error },
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DatabaseConfig {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize })
    : openPglite({ dataDir: path.join(config.dataDir, 'db') });
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
