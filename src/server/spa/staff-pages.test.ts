import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * A staff page's HTML names what its app asks for first: modulepreload hints for the shell's and the
 * screen's chunks (from the build manifest), and for a signed-in user the session and the screen's
 * first data as preloads (a Link header), so the browser fetches them alongside the first script.
 */

let webDir: string;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(webDir, '.vite'));
  const chunk = (file: string, imports: string[] = [], extra = {}) => ({ file: `assets/${file}`, imports, ...extra });
  fs.writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': chunk('index-1.js', ['_staff.js'], { isEntry: true }),
      '_staff.js': chunk('staff-1.js'),
      '_format.js': chunk('format-1.js', ['_staff.js']),
      'src/web/app/providers.tsx': chunk('providers-1.js', ['_staff.js']),
      'src/web/features/crm-shell/crm-layout.tsx': chunk('crm-layout-1.js', ['_staff.js']),
      'src/web/app/require-session.tsx': chunk('require-session-1.js'),
      'src/web/app/contacts-route.tsx': chunk('contacts-route-1.js', ['_staff.js', '_format.js']),
      'src/web/features/dashboard/dashboard-page.tsx': chunk('dashboard-page-1.js', ['_staff.js']),
    }),
  );
  t = await createTestApp({}, { webDir });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const hints = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('staff pages', () => {
  it('preload the chunks of the shell and of their own screen, not those index.html loads already', async () => {
    const contacts = await t.app.inject({ url: '/crm/contacts' });
    expect(contacts.statusCode).toBe(200);
    expect(hints(contacts.body)).toEqual([
      '/assets/providers-1.js',
      '/assets/crm-layout-1.js',
      '/assets/require-session-1.js',
      '/assets/contacts-route-1.js',
      '/assets/format-1.js',
    ]);
    expect(hints((await t.app.inject({ url: '/crm' })).body)).toContain('/assets/dashboard-page-1.js');
    expect(hints((await t.app.inject({ url: '/crm' })).body)).not.toContain('/assets/contacts-route-1.js');
    // Pages outside the CRM get the plain app shell.
    expect(hints((await t.app.inject({ url: '/login' })).body)).toEqual([]);
    // The manifest itself is not served.
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('name the session and the view’s first list page as preloads for a signed-in user only', async () => {
    const signedIn = await t.as(cookie, { method: 'GET', url: '/crm/contacts?search=anna%20b&status=customer&sort=email&junk=%3E' });
    expect(signedIn.headers.link).toBe(
      '</api/auth/session>; rel=preload; as=fetch; crossorigin, </api/contacts?search=anna+b&status=customer&sort=email&limit=100>; rel=preload; as=fetch; crossorigin',
    );
    expect(signedIn.headers.vary).toContain('Cookie');
    expect((await t.as(cookie, { method: 'GET', url: '/crm/tags' })).headers.link).toBe('</api/auth/session>; rel=preload; as=fetch; crossorigin');

    const signedOut = await t.app.inject({ url: '/crm/contacts?search=anna' });
    expect(signedOut.headers.link).toBeUndefined();
    expect(signedOut.headers.vary).toContain('Cookie');
    const forged = await t.app.inject({ url: '/crm/contacts', headers: { cookie: 'mycrm_session=not-a-session' } });
    expect(forged.headers.link).toBeUndefined();
    expect((await t.as(cookie, { method: 'GET', url: '/login' })).headers.link).toBeUndefined();
  });
});
