import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { withSignupConsent } from '../../../tests/helpers/signup-consent.ts';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { AB_TEST_MESSAGES, AB_TEST_PATHS, type AbTest } from '../../shared/landing-pages/ab-test.ts';
import { LANDING_PAGE_PATHS } from '../../shared/landing-pages/api.ts';
import { createComponent, createSection } from '../../shared/landing-pages/create.ts';
import { serializeContent } from '../../shared/landing-pages/parse-content.ts';
import { VIEWER_PATHS } from '../../shared/landing-pages/viewer.ts';
import { SEO_PATHS } from '../../shared/site/seo.ts';
import { contacts, landingPageViews, leadSubmissions } from '../db/schema.ts';
import { assignVariant } from './ab-assignment.ts';
import { dayOf, daySalt } from './page-views.ts';

/** A/B tests through the app: the staff API, /lp/{slug} per variant, views and sign-ups per variant. */

const app = signedInApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '10000' });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const content = (heading: string) =>
  serializeContent([{ ...createSection('hero'), components: [createComponent('heading', { text: heading, level: 'h1' })] }]);

async function createPage(slug: string, heading = 'Spring coaching') {
  const res = await app.api('POST', LANDING_PAGE_PATHS.list, { title: 'Spring', slug, content: content(heading), page_type: 'builder' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page as { id: string; slug: string };
}

async function startTest(pageId: string, split: number) {
  const res = await app.api('POST', AB_TEST_PATHS.test.path({ id: pageId }), { split_percent: split });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().test as AbTest;
}

/** Gives variant B its own heading, saved as the builder saves. */
async function editVariant(variantId: string, heading: string) {
  const res = await app.api('PUT', LANDING_PAGE_PATHS.content.path({ id: variantId }), { content: content(heading), base_version: 1 });
  expect(res.statusCode, res.body).toBe(200);
}

const visit = (slug: string, address: string, userAgent = BROWSER) =>
  app.t.app.inject({ method: 'GET', url: VIEWER_PATHS.page.path({ slug }), remoteAddress: address, headers: { 'user-agent': userAgent } });
const headingOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const expected = async (address: string, test: AbTest, split = test.split_percent) =>
  assignVariant(await daySalt(app.t.db, dayOf(new Date())), address, BROWSER, test.id, split);
const signUp = (slug: string, address: string, email: string) =>
  app.t.app.inject({
    method: 'POST',
    url: VIEWER_PATHS.leads.path({ slug }),
    remoteAddress: address,
    headers: { origin: 'http://localhost', host: 'localhost', 'user-agent': BROWSER },
    payload: withSignupConsent({ fields: { email }, url_parameters: {} }),
  });
const results = async (pageId: string) => (await app.api('GET', AB_TEST_PATHS.test.path({ id: pageId }))).json().test as AbTest;

describe('A/B tests of landing pages', () => {
  it('serves A and B at A\'s address, each visitor always the same one, never from the other\'s cache; B is not reachable or listed on its own', async () => {
    const a = await createPage('ab-spring');
    const test = await startTest(a.id, 50);
    expect(test).toMatchObject({ page_id: a.id, split_percent: 50, significance: null });
    const again = await app.api('POST', AB_TEST_PATHS.test.path({ id: a.id }), { split_percent: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(AB_TEST_MESSAGES.alreadyRunning);

    const variant = (await app.api('GET', LANDING_PAGE_PATHS.one.path({ id: test.variant_page_id }))).json().page;
    const original = (await app.api('GET', LANDING_PAGE_PATHS.one.path({ id: a.id }))).json().page;
    expect(variant).toMatchObject({ title: AB_TEST_MESSAGES.variantTitle('Spring'), is_active: false, content: original.content, page_type: 'builder' });
    await editVariant(test.variant_page_id, 'Autumn coaching');

    const seen = { a: 0, b: 0 };
    for (let i = 1; i <= 40; i++) {
      const address = `198.51.100.${i}`;
      const want = await expected(address, test);
      seen[want]++;
      // Three visits each: the first fills a variant's cache entry, the later ones are served from it.
      for (let visitNo = 0; visitNo < 3; visitNo++) {
        const res = await visit(a.slug, address);
        expect(res.statusCode).toBe(200);
        expect(headingOf(res.body), `${address} visit ${visitNo}`).toBe(want === 'b' ? 'Autumn coaching' : 'Spring coaching');
        // B is shown under A's title and address, never as 'variant B'.
        expect(res.body).toContain('<title>Spring</title>');
        expect(res.body).not.toContain(variant.slug);
      }
    }
    expect(seen.a).toBeGreaterThan(5);
    expect(seen.b).toBeGreaterThan(5);

    // Crawlers get A.
    expect(headingOf((await visit(a.slug, '198.51.100.200', 'Googlebot/2.1')).body)).toBe('Spring coaching');

    // B on its own: not served, not activatable, not listed, not in the sitemap.
    expect((await visit(variant.slug, '198.51.100.1')).statusCode).toBe(404);
    const activate = await app.api('PATCH', LANDING_PAGE_PATHS.one.path({ id: variant.id }), { is_active: true });
    expect(activate.statusCode).toBe(409);
    expect(activate.json().error.message).toBe(AB_TEST_MESSAGES.isVariant);
    const formSave = await app.api('PUT', LANDING_PAGE_PATHS.one.path({ id: variant.id }), {
      title: 'B',
      slug: variant.slug,
      content: content('Autumn coaching'),
      page_type: 'builder',
      is_active: true,
      base_version: 2,
    });
    expect(formSave.statusCode).toBe(409);
    expect((await visit(variant.slug, '198.51.100.1')).statusCode).toBe(404);
    const list = (await app.api('GET', LANDING_PAGE_PATHS.list)).json().pages as Array<{ id: string; ab_test: AbTest | null }>;
    expect(list.map((p) => p.id)).not.toContain(variant.id);
    expect(list.find((p) => p.id === a.id)!.ab_test).toMatchObject({ id: test.id, variant_page_id: variant.id });
    const sitemap = await app.t.app.inject({ method: 'GET', url: SEO_PATHS.sitemap });
    expect(sitemap.body).toContain(`/lp/${a.slug}<`);
    expect(sitemap.body).not.toContain(variant.slug);
    // A running test's variant cannot be deleted from under it.
    expect((await app.api('DELETE', LANDING_PAGE_PATHS.one.path({ id: variant.id }))).statusCode).toBe(409);
  });

  it('counts views and sign-ups per variant, changes the split, and ends keeping B at A\'s address', async () => {
    const a = await createPage('ab-summer', 'Summer A');
    const test = await startTest(a.id, 50);
    await editVariant(test.variant_page_id, 'Summer B');
    const visitors: Record<'a' | 'b', string[]> = { a: [], b: [] };
    for (let i = 1; visitors.a.length < 3 || visitors.b.length < 2; i++) {
      const address = `203.0.113.${i}`;
      const variant = await expected(address, test);
      if (visitors[variant].length >= (variant === 'a' ? 3 : 2)) continue;
      visitors[variant].push(address);
      await visit(a.slug, address);
      await visit(a.slug, address);
    }
    // A sign-up on A's address is recorded on the page the visitor was shown.
    for (const variant of ['a', 'b'] as const) {
      const res = await signUp(a.slug, visitors[variant][0]!, `${variant}-visitor@example.com`);
      expect(res.statusCode, res.body).toBe(201);
      const [contact] = await app.t.db.select().from(contacts).where(eq(contacts.email, `${variant}-visitor@example.com`));
      const [submission] = await app.t.db.select().from(leadSubmissions).where(eq(leadSubmissions.contact_id, contact!.id));
      expect(submission!.landing_page_id).toBe(variant === 'a' ? a.id : test.variant_page_id);
    }
    // Views are written every few seconds.
    await vi.waitFor(async () => expect((await results(a.id)).b.views).toBe(2), { timeout: 15_000, interval: 250 });
    const figures = await results(a.id);
    expect(figures.a).toEqual({ page_id: a.id, views: 3, signups: 1, rate: 1 / 3 });
    expect(figures.b).toEqual({ page_id: test.variant_page_id, views: 2, signups: 1, rate: 0.5 });
    expect(figures.significance).toBeNull();

    const split = await app.api('PATCH', AB_TEST_PATHS.test.path({ id: a.id }), { split_percent: 20 });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().test.split_percent).toBe(20);
    for (const bad of [0, 100, 12.5, '50']) {
      const res = await app.api('PATCH', AB_TEST_PATHS.test.path({ id: a.id }), { split_percent: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(AB_TEST_MESSAGES.splitRange);
    }
    // The new split applies at once (the cached page A is dropped): each visitor gets the variant of the 20 % split.
    for (let i = 1; i <= 20; i++) {
      const address = `192.0.2.${i}`;
      const want = await expected(address, test, 20);
      expect(headingOf((await visit(a.slug, address)).body)).toBe(want === 'b' ? 'Summer B' : 'Summer A');
    }

    const variantContent = (await app.api('GET', LANDING_PAGE_PATHS.one.path({ id: test.variant_page_id }))).json().page.content;
    const end = await app.api('POST', AB_TEST_PATHS.end.path({ id: a.id }), { keep: 'b' });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toEqual({ kept: 'b' });
    for (const address of [...visitors.a, ...visitors.b]) expect(headingOf((await visit(a.slug, address)).body)).toBe('Summer B');
    const kept = (await app.api('GET', LANDING_PAGE_PATHS.one.path({ id: a.id }))).json().page;
    expect(kept).toMatchObject({ slug: 'ab-summer', title: 'Spring', is_active: true, content: variantContent });
    expect((await app.api('GET', AB_TEST_PATHS.test.path({ id: a.id }))).statusCode).toBe(404);
    const ended = await app.api('POST', AB_TEST_PATHS.end.path({ id: a.id }), { keep: 'a' });
    expect(ended.statusCode).toBe(404);
    expect(ended.json().error.message).toBe(AB_TEST_MESSAGES.noTest);
    // B stays archived: inactive, unlisted, and its sign-ups keep their page.
    const archived = (await app.api('GET', LANDING_PAGE_PATHS.one.path({ id: test.variant_page_id }))).json().page;
    expect(archived.is_active).toBe(false);
    expect((await visit(archived.slug, visitors.b[0]!)).statusCode).toBe(404);

    // A new test may start; ending it keeping A leaves A as it is. Deleting A deletes its variants.
    const second = await startTest(a.id, 50);
    await editVariant(second.variant_page_id, 'Summer C');
    expect((await app.api('POST', AB_TEST_PATHS.end.path({ id: a.id }), { keep: 'a' })).statusCode).toBe(200);
    for (const address of visitors.b) expect(headingOf((await visit(a.slug, address)).body)).toBe('Summer B');
    expect((await app.api('DELETE', LANDING_PAGE_PATHS.one.path({ id: a.id }))).statusCode).toBe(204);
    for (const id of [test.variant_page_id, second.variant_page_id]) {
      expect((await app.api('GET', LANDING_PAGE_PATHS.one.path({ id }))).statusCode).toBe(404);
    }
  });

  it('reports the two-proportion test on the results: 200/1000 against 250/1000', async () => {
    const a = await createPage('ab-figures');
    const test = await startTest(a.id, 50);
    const today = dayOf(new Date());
    await app.t.db.insert(landingPageViews).values([
      { landing_page_id: a.id, day: today, views: 1000 },
      { landing_page_id: test.variant_page_id, day: today, views: 1000 },
    ]);
    const [contact] = await app.t.db.insert(contacts).values({ full_name: 'Many Signups', email: 'many@example.com' }).returning();
    const rows = (pageId: string, n: number) => Array.from({ length: n }, () => ({ contact_id: contact!.id, landing_page_id: pageId }));
    await app.t.db.insert(leadSubmissions).values([...rows(a.id, 200), ...rows(test.variant_page_id, 250)]);
    const figures = await results(a.id);
    expect(figures.a).toMatchObject({ views: 1000, signups: 200, rate: 0.2 });
    expect(figures.b).toMatchObject({ views: 1000, signups: 250, rate: 0.25 });
    expect(figures.significance!.difference_points).toBeCloseTo(5, 9);
    expect(figures.significance!.p_value).toBeCloseTo(0.0074196, 6);
    expect(figures.significance!.significant).toBe(true);
  });

  it('answers 404 for a page without a test or an unknown page, 400 for a bad split or choice', async () => {
    const a = await createPage('ab-none');
    expect((await app.api('GET', AB_TEST_PATHS.test.path({ id: a.id }))).json().error.message).toBe(AB_TEST_MESSAGES.noTest);
    expect((await app.api('PATCH', AB_TEST_PATHS.test.path({ id: a.id }), { split_percent: 40 })).statusCode).toBe(404);
    expect((await app.api('POST', AB_TEST_PATHS.test.path({ id: '00000000-0000-4000-8000-000000000000' }), { split_percent: 40 })).statusCode).toBe(404);
    const bad = await app.api('POST', AB_TEST_PATHS.test.path({ id: a.id }), { split_percent: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(AB_TEST_MESSAGES.splitRange);
    const start = await startTest(a.id, 10);
    const noChoice = await app.api('POST', AB_TEST_PATHS.end.path({ id: a.id }), { keep: 'c' });
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().error.message).toContain(AB_TEST_MESSAGES.keepRequired);
    // A variant cannot be tested itself.
    const nested = await app.api('POST', AB_TEST_PATHS.test.path({ id: start.variant_page_id }), { split_percent: 50 });
    expect(nested.statusCode).toBe(409);
    expect(nested.json().error.message).toBe(AB_TEST_MESSAGES.isVariant);
  });
});
