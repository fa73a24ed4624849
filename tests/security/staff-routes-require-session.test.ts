import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Walks every route the app registers. Each /api route must answer 401 without a session, except
 * the ones listed here by name: adding a public route means adding it to this list on purpose.
 */
const PUBLIC_API_ROUTES = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/setup/check',
  'POST /api/auth/setup',
  'POST /api/auth/invite/check',
  'POST /api/auth/invite/accept',
  // The one public browser page under /api: its links already sit in sent newsletters (DESIGN.md).
  'GET /api/calendar/ics/:eventId',
];
const isPublicPrefix = (url: string) => url.startsWith('/api/public/');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every staff route requires a session', () => {
  it('marks exactly the intended routes as public', () => {
    const marked = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.public && !isPublicPrefix(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(marked.sort()).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('answers 401 on every other /api route without a session', async () => {
    const staff = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.public);
    expect(staff.length).toBeGreaterThan(1);
    for (const route of staff) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-0000-0000-000000000000').replace('*', 'x');
      const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
  });

  it('refuses a forged or expired session cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: 'mycrm_session=forged' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401, not 404, for an unknown /api path without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(401);
  });
});
