// @ts-check
/*
 * The embedded database's own thread (pglite-engine.ts starts it). PostgreSQL runs here, so a
 * statement's execution no longer holds the thread that reads requests: the app's thread parses,
 * validates and builds the next statements while this one executes. Plain JavaScript because a
 * worker cannot load TypeScript in every place the app runs (tests, the built server, tsx).
 *
 * Requests, one at a time from pglite-session.ts:
 *   { id, op: 'exchange', message, syncToFs }  → { id, data }   PostgreSQL's raw answer to protocol messages, in chunks
 *   { id, op: 'dump' }                         → { id, data }   the data directory as an uncompressed tar
 *   { id, op: 'close' }                        → { id }         then the thread ends
 * A failure answers { id, error }. Starting answers { ready: true, arrayTypes } or { startError }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer, migrationsFolder?: string, setup: string[] }} */
const options = workerData;

const ARRAY_TYPES = `select b.oid as element, b.typarray as array from pg_catalog.pg_type a
  join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray`;

/** @param {unknown} error */
const describe = (error) => ({ message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });

/** @type {PGlite} */
let client;
try {
  client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    extensions: { pg_trgm },
  });
  // The array types PGlite itself parses (it read them when it started), for the app's thread to parse alike.
  const { rows: arrayTypes } = await client.query(ARRAY_TYPES);
  for (const statement of options.setup) await client.exec(statement);
  if (options.migrationsFolder) await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder });
  port.postMessage({ ready: true, arrayTypes });
} catch (error) {
  port.postMessage({ startError: describe(error) });
  process.exit(1);
}

/**
 * The answer's bytes as PostgreSQL writes them, in the chunks it writes them (the app's thread parses
 * them in turn). execProtocolRaw would also parse them into messages, which only the app's thread
 * needs, and keep those.
 * @param {Uint8Array} message
 * @param {boolean} syncToFs
 */
async function exchange(message, syncToFs) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  // Each chunk is a view of PostgreSQL's memory, reused for the next: copied.
  await client.execProtocolRawStream(message, { syncToFs, onRawData: (chunk) => void chunks.push(chunk.slice()) });
  return chunks;
}

port.on('message', async (/** @type {{ id: number, op: string, message?: Uint8Array, syncToFs?: boolean }} */ request) => {
  const { id, op } = request;
  try {
    if (op === 'exchange') {
      const message = /** @type {Uint8Array} */ (request.message);
      const data = await client.runExclusive(() => exchange(message, request.syncToFs ?? true));
      port.postMessage({ id, data }, data.map((chunk) => chunk.buffer));
    } else if (op === 'dump') {
      const data = await (await client.dumpDataDir('none')).arrayBuffer();
      port.postMessage({ id, data }, [data]);
    } else if (op === 'close') {
      await client.close();
      port.postMessage({ id });
      port.close();
    } else {
      throw new Error(`unknown request ${op}`);
    }
  } catch (error) {
    port.postMessage({ id, error: describe(error) });
  }
});
