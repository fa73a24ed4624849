import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app.ts';
import { upsertUser } from '../../../src/server/auth/users.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { TEST_PASSWORD } from '../../helpers/test-app.ts';
import { openTestDatabase } from '../../helpers/test-db.ts';

export interface RunningServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the built server (`node dist/server/main.js`) as a user would, on a new empty data
 * directory, and waits for its first-start setup link.
 */
export async function spawnBuiltServer(): Promise<RunningServer & { setupLink: string; output: () => string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const setupLink = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server printed no setup link:\n${output}`)), 60_000);
    const check = () => {
      const match = /^\s+(http:\/\/\S+\/setup\?token=\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    setupLink,
    baseUrl: new URL(setupLink).origin,
    output: () => output,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app in-process on a fresh test database, with one staff user: fast, for screen tests. */
export async function startTestServer(): Promise<RunningServer & { db: Db; email: string; password: string }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.test-artifacts/e2e-data' });
  const database = await openTestDatabase();
  const email = 'owner@example.com';
  await upsertUser(database.db, email, TEST_PASSWORD);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    email,
    password: TEST_PASSWORD,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
