import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import type { FastifyInstance } from 'fastify';

/** A build output as `npm run build` leaves it: index.html, prerendered public pages, compressed assets. */
let webDir: string;
let app: FastifyInstance;
let database: Database;

const page = (text: string) => `<!doctype html><html><body><div id="root"><h1>${text}</h1></div></body></html>`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [language, home, program, missing] of [
    ['en', 'Home', 'Program', 'Oops! Page not found'],
    ['de', 'Startseite', 'Programm', 'Hoppla! Seite nicht gefunden'],
  ] as const) {
    fs.mkdirSync(path.join(webDir, 'prerendered', language), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'prerendered', language, 'index.html'), page(home));
    fs.writeFileSync(path.join(webDir, 'prerendered', language, 'learning-ecosystem-mastery.html'), page(program));
    fs.writeFileSync(path.join(webDir, 'prerendered', language, '404.html'), page(missing));
  }
  fs.mkdirSync(path.join(webDir, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js.br'), zlib.brotliCompressSync(script));
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDir };
  database = await openTestDatabase();
  app = await buildApp({ config, database });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('prerendered public pages', () => {
  it('are sent in the language the browser asks for, English otherwise', async () => {
    const german = await get('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<h1>Startseite</h1>');
    expect(german.headers['content-language']).toBe('de');
    expect(german.headers.vary).toContain('Accept-Language');
    expect((await get('/learning-ecosystem-mastery/', { 'accept-language': 'de' })).body).toContain('<h1>Programm</h1>');
    expect((await get('/learning-ecosystem-mastery', { 'accept-language': 'fr-FR, de;q=0.5' })).body).toContain('<h1>Program</h1>');
    expect((await get('/')).body).toContain('<h1>Home</h1>');
  });

  it('are sent in the language the visitor chose (the language cookie) whatever the browser asks for', async () => {
    const chosen = await get('/', { 'accept-language': 'de-DE,de;q=0.9', cookie: 'mycrm_language=en' });
    expect(chosen.body).toContain('<h1>Home</h1>');
    expect(chosen.headers['content-language']).toBe('en');
    expect(chosen.headers.vary).toContain('Cookie');
    expect((await get('/learning-ecosystem-mastery', { cookie: 'mycrm_language=de' })).body).toContain('<h1>Programm</h1>');
    expect((await get('/no/such/page', { cookie: 'mycrm_language=de' })).body).toContain('Hoppla! Seite nicht gefunden');
    expect((await get('/', { 'accept-language': 'de', cookie: 'mycrm_language=fr' })).body).toContain('<h1>Startseite</h1>');
  });

  it("store the language switch's choice (?lang=) in the cookie and send the visitor back to the same address", async () => {
    const res = await get('/learning-ecosystem-mastery?utm_source=news&lang=de', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/learning-ecosystem-mastery?utm_source=news');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^mycrm_language=de; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    // Back to the page's own path, however the request spelled it.
    expect((await get('/learning-ecosystem-mastery/?lang=de&x=1')).headers.location).toBe('/learning-ecosystem-mastery?x=1');
    // The 404 page answers in the chosen language at once: no redirect, so a crafted path cannot become one
    // to another site (a URL parser turns /.//evil.example/x into //evil.example/x).
    for (const path of ['/no/such/page?lang=de', '/.//evil.example/x?lang=de', '/a/..//evil.example/x?lang=de', '//?lang=de', '///?lang=de']) {
      const missing = await get(path, { 'accept-language': 'en' });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.headers.location, path).toBeUndefined();
      expect(missing.body, path).toContain('Hoppla! Seite nicht gefunden');
      expect(String(missing.headers['set-cookie']), path).toMatch(/^mycrm_language=de;/);
    }
    // Not a site language: the page as usual.
    const other = await get('/?lang=fr', { 'accept-language': 'de' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<h1>Startseite</h1>');
  });

  it('are compressed for browsers that accept it', async () => {
    const res = await get('/', { 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Home</h1>');
    const gzip = await get('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Home</h1>');
  });

  it('answer an unknown path with the 404 page and status, and staff pages with the app shell', async () => {
    const missing = await get('/no/such/page', { 'accept-language': 'de' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Hoppla! Seite nicht gefunden');
    const staff = await get('/crm/contacts');
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('serve the compressed copy of an asset when there is one', async () => {
    const res = await get('/assets/app.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('console.log');
    expect((await get('/assets/app.js')).body).toContain('console.log');
  });
});
