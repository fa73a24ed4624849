import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { rawRequest } from './raw-http.ts';

/**
 * DNS rebinding: an attacker's page at evil.example has its name re-pointed at this server, and the
 * victim's browser then sends requests whose Host and Origin both say evil.example, with the
 * victim's cookies for evil.example (none) or, with the development auto-login, a fresh session.
 * The server answers only to its own names: PUBLIC_URL's host, ALLOWED_HOSTS, and the loopback
 * literals. Everything else is refused with 421 before any route: sign-in, staff and public API
 * routes, the built app's files and pages. Over a raw socket too, where nothing rewrites the Host.
 */

const EVIL = 'evil.example';
const evil = (host = EVIL) => ({ host, origin: `http://${host}` });

let webDir: string;
let t: TestApp;
let cookie: string;
let port: number;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-host-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
  t = await createTestApp({ PUBLIC_URL: 'https://crm.example', ALLOWED_HOSTS: 'crm.internal, lan.example:8443' }, { webDir });
  cookie = await t.signIn();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const send = (options: InjectOptions) => t.app.inject(options);
const refusedAsForeign = (res: { statusCode: number; json: () => unknown }, what: string) => {
  expect(res.statusCode, what).toBe(421);
  expect((res.json() as { error: { code: string } }).error.code, what).toBe('misdirected_request');
};

