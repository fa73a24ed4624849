import { Worker } from 'node:worker_threads';

/*
 * The embedded database on a thread of its own (pglite-worker.mjs). This side only sends protocol
 * messages and receives PostgreSQL's raw answers; pglite-session.ts decides what to send and parses
 * what comes back. While the worker executes, this thread serves requests: on two cores a burst of
 * sign-ups uses both instead of one.
 */

export interface PgliteEngine {
  /** The array types PostgreSQL has, by their element type: their parsers and serializers are made from the element's. */
  arrayTypes: Array<{ element: number; array: number }>;
  /** Protocol messages in, PostgreSQL's answer out (bytes, unparsed, in the chunks it wrote; errors are in them, not thrown). */
  exchange(message: Uint8Array, syncToFs: boolean): Promise<Uint8Array[]>;
  /** The data directory as an uncompressed tar (loadable as `loadDataDir`). */
  dumpDataDir(): Promise<Blob>;
  /** Shuts PostgreSQL down cleanly and ends the thread. */
  close(): Promise<void>;
}

export interface PgliteEngineOptions {
  /** Data directory; undefined keeps the database in memory. */
  dataDir?: string;
  loadDataDir?: Blob;
  /** Migrations to apply before the first request; undefined leaves the schema as it is. */
  migrationsFolder?: string;
  /** Statements run once at start, before the migrations (settings that hold for the session). */
  setup: string[];
}

interface Reply {
  id: number;
  data?: Uint8Array[] | ArrayBuffer;
  error?: { message: string; stack?: string };
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

const errorFrom = ({ message, stack }: { message: string; stack?: string }) => Object.assign(new Error(message), stack ? { stack } : {});

export async function startPgliteEngine(options: PgliteEngineOptions): Promise<PgliteEngine> {
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(WORKER_URL, {
    workerData: { dataDir: options.dataDir, loadDataDir, migrationsFolder: options.migrationsFolder, setup: options.setup },
    transferList: loadDataDir ? [loadDataDir] : [],
    // The app's loaders (tsx) are not needed there, and the worker must start the same way everywhere.
    execArgv: [],
  });
  const { arrayTypes } = await new Promise<{ arrayTypes: PgliteEngine['arrayTypes'] }>((resolve, reject) => {
    const started = (message: { arrayTypes: PgliteEngine['arrayTypes']; startError?: { message: string; stack?: string } }) => {
      worker.off('error', reject);
      if (message.startError) reject(errorFrom(message.startError));
      else resolve(message);
    };
    worker.once('message', started);
    worker.once('error', reject);
  });

  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let ended: Error | undefined;
  // Held only while a request waits, like a socket with a query in flight: an idle database keeps no process alive.
  worker.unref();

  const endAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting.reject(errorFrom(reply.error));
    else waiting.resolve(reply);
  });
  worker.on('error', (error) => endAll(error));
  worker.on('exit', (code) => endAll(new Error(`The embedded database stopped (exit code ${code})`)));

  const request = (op: string, fields: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []) =>
    new Promise<Reply>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = ++nextId;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, ...fields }, transfer);
    });

  return {
    arrayTypes,
    async exchange(message, syncToFs) {
      const { data } = await request('exchange', { message, syncToFs }, message.byteOffset === 0 && message.byteLength === message.buffer.byteLength ? [message.buffer as ArrayBuffer] : []);
      return data as Uint8Array[];
    },
    async dumpDataDir() {
      const { data } = await request('dump');
      return new Blob([data as ArrayBuffer], { type: 'application/x-tar' });
    },
    async close() {
      if (ended) return;
      await request('close');
      ended = new Error('The embedded database is closed');
      await worker.terminate();
    },
  };
}
