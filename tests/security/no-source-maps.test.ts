import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { openTestDatabase } from '../helpers/test-db.ts';

/**
 * Production builds keep their source maps on disk (benchmarks read them) but never serve them:
 * the bundles carry no sourceMappingURL, and the server answers 404 for every *.map, however the
 * path is spelled and whatever encoding the browser accepts.
 */
let webDir: string;
let app: FastifyInstance;
let database: Database;
const SOURCE = '{"version":3,"sources":["../../src/web/secret-business-logic.ts"],"mappings":"AAAA"}';

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-maps-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js.map'), SOURCE);
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js.map.br'), zlib.brotliCompressSync(SOURCE));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js.map.gz'), zlib.gzipSync(SOURCE));
  database = await openTestDatabase();
  app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), webDir }, database });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('source maps', () => {
  it('are built hidden: written for tools, referenced by no bundle', () => {
    expect(viteConfig.build?.sourcemap).toBe('hidden');
  });

  it('are never served, in any spelling or encoding, while the bundle itself is', async () => {
    expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app.js.map', '/assets/app.js.MAP', '/assets/app.js.%6Dap', '/assets//app.js.map', '/assets/./app.js.map', '/assets/app.js.map.br', '/assets/app.js.map.gz']) {
      for (const encoding of ['identity', 'gzip', 'br, gzip']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} (${encoding})`).toBe(404);
        expect(res.body, `${url} (${encoding})`).not.toContain('secret-business-logic');
      }
    }
  });
});