describe('a request whose Host and Origin both name another site', () => {
  it('cannot sign in: no session is made and no cookie is set', async () => {
    const res = await send({ method: 'POST', url: '/api/auth/login', headers: evil(), payload: { email: 'owner@example.com', password: TEST_PASSWORD } });
    refusedAsForeign(res, 'sign-in');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('reads no staff data, even with a valid session cookie', async () => {
    const res = await send({ method: 'GET', url: '/api/contacts', headers: { ...evil(), cookie } });
    refusedAsForeign(res, 'GET /api/contacts');
    const write = await send({ method: 'POST', url: '/api/tags', headers: { ...evil(), cookie }, payload: { name: 'rebound' } });
    refusedAsForeign(write, 'POST /api/tags');
  });

  it('reaches no public route', async () => {
    refusedAsForeign(await send({ method: 'GET', url: '/api/health', headers: evil() }), 'GET /api/health');
    refusedAsForeign(
      await send({ method: 'POST', url: '/api/public/leads/waiting-list', headers: evil(), payload: { full_name: 'Re Bound', email: 'rebound@example.com' } }),
      'POST /api/public/leads/waiting-list',
    );
  });

  it("gets none of the built app's files or pages", async () => {
    for (const url of ['/', '/assets/app.js', '/crm/contacts', '/no-such-page']) refusedAsForeign(await send({ method: 'GET', url, headers: evil() }), url);
  });

  it('is refused whatever port it names, and however the name is spelled', async () => {
    for (const host of [`${EVIL}:3000`, 'EVIL.example', `${EVIL}.`, 'crm.example.evil.example', '192.0.2.10', '[2001:db8::1]:3000', 'crm.internal.evil.example']) {
      refusedAsForeign(await send({ method: 'GET', url: '/api/health', headers: { host } }), host);
    }
  });

  it('is refused with 400 when the Host names no host at all', async () => {
    for (const host of ['crm.example@evil.example', 'crm.example/x', 'crm.example:99999x', 'a b', '[::1', '%00']) {
      const res = await send({ method: 'GET', url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().error.code, host).toBe('bad_host');
    }
  });
});

describe('the names the server answers to', () => {
  it("answers PUBLIC_URL's host, on its port, in any case and with a final dot", async () => {
    for (const host of ['crm.example', 'crm.example:443', 'CRM.Example', 'crm.example.']) {
      expect((await send({ method: 'GET', url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    }
    refusedAsForeign(await send({ method: 'GET', url: '/api/health', headers: { host: 'crm.example:8080' } }), 'another port of PUBLIC_URL');
  });

  it('answers ALLOWED_HOSTS: a bare name on any port, name:port on that port only', async () => {
    for (const host of ['crm.internal', 'crm.internal:3000', 'lan.example:8443']) {
      expect((await send({ method: 'GET', url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    }
    refusedAsForeign(await send({ method: 'GET', url: '/api/health', headers: { host: 'lan.example' } }), 'lan.example without its port');
  });

  it('answers the loopback literals on any port: a browser sends them only for a page from this machine', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:5173', '[::1]:3000', 'LOCALHOST:80']) {
      expect((await send({ method: 'GET', url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('signs in at its own address', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'crm.example', origin: 'https://crm.example' },
      payload: { email: 'owner@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('over a raw socket', () => {
  it('refuses a foreign Host for sign-in, a staff route, a public route, a file and the app, and answers its own', async () => {
    const login = JSON.stringify({ email: 'owner@example.com', password: TEST_PASSWORD });
    const attempts: Array<[string, string, string | undefined]> = [
      ['POST', '/api/auth/login', login],
      ['GET', '/api/contacts', undefined],
      ['GET', '/api/health', undefined],
      ['GET', '/assets/app.js', undefined],
      ['GET', '/', undefined],
      // The request line's absolute form does not change which Host is judged.
      ['GET', `http://127.0.0.1:${port}/api/health`, undefined],
    ];
    for (const [method, target, body] of attempts) {
      const res = await rawRequest(port, target, { method, headers: { Host: `${EVIL}:${port}`, Origin: `http://${EVIL}:${port}`, cookie }, body });
      expect(res.status, `${method} ${target}`).toBe(421);
      expect(res.body, `${method} ${target}`).toContain('"misdirected_request"');
      expect(res.headers, `${method} ${target}`).not.toMatch(/set-cookie/i);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'crm.example']) {
      expect((await rawRequest(port, '/api/health', { headers: { Host: host } })).status, host).toBe(200);
    }
  });
});

describe('with the development auto-login', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ MYCRM_DEV_AUTOLOGIN: '1' });
  });
  afterAll(() => dev.close());

  it('signs in no one who arrives under another name', async () => {
    const res = await dev.app.inject({ method: 'GET', url: '/api/contacts', headers: evil() });
    refusedAsForeign(res, 'auto-login');
    expect(res.headers['set-cookie']).toBeUndefined();
    // The same request at a loopback name is signed in, as development wants.
    expect((await dev.app.inject({ method: 'GET', url: '/api/contacts', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
  });
});

describe('behind a proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ PUBLIC_URL: 'https://crm.example', TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => proxied.close());

  const viaProxy = (forwardedHost: string, remoteAddress = '10.0.0.1') =>
    proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { host: 'mycrm-app:3000', 'x-forwarded-host': forwardedHost } });

  it("judges the trusted proxy's X-Forwarded-Host, the name the browser used", async () => {
    expect((await viaProxy('crm.example')).statusCode).toBe(200);
    expect((await viaProxy(EVIL)).statusCode).toBe(421);
    // A proxy that appends: the last value is the one the proxy itself saw.
    expect((await viaProxy(`crm.example, ${EVIL}`)).statusCode).toBe(421);
  });

  it('ignores X-Forwarded-Host from anyone else, and judges their Host', async () => {
    expect((await viaProxy('crm.example', '198.51.100.7')).statusCode).toBe(421);
    const direct = await proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.7', headers: { host: 'crm.example', 'x-forwarded-host': EVIL } });
    expect(direct.statusCode).toBe(200);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('refuses an entry that is not a host name at start', () => {
    expect(() => loadConfig({ ALLOWED_HOSTS: 'crm.example, https://x.example/' })).toThrow(/ALLOWED_HOSTS: "https:\/\/x.example\/"/);
    expect(loadConfig({ ALLOWED_HOSTS: ' CRM.example , lan.example:8443,' }).allowedHosts).toEqual(['crm.example', 'lan.example:8443']);
  });
});
