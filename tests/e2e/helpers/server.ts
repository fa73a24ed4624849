import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app.ts';
import { upsertUser } from '../../../src/server/auth/users.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { TEST_PASSWORD } from '../../helpers/test-app.ts';
import { openTestDatabase } from '../../helpers/test-db.ts';
import { startKitImportRunner, type KitImportRunnerOptions } from '../../../src/server/kit/import/runner.ts';
import { startKitWorker, type KitWorkerOptions } from '../../../src/server/kit/worker.ts';

/**
 * Starts the built server (`node dist/server/main.js`) as a user would. On a new data directory it
 * waits for the first-start setup link; give `dataDir` to restart on an existing one.
 */
export async function spawnBuiltServer(options: { dataDir?: string } = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server never printed ${pattern}:\n${output}`)), 60_000);
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', check);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      check();
    });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = await waitFor(/mycrm is running at (http:\/\/[^\s)]+)/);
  const setupLink = options.dataDir ? undefined : await waitFor(/^\s+(http:\/\/\S+\/setup\?token=\S+)$/m);
  return {
    baseUrl,
    setupLink,
    dataDir,
    output: () => output,
    /** Stops the server; the data directory is removed unless `keepData`. */
    async close({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app in-process on a fresh test database, with one staff user: fast, for screen tests.
 * `kitWorker` also runs the background Kit sync worker (point KIT_API_BASE in `env` at a fake Kit).
 * `kitImports` runs the imports from Kit and the reconciliation passes too.
 * `env` adds configuration variables (src/server/config.ts).
 */
export async function startTestServer(
  options: { kitWorker?: Partial<KitWorkerOptions> | boolean; kitImports?: Partial<KitImportRunnerOptions> | boolean; env?: Record<string, string> } = {},
) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.test-artifacts/e2e-data', ...options.env });
  const database = await openTestDatabase();
  const email = 'owner@example.com';
  await upsertUser(database.db, email, TEST_PASSWORD);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const worker = options.kitWorker
    ? startKitWorker({ db: database.db, config, log: console, ...(options.kitWorker === true ? {} : options.kitWorker) })
    : undefined;
  const imports = options.kitImports
    ? startKitImportRunner({ db: database.db, config, log: console, ...(options.kitImports === true ? {} : options.kitImports) })
    : undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    email,
    password: TEST_PASSWORD,
    async close() {
      await worker?.stop();
      await imports?.stop();
      await app.close();
      await database.close();
    },
  };
}
