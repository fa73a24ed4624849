import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * The HTTP contract: every route declares the schema of its successful answer, so
 * Fastify serialises it through that schema and the browser parses it with the same one. This walks
 * every route the real app registers (its onRoute hook fills `app.routeTable`), so a route added
 * without a response schema fails here. Routes that answer no JSON are listed by name, with why.
 */
const NOT_JSON = {
  'GET /api/contacts/export.csv': 'a CSV file, streamed',
  'POST /api/contacts/export-selection.csv': 'a CSV file, streamed',
  'POST /api/privacy/consent-records.csv': 'a CSV file, streamed',
  'GET /api/public/calendar/events/:eventId/ics': 'an .ics calendar file',
  'GET /api/calendar/ics/:eventId': 'the public download page (HTML)',
  'GET /lp/:slug': 'a published landing page (HTML)',
  'GET /lp/:slug/content': "an html page's own HTML, in a sandbox",
  'GET /api/public/images/:file': 'image bytes',
  'GET /api/backups/:name': 'an encrypted backup file, streamed',
  'GET /api/landing-pages/:id/versions/:versionId/preview': 'a kept version drawn as a whole HTML page, for a sandboxed frame',
  'GET /api/landing-pages/:id/preview': "a staff preview of the page's saved content (HTML)",
  'GET /api/landing-pages/:id/preview/content': "an html page's own HTML for its preview's frame, in a sandbox",
  'GET /metrics': "Prometheus' text format",
  'GET /sitemap.xml': 'the sitemap (XML)',
  'GET /robots.txt': "crawlers' rules (plain text)",
} as const;

let t: TestApp;
beforeAll(async () => {
  // With a metrics token, so the metrics endpoint is among the routes.
  t = await createTestApp({ METRICS_TOKEN: 'a-metrics-token-for-the-contract' });
});
afterAll(() => t.close());

const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const successStatuses = (schema: unknown) =>
  Object.keys((schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}).filter((status) => /^2\d\d$/.test(status));
const appRoutes = () => t.app.routeTable.filter((route) => !route.file);

describe('every route declares its response schema', () => {
  it('walks a real app with the routes of every feature', () => {
    expect(appRoutes().length).toBeGreaterThan(60);
  });

  it('declares a schema for a success status on every JSON route', () => {
    const missing = appRoutes()
      .filter((route) => !(name(route) in NOT_JSON))
      .filter((route) => successStatuses(route.schema).length === 0)
      .map(name);
    expect(missing).toEqual([]);
  });

  it('lists as non-JSON only routes that exist and declare no JSON answer', () => {
    const routes = new Map(appRoutes().map((route) => [name(route), route]));
    for (const listed of Object.keys(NOT_JSON)) {
      expect(routes.has(listed), `${listed} is no longer a route: remove it from NOT_JSON`).toBe(true);
      expect(successStatuses(routes.get(listed)!.schema), `${listed} has a response schema: remove it from NOT_JSON`).toEqual([]);
    }
  });
});
