import { randomBytes, randomUUID } from 'node:crypto';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { METRICS_PATH } from '../../shared/api.ts';
import { LEAD_PATHS } from '../../shared/leads/paths.ts';
import { contactBulkJobs, contacts, kitSyncJobs } from '../db/schema.ts';
import { UNMATCHED_ROUTE } from './routes.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
/** The consent fields a public form sends (statement version 1 of each form exists from the start). */
const CONSENT = { consent_version: 1, language: 'en', page_url: 'http://localhost/' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t?.close());

async function scrape(app = t): Promise<PrometheusFamily[]> {
  const res = await app.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(res.body);
}

const family = (families: PrometheusFamily[], name: string) => families.find((f) => f.name === name);
/** The value of `name`'s sample whose labels include `labels`; 0 when there is none yet. */
function sample(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}): number {
  const found = family(families, name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(found?.value ?? 0);
}

describe('GET /metrics', () => {
  it('answers Prometheus text that a Prometheus-format parser reads, with HTTP, Kit, job and runtime figures', async () => {
    const families = await scrape();
    const types = Object.fromEntries(families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      mycrm_http_requests_total: 'COUNTER',
      mycrm_http_request_duration_seconds: 'HISTOGRAM',
      mycrm_kit_queue_jobs: 'GAUGE',
      mycrm_kit_queue_oldest_job_age_seconds: 'GAUGE',
      mycrm_jobs_running: 'GAUGE',
      mycrm_jobs_items: 'GAUGE',
      mycrm_jobs_items_done: 'GAUGE',
      mycrm_signups_total: 'COUNTER',
      mycrm_kit_syncs_total: 'COUNTER',
      mycrm_nodejs_eventloop_lag_seconds: 'GAUGE',
    });
  });

  it('refuses a missing or wrong token with 401 and the standard error body', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('METRICS_TOKEN') } });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('mycrm_');
    }
  });

  it('does not exist when METRICS_TOKEN is unset: answered like any unknown path', async () => {
    const off = await createTestApp();
    try {
      const metrics = await off.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
      const unknown = await off.app.inject({ method: 'GET', url: '/no-such-path', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.statusCode).toBe(unknown.statusCode);
      expect(metrics.body).toBe(unknown.body);
      expect(off.app.routeTable.some((route) => route.url === METRICS_PATH)).toBe(false);
    } finally {
      await off.close();
    }
    // A second app of its own: its database takes a while on a busy machine.
  }, 60_000);

  it('labels requests by the route pattern and status, never by the URL requested', async () => {
    const cookie = await t.signIn();
    const id = randomUUID();
    await t.as(cookie, { method: 'GET', url: `/api/contacts/${id}` });
    const families = await scrape();
    const routes = family(families, 'mycrm_http_requests_total')!.metrics.map((m) => m.labels!.route!);
    expect(routes.some((route) => route.includes(id))).toBe(false);
    expect(sample(families, 'mycrm_http_requests_total', { method: 'GET', route: '/api/contacts/:id', status: '404' })).toBe(1);
    // The parser folds a labelled histogram's series into one set of buckets: their presence is what it can show.
    expect(family(families, 'mycrm_http_request_duration_seconds')!.metrics[0]!.buckets).toHaveProperty('+Inf');
  });

  it('keeps the number of series bounded under 1,000 random paths nobody routes', async () => {
    const seriesCount = (families: PrometheusFamily[]) =>
      families.filter((f) => f.name.startsWith('mycrm_http_')).reduce((n, f) => n + f.metrics.length, 0);
    await t.app.inject({ method: 'GET', url: `/api/${randomBytes(8).toString('hex')}` });
    const before = seriesCount(await scrape());
    for (let i = 0; i < 1000; i++) {
      const path = i % 2 ? `/api/${randomBytes(8).toString('hex')}` : `/${randomBytes(8).toString('hex')}/${i}?q=${i}`;
      await t.app.inject({ method: i % 3 ? 'GET' : 'POST', url: path });
    }
    const families = await scrape();
    // Per (method, status) one series at most for everything unrouted: a handful, not a thousand.
    expect(seriesCount(families) - before).toBeLessThanOrEqual(4);
    const unmatched = family(families, 'mycrm_http_requests_total')!.metrics.filter((m) => m.labels!.route === UNMATCHED_ROUTE);
    expect(unmatched.reduce((n, m) => n + Number(m.value), 0)).toBeGreaterThanOrEqual(1001);
  });

  it('counts sign-ups where they are stored, and not a filled honeypot', async () => {
    const before = await scrape();
    const signUp = (campaign: 'waiting-list' | 'webinar', extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign }), payload: { full_name: 'Ada Lovelace', email: `${randomUUID()}@example.com`, ...CONSENT, ...extra } });
    expect((await signUp('waiting-list')).statusCode).toBe(201);
    expect((await signUp('waiting-list')).statusCode).toBe(201);
    expect((await signUp('webinar')).statusCode).toBe(201);
    expect((await signUp('webinar', { website: 'http://spam.example' })).statusCode).toBe(201);
    const after = await scrape();
    const delta = (form: string) => sample(after, 'mycrm_signups_total', { form }) - sample(before, 'mycrm_signups_total', { form });
    expect({ waiting_list: delta('waiting_list'), webinar: delta('webinar') }).toEqual({ waiting_list: 2, webinar: 1 });
  });

  it("reports the Kit queue's depth and oldest job's age, and running jobs' progress, from the database at scrape time", async () => {
    const [contact] = await t.db.insert(contacts).values({ email: `${randomUUID()}@example.com`, first_name: 'Queue' }).returning();
    const hourAgo = new Date(Date.now() - 3600_000);
    await t.db.insert(kitSyncJobs).values([
      { contact_id: contact!.id, created_at: hourAgo },
      { contact_id: contact!.id },
      { contact_id: contact!.id, status: 'done' },
    ]);
    await t.db.insert(contactBulkJobs).values([
      { action: 'tag', tag: 'x', total: 500, done: 120, actor: { kind: 'user', id: null, email: 'owner@example.com' } },
      { action: 'delete', total: 80, done: 80, status: 'done', actor: { kind: 'user', id: null, email: 'owner@example.com' } },
    ]);
    const families = await scrape();
    expect(sample(families, 'mycrm_kit_queue_jobs')).toBe(2);
    expect(sample(families, 'mycrm_kit_queue_oldest_job_age_seconds')).toBeGreaterThanOrEqual(3599);
    expect(sample(families, 'mycrm_kit_queue_oldest_job_age_seconds')).toBeLessThan(3700);
    expect(sample(families, 'mycrm_jobs_running', { kind: 'bulk' })).toBe(1);
    expect(sample(families, 'mycrm_jobs_items', { kind: 'bulk' })).toBe(500);
    expect(sample(families, 'mycrm_jobs_items_done', { kind: 'bulk' })).toBe(120);
    expect(sample(families, 'mycrm_jobs_running', { kind: 'import' })).toBe(0);
  });
});
