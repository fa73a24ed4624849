import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { FIGURES_DAYS } from '../../shared/landing-pages/api.ts';
import { contacts, landingPages, leadSubmissions } from '../db/schema.ts';
import { pageFigures } from './page-figures.ts';
import { createViewCounter, isBot } from './page-views.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** A different visitor for each call: views count visitors. */
let visitors = 0;
const someone = () => `198.51.100.${++visitors}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newPage = async (slug: string) =>
  (await t.db.insert(landingPages).values({ title: slug, slug, content: '[]' }).returning())[0]!;

describe('page views', () => {
  it('does not count crawlers, previews, monitors, headless browsers or a missing user agent', () => {
    for (const ua of ['Googlebot/2.1', 'facebookexternalhit/1.1', 'curl/8.5', 'Mozilla/5.0 HeadlessChrome/130.0', 'Chrome-Lighthouse', undefined]) {
      expect(isBot(ua), String(ua)).toBe(true);
    }
    expect(isBot(BROWSER)).toBe(false);
  });

  it('adds gathered visitors per page and day in one flush; two counters (two instances) sum; a deleted page is skipped', async () => {
    const page = await newPage('counted-page');
    const gone = await newPage('deleted-page');
    let clock = new Date('2026-11-20T10:00:00Z');
    const a = createViewCounter(t.db, { flushMs: 60_000, now: () => clock });
    const b = createViewCounter(t.db, { flushMs: 60_000, now: () => clock });
    a.count(page.id, someone(), BROWSER);
    a.count(page.id, someone(), BROWSER);
    a.count(page.id, someone(), 'Googlebot/2.1');
    b.count(page.id, someone(), BROWSER);
    a.count(gone.id, someone(), BROWSER);
    clock = new Date('2026-11-21T09:00:00Z');
    a.count(page.id, someone(), BROWSER);
    await t.db.delete(landingPages).where(eq(landingPages.id, gone.id));
    await a.stop();
    await b.stop();

    const figures = (await pageFigures(t.db, [page.id], new Date('2026-11-21T12:00:00Z'))).get(page.id)!;
    expect(figures.daily_views).toHaveLength(FIGURES_DAYS);
    expect(figures.daily_views.slice(-2)).toEqual([3, 1]);
    expect(figures.views).toBe(4);
  });

  it('counts sign-ups per page over the same days and the conversion rate', async () => {
    const page = await newPage('converting-page');
    const quiet = await newPage('quiet-page');
    const [contact] = await t.db.insert(contacts).values({ full_name: 'Ada Lovelace', email: 'ada@example.com' }).returning();
    await t.db.insert(leadSubmissions).values([
      { contact_id: contact!.id, landing_page_id: page.id, created_at: new Date('2026-11-21T08:00:00Z') },
      // Older than the window: not counted.
      { contact_id: contact!.id, landing_page_id: page.id, created_at: new Date('2026-09-01T08:00:00Z') },
    ]);
    const counter = createViewCounter(t.db, { now: () => new Date('2026-11-21T08:00:00Z') });
    for (let i = 0; i < 4; i++) counter.count(page.id, someone(), BROWSER);
    await counter.stop();

    const figures = await pageFigures(t.db, [page.id, quiet.id], new Date('2026-11-21T12:00:00Z'));
    expect(figures.get(page.id)).toMatchObject({ views: 4, signups: 1, conversion: 0.25 });
    expect(figures.get(quiet.id)).toMatchObject({ views: 0, signups: 0, conversion: null });
  });
});
