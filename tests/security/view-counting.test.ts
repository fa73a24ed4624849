import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createViewCounter } from '../../src/server/landing-pages/page-views.ts';
import { landingPages, landingPageViews, landingPageViewSalts, landingPageVisitors } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A view is one visitor on one page on one day, counted without cookies: the server keeps a hash of
 * the address and browser salted with a random value of the day, never the address or the browser,
 * and the count holds across instances sharing the database.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 ViewCountingProbe/7.1';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15 OtherProbe/2.3';
const ADDRESS = '203.0.113.57';
const OTHER_ADDRESS = '2001:db8::5:7';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const visit = (slug: string, remoteAddress: string, userAgent: string) =>
  t.app.inject({ method: 'GET', url: `/lp/${slug}`, remoteAddress, headers: { 'user-agent': userAgent } });

async function newPage(slug: string) {
  const [page] = await t.db.insert(landingPages).values({ title: slug, slug, content: '[]', page_type: 'builder' }).returning();
  return page!;
}
const viewsOf = async (pageId: string) =>
  Object.fromEntries(
    (await t.db.select().from(landingPageViews).where(eq(landingPageViews.landing_page_id, pageId))).map((row) => [row.day, row.views]),
  );

/** Every value of every row of every table, as text. */
async function wholeDatabase(): Promise<string> {
  const tables = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { rows: Array<{ table_name: string }> };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await t.db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t`)) as unknown as { rows: Array<{ row: string }> };
    parts.push(...rows.rows.map((r) => `${table_name}: ${r.row}`));
  }
  return parts.join('\n');
}

describe('page views', () => {
  it('counts across instances once per visitor and page and day', async () => {
    const page = await newPage('two-instances');
    const day = new Date('2031-05-05T12:00:00Z');
    const a = createViewCounter(t.db, { flushMs: 60_000, now: () => day });
    const b = createViewCounter(t.db, { flushMs: 60_000, now: () => day });
    for (let i = 0; i < 10; i++) a.count(page.id, ADDRESS, BROWSER);
    b.count(page.id, ADDRESS, BROWSER);
    await a.flush();
    await b.flush();
    // An instance that saw the visitor before its last flush still counts them once.
    a.count(page.id, ADDRESS, BROWSER);
    await a.stop();
    await b.stop();
    expect(await viewsOf(page.id)).toEqual({ '2031-05-05': 1 });
  });

  // Last: it closes the app, whose shutdown flushes what the viewer gathered.
  it('makes 50 reloads from one address and browser one view; another browser or address another; the next day counts again; nothing raw is stored', async () => {
    const page = await newPage('counted-once');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T09:00:00Z'));
    for (let i = 0; i < 50; i++) expect((await visit('counted-once', ADDRESS, BROWSER)).statusCode).toBe(200);
    await visit('counted-once', ADDRESS, OTHER_BROWSER);
    await visit('counted-once', OTHER_ADDRESS, BROWSER);
    await visit('counted-once', OTHER_ADDRESS, BROWSER);
    vi.setSystemTime(new Date('2031-06-02T08:00:00Z'));
    for (let i = 0; i < 5; i++) await visit('counted-once', ADDRESS, BROWSER);
    await t.app.close();

    expect(await viewsOf(page.id)).toEqual({ '2031-06-01': 3, '2031-06-02': 1 });
    const stored = await wholeDatabase();
    for (const secret of [ADDRESS, OTHER_ADDRESS, BROWSER, OTHER_BROWSER, 'ViewCountingProbe', '2001:db8::5:7']) expect(stored).not.toContain(secret);
    // The day's salt is kept apart from the visitors; the days before are dropped with their visitors.
    const salts = await t.db.select().from(landingPageViewSalts);
    expect(salts.map((s) => s.day)).toEqual(['2031-06-02']);
    const visitors = await t.db.select().from(landingPageVisitors).where(eq(landingPageVisitors.landing_page_id, page.id));
    expect(visitors.map((v) => v.day)).toEqual(['2031-06-02']);
  });
});
