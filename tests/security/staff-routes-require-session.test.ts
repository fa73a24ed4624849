import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { rawRequest } from './raw-http.ts';

/**
 * Walks every route the app registers and attacks each the way a scanner would: the plain path,
 * percent-encoded letters, every character encoded, absolute-form request lines, and spellings that
 * must not reach any route (doubled slashes, dot segments, case, trailing slash, `;`). Requests go
 * over a real socket, so nothing normalises them on the way. Every route needs a session except the
 * ones listed here by name: making a route public means adding it to this list on purpose.
 */
const PUBLIC_ROUTES = [
  'GET /api/health/live',
  'GET /api/health',
  'GET /api/health/ready',
  // Asks for its own bearer token (METRICS_TOKEN), which a monitoring system sends instead of a session.
  'GET /metrics',
  'POST /api/auth/login',
  'POST /api/auth/setup/check',
  'POST /api/auth/setup',
  'POST /api/auth/invite/check',
  'POST /api/auth/invite/accept',
  // The one public browser page under /api: its links already sit in sent newsletters.
  'GET /api/calendar/ics/:eventId',
  // Published landing pages, and an html page's own HTML (served under a sandbox policy).
  'GET /lp/:slug',
  'GET /lp/:slug/content',
  // What crawlers read first: the public pages' list and the rules that keep /crm and /api out.
  'GET /sitemap.xml',
  'GET /robots.txt',
  // `npm run backup` while the server holds the embedded database: no session, but a token derived
  // from the instance secret, from this machine only (src/server/backup/routes.ts).
  'POST /api/backups/local',
];
const isPublicPrefix = (url: string) => url.startsWith('/api/public/');
const SOME_ID = '00000000-0000-0000-0000-000000000000';
const FOREIGN_ORIGIN = 'https://attacker.example';

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
/** `/api/contacts/:id` as a concrete path. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, SOME_ID).replace('*', 'x');

/** Spellings that reach the same route: each must meet the route's own rule. */
function sameRouteSpellings(path: string, port: number): Record<string, string> {
  const segments = path.split('/');
  return {
    plain: path,
    'first letters encoded': segments.map((s) => (s ? encodeChar(s[0]!) + s.slice(1) : s)).join('/'),
    'upper-case hex': segments.map((s) => (s ? encodeChar(s[0]!).toUpperCase() + s.slice(1) : s)).join('/'),
    'every character encoded': segments.map((s) => [...s].map(encodeChar).join('')).join('/'),
    'absolute form': `http://127.0.0.1:${port}${path}`,
    'absolute form, encoded': `http://127.0.0.1:${port}/%61${path.slice(2)}`,
  };
}

/** Spellings that must reach no route at all, or at least no data. */
function otherSpellings(path: string): Record<string, string> {
  return {
    'doubled slashes': path.replaceAll('/', '//'),
    'dot segment': path.replace('/api/', '/api/./'),
    'dot-dot segment': `/x/..${path}`,
    'encoded dot-dot': `/x/%2e%2e${path}`,
    'encoded slash': path.replace('/api/', '/api%2f'),
    'upper case': path.replace('/api/', '/API/'),
    'trailing slash': `${path}/`,
    semicolon: `${path};x=1`,
  };
}

let t: TestApp;
let port: number;
let cookie: string;
beforeAll(async () => {
  // With a metrics token, so the metrics endpoint is walked too.
  t = await createTestApp({ METRICS_TOKEN: 'a-metrics-token-for-the-walk' });
  cookie = await t.signIn();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

const staffRoutes = () => t.app.routeTable.filter((r) => !r.public && !r.file);
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : '{}');

describe('every staff route requires a session, whatever the spelling of its URL', () => {
  it('marks exactly the intended routes as public', () => {
    const marked = t.app.routeTable.filter((r) => r.public && !isPublicPrefix(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(marked.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('leaves no route open by accident: every route is staff-only, listed as public, or a file of the built app', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(20);
    // A file route is a GET of a static asset and never under /api.
    for (const file of t.app.routeTable.filter((r) => r.file)) {
      expect(file.method).toBe('GET');
      expect(file.url.startsWith('/api')).toBe(false);
    }
  });

  it('answers 401 for every staff route in every spelling that reaches it', async () => {
    for (const route of staffRoutes()) {
      for (const [spelling, target] of Object.entries(sameRouteSpellings(concrete(route.url), port))) {
        const res = await rawRequest(port, target, { method: route.method, body: bodyFor(route.method) });
        expect(res.status, `${route.method} ${route.url} (${spelling}: ${target})`).toBe(401);
        expect(res.body, `${route.method} ${target}`).toContain('"unauthenticated"');
      }
    }
  });

  it('proves those spellings reach the route: with a session, the encoded forms answer like the plain one', async () => {
    const signedIn = { cookie, origin: `http://127.0.0.1:${port}` };
    for (const route of staffRoutes().filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
      const plain = await rawRequest(port, route.url, { headers: signedIn });
      expect(plain.status, route.url).not.toBe(401);
      for (const [spelling, target] of Object.entries(sameRouteSpellings(route.url, port))) {
        const res = await rawRequest(port, target, { headers: signedIn });
        expect(res.status, `${route.url} (${spelling})`).toBe(plain.status);
      }
    }
  });

  it('reveals nothing for spellings that reach no route (doubled slashes, dot segments, case, ...)', async () => {
    for (const route of staffRoutes()) {
      for (const [spelling, target] of Object.entries(otherSpellings(concrete(route.url)))) {
        const res = await rawRequest(port, target, { method: route.method, body: bodyFor(route.method) });
        expect([400, 401, 404], `${route.method} ${target} (${spelling}) answered ${res.status}`).toContain(res.status);
      }
    }
  });

  it('refuses writes from a foreign Origin with 403, even with a valid session, in every spelling', async () => {
    const writes = t.app.routeTable.filter((r) => !r.file && !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      for (const [spelling, target] of Object.entries(sameRouteSpellings(concrete(route.url), port))) {
        const res = await rawRequest(port, target, { method: route.method, headers: { cookie, origin: FOREIGN_ORIGIN }, body: bodyFor(route.method) });
        expect(res.status, `${route.method} ${route.url} (${spelling})`).toBe(403);
        expect(res.body).toContain('"forbidden_origin"');
      }
    }
  });

  it('refuses a forged session cookie', async () => {
    const res = await rawRequest(port, '/api/auth/session', { headers: { cookie: 'mycrm_session=forged' } });
    expect(res.status).toBe(401);
  });

  it('answers an unknown /api path with 404 JSON, encoded or not', async () => {
    for (const target of ['/api/no-such-thing', '/%61pi/no-such-thing']) {
      const res = await rawRequest(port, target);
      expect(res.status, target).toBe(404);
      expect(res.body, target).toContain('"not_found"');
    }
  });
});
