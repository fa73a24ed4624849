import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { createComponent, createSection } from '../../shared/landing-pages/create.ts';
import { LANDING_PAGE_PATHS, PAGE_PREVIEW_MESSAGES } from '../../shared/landing-pages/api.ts';
import { serializeContent } from '../../shared/landing-pages/parse-content.ts';
import { VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';
import { landingPageViews } from '../db/schema.ts';

/**
 * The staff preview of a page, active or not: what the page shows on /lp, for staff only, never
 * cached or indexed, and never in what visitors get.
 */

const app = signedInApp();
let slug = '';
let n = 0;
beforeEach(() => {
  // Each test its own slug: a page cached by an earlier test never answers for this one.
  slug = `draft-${++n}`;
});

const content = (heading: string, withForm = false) =>
  serializeContent([
    {
      ...createSection('hero'),
      components: [
        createComponent('heading', { text: heading, level: 'h1', tailwindClasses: 'text-4xl font-bold text-primary-700' }),
        ...(withForm ? [createComponent('input', { type: 'email', label: 'Email', required: 'true' }), createComponent('button', { type: 'submit', text: 'Join' })] : []),
      ],
    },
  ]);

async function create(values: Record<string, unknown>) {
  const res = await app.api('POST', LANDING_PAGE_PATHS.list, { title: 'Draft', slug, content: content('Autumn retreat'), page_type: 'builder', ...values });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page as { id: string; slug: string; version: number };
}
const preview = (id: string) => app.t.as(app.cookie, { method: 'GET', url: LANDING_PAGE_PATHS.preview.path({ id }) });
const visit = (path: string, headers: Record<string, string> = {}) => app.t.app.inject({ method: 'GET', url: path, headers });
const NOINDEX_META = '<meta name="robots" content="noindex"/>';

function expectPrivate(res: { headers: Record<string, unknown> }) {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex');
}

describe('the staff preview of a landing page', () => {
  it('needs a session: an anonymous request gets 401 and no content, a page or its own HTML alike', async () => {
    const page = await create({ is_active: false, page_type: 'html', content: '<h1>Secret draft</h1>' });
    for (const url of [LANDING_PAGE_PATHS.preview.path({ id: page.id }), LANDING_PAGE_PATHS.previewContent.path({ id: page.id })]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
      expect(res.body).not.toContain('Secret draft');
    }
  });

  it('renders an inactive page with its content and CSS, says it is not live, and is neither stored nor indexed', async () => {
    const page = await create({ is_active: false });
    const res = await preview(page.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expectPrivate(res);
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('<title>Draft</title>');
    expect(res.body).toContain('Autumn retreat');
    expect(res.body).not.toContain(VIEWER_MESSAGES.notFound);
    expect(res.body).toMatch(/<style>[^<]*\.text-primary-700\{[^}]*color/);
    expect(res.body).toContain(NOINDEX_META);
    expect(res.body).toContain(PAGE_PREVIEW_MESSAGES.notLive(`/lp/${slug}`).replaceAll("'", '&#x27;'));
  });

  it('leaves /lp as it was: an inactive page previewed stays Page Not Found to visitors', async () => {
    const page = await create({ is_active: false });
    expect((await preview(page.id)).statusCode).toBe(200);
    const res = await visit(`/lp/${slug}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(VIEWER_MESSAGES.notFoundTitle);
    expect(res.body).not.toContain('Autumn retreat');
  });

  it('shows an active page exactly as /lp does, only marked noindex, and leaves the cached page alone', async () => {
    const page = await create({ content: content('Autumn retreat', true) });
    const lp = await visit(`/lp/${slug}`);
    expect(lp.statusCode).toBe(200);
    const res = await preview(page.id);
    expect(res.statusCode).toBe(200);
    // Same renderer, CSS, forms and island scripts (those of the build, when there is one): the bytes differ only by the robots meta.
    expect(res.body.replace(NOINDEX_META, '')).toBe(lp.body);
    expect(res.body).not.toContain(PAGE_PREVIEW_MESSAGES.notLive(`/lp/${slug}`).slice(0, 20));
    // The cached page is still the one visitors had: the preview neither replaced nor marked it.
    const again = await visit(`/lp/${slug}`, { 'if-none-match': lp.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(lp.body).not.toContain('noindex');
  });

  it('follows saves and activation, and /lp shows the right version at each step', async () => {
    const page = await create({ is_active: false });
    expect((await preview(page.id)).body).toContain('Autumn retreat');
    expect((await visit(`/lp/${slug}`)).statusCode).toBe(404);

    expect((await app.api('PATCH', LANDING_PAGE_PATHS.one.path({ id: page.id }), { is_active: true })).statusCode).toBe(200);
    const live = await visit(`/lp/${slug}`);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Autumn retreat');

    const saved = await app.api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), { content: content('Winter retreat'), base_version: page.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = await preview(page.id);
    expect(shown.body).toContain('Winter retreat');
    expect(shown.body).not.toContain('Autumn retreat');
    const after = await visit(`/lp/${slug}`);
    expect(after.body).toContain('Winter retreat');
    expect(after.body).not.toContain('Autumn retreat');
    expect(after.body).not.toContain('noindex');
  });

  it('frames an inactive html page\'s own HTML from the preview, under the same sandbox as on /lp', async () => {
    const page = await create({ is_active: false, page_type: 'html', content: '<h1>Raw draft</h1><script>fetch("/api/contacts")</script>' });
    const res = await preview(page.id);
    expect(res.statusCode).toBe(200);
    expectPrivate(res);
    const frame = /<iframe[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(frame).toContain(`src="${LANDING_PAGE_PATHS.previewContent.path({ id: page.id })}"`);
    expect(frame).toContain('sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"');
    expect(res.body).toContain(VIEWER_MESSAGES.getStarted);

    const raw = await app.t.as(app.cookie, { method: 'GET', url: LANDING_PAGE_PATHS.previewContent.path({ id: page.id }) });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('<h1>Raw draft</h1>');
    expectPrivate(raw);
    expect(raw.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(raw.headers['content-security-policy']).not.toContain('allow-same-origin');
    // Visitors still get nothing of it.
    expect((await visit(`/lp/${slug}/content`)).statusCode).toBe(404);
  });

  it('has no own HTML for a builder page, and answers an unknown page with 404, neither stored', async () => {
    const page = await create({ is_active: false });
    const raw = await app.t.as(app.cookie, { method: 'GET', url: LANDING_PAGE_PATHS.previewContent.path({ id: page.id }) });
    expect(raw.statusCode).toBe(404);
    expectPrivate(raw);
    const unknown = await preview('7d1c2c4e-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expectPrivate(unknown);
  });

  // Last: it closes the app, which writes the gathered views as a shutdown does.
  it('is not counted as a view', async () => {
    const page = await create({});
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const res = await app.t.as(app.cookie, { method: 'GET', url: LANDING_PAGE_PATHS.preview.path({ id: page.id }), headers: { 'user-agent': browser } });
    expect(res.statusCode).toBe(200);
    // A visitor's view of another page in the same run: the counter does write what it gathered.
    slug = `${slug}-visited`;
    const other = await create({});
    await app.t.app.inject({ method: 'GET', url: `/lp/${other.slug}`, headers: { 'user-agent': browser } });
    await app.t.app.close();
    const views = async (id: string) => (await app.t.db.select().from(landingPageViews).where(eq(landingPageViews.landing_page_id, id)))[0]?.views ?? 0;
    expect(await views(page.id)).toBe(0);
    expect(await views(other.id)).toBe(1);
  });
});
