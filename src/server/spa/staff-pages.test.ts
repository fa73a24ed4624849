import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * A staff page names what its app asks for first in a Link header: every chunk of its code (from the
 * build manifest: the app's first script, the stylesheet, the shell's and the screen's chunks), then,
 * for a signed-in user, the session and the screen's first data, so the browser asks for the code
 * before the data.
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
      'index.html': chunk('index-1.js', ['_staff.js'], { isEntry: true, css: ['assets/index-1.css'] }),
      '_staff.js': chunk('staff-1.js'),
      '_format.js': chunk('format-1.js', ['_staff.js']),
      'src/web/app/staff-shell.ts': chunk('staff-shell-1.js', ['_staff.js']),
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

const CODE = '</assets/index-1.js>; rel=modulepreload, </assets/staff-1.js>; rel=modulepreload, </assets/index-1.css>; rel=preload; as=style; crossorigin, </assets/staff-shell-1.js>; rel=modulepreload';
const CONTACTS_CODE = `${CODE}, </assets/contacts-route-1.js>; rel=modulepreload, </assets/format-1.js>; rel=modulepreload`;
const SESSION = '</api/auth/session>; rel=preload; as=fetch; crossorigin';

describe('staff pages', () => {
  it('name every chunk of their own screen’s code, whoever asks', async () => {
    const contacts = await t.app.inject({ url: '/crm/contacts' });
    expect(contacts.statusCode).toBe(200);
    expect(contacts.headers.link).toBe(CONTACTS_CODE);
    expect((await t.app.inject({ url: '/crm' })).headers.link).toBe(`${CODE}, </assets/dashboard-page-1.js>; rel=modulepreload`);
    // Pages outside the CRM name nothing.
    expect((await t.app.inject({ url: '/login' })).headers.link).toBeUndefined();
    // The manifest itself is not served.
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('name the session and the view’s first list page after the code, for a signed-in user only', async () => {
    const signedIn = await t.as(cookie, { method: 'GET', url: '/crm/contacts?search=anna%20b&status=customer&sort=email&junk=%3E' });
    expect(signedIn.headers.link).toBe(
      `${CONTACTS_CODE}, ${SESSION}, </api/contacts?search=anna+b&status=customer&sort=email&limit=100>; rel=preload; as=fetch; crossorigin`,
    );
    expect(signedIn.headers.vary).toContain('Cookie');
    expect((await t.as(cookie, { method: 'GET', url: '/crm/tags' })).headers.link).toBe(`${CODE}, ${SESSION}`);

    const signedOut = await t.app.inject({ url: '/crm/contacts?search=anna' });
    expect(signedOut.headers.link).toBe(CONTACTS_CODE);
    expect(signedOut.headers.vary).toContain('Cookie');
    const forged = await t.app.inject({ url: '/crm/contacts', headers: { cookie: 'mycrm_session=not-a-session' } });
    expect(forged.headers.link).toBe(CONTACTS_CODE);
    expect((await t.as(cookie, { method: 'GET', url: '/login' })).headers.link).toBeUndefined();
  });
});
