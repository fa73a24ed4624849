import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { findUserByEmail, upsertUser } from '../../src/server/auth/users.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database, Db } from '../../src/server/db/client.ts';
import { openTestDatabase } from './test-db.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** Creates a user (if needed), signs in, and returns the cookie header for later requests. */
  signIn(email?: string, password?: string): Promise<string>;
  /** `inject` with a signed-in user's cookie and a same-site Origin. */
  as(cookie: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * `logDestination` receives the app's log lines (set LOG_LEVEL too: tests are silent by default);
 * `webDir` serves a browser build other than dist/web.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logDestination, webDir }: Pick<AppDeps, 'logDestination'> & { webDir?: string } = {},
): Promise<TestApp> {
  const loaded = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.test-artifacts/data', ...env });
  const config = webDir ? { ...loaded, webDir } : loaded;
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logDestination });
  await app.ready();

  return {
    app,
    db: database.db,
    database,
    config,
    async signIn(email = 'owner@example.com', password = TEST_PASSWORD) {
      if (!(await findUserByEmail(database.db, email))) await upsertUser(database.db, email, password);
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'mycrm_session');
      return `mycrm_session=${cookie!.value}`;
    },
    as(cookie, options) {
      return app.inject({ ...options, headers: { origin: 'http://localhost', host: 'localhost', ...options.headers, cookie } });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The app of a route test file, with the owner signed in: made before the file's tests, closed after
 * them. `app.api(method, url, payload)` sends a request as the owner (with a same-site Origin).
 */
export function signedInApp(env: Record<string, string> = {}) {
  const app = {
    t: undefined as unknown as TestApp,
    cookie: '',
    api: (method: Method, url: string, payload?: unknown) => app.t.as(app.cookie, { method, url, payload: payload as InjectOptions['payload'] }),
  };
  beforeAll(async () => {
    app.t = await createTestApp(env);
    app.cookie = await app.t.signIn();
  });
  afterAll(() => app.t?.close());
  return app;
}
