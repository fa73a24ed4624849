import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { createComponent, createSection } from '../../shared/landing-pages/create.ts';
import { LANDING_PAGE_PATHS } from '../../shared/landing-pages/api.ts';
import { serializeContent } from '../../shared/landing-pages/parse-content.ts';
import { VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';
import { landingPageViews } from '../db/schema.ts';

/** /lp/{slug} on the app (no browser): what a visitor's browser receives. */

const app = signedInApp();
let slug = '';
let n = 0;
beforeEach(() => {
  // Each test its own slug: a cached page of an earlier test never answers for this one.
  slug = `spring-${++n}`;
});

const builderContent = (withForm: boolean) =>
  serializeContent([
    {
      ...createSection('hero'),
      components: [
        createComponent('heading', { text: 'Spring coaching', level: 'h1', tailwindClasses: 'text-4xl font-bold text-primary-700' }),
        createComponent('paragraph', { text: 'Twelve weeks & one goal <b>not bold</b>' }),
        ...(withForm ? [createComponent('input', { type: 'email', label: 'Email', required: 'true' }), createComponent('button', { type: 'submit', text: 'Join' })] : []),
      ],
    },
  ]);

async function create(values: Record<string, unknown>) {
  const res = await app.t.as(app.cookie, { method: 'POST', url: LANDING_PAGE_PATHS.list, payload: { title: 'Spring', slug, content: builderContent(false), page_type: 'builder', ...values } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page as { id: string; slug: string };
}
const visit = (path: string, headers: Record<string, string> = {}) => app.t.app.inject({ method: 'GET', url: path, headers });

describe('the public viewer', () => {
  it('serves a builder page as finished HTML with its own CSS and no JavaScript when it has no forms', async () => {
    await create({});
    const res = await visit(`/lp/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('<h1');
    expect(res.body).toContain('Spring coaching');
    expect(res.body).toContain('Twelve weeks &amp; one goal &lt;b&gt;not bold&lt;/b&gt;');
    expect(res.body).toMatch(/<style>[^<]*\.text-primary-700\{[^}]*color/);
    expect(res.body).not.toContain('<script');
  });

  it('answers an unknown or inactive slug with 404 and the texts visitors have always seen', async () => {
    await create({ is_active: false });
    for (const path of [`/lp/${slug}`, '/lp/no-such-page']) {
      const res = await visit(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain(VIEWER_MESSAGES.notFoundTitle);
      expect(res.body).toContain(VIEWER_MESSAGES.notFound);
      expect(res.body).toContain(path);
    }
  });

  it('revalidates by ETag and shows a save at once (the cache follows the page)', async () => {
    const page = await create({});
    const first = await visit(`/lp/${slug}`);
    const etag = first.headers.etag as string;
    expect((await visit(`/lp/${slug}`, { 'if-none-match': etag })).statusCode).toBe(304);

    const saved = await app.t.as(app.cookie, {
      method: 'PUT',
      url: LANDING_PAGE_PATHS.one.path({ id: page.id }),
      payload: { title: 'Spring', slug, content: builderContent(false).replace('Spring coaching', 'Summer coaching'), page_type: 'builder', base_version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    const after = await visit(`/lp/${slug}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Summer coaching');

    await app.t.as(app.cookie, { method: 'PATCH', url: LANDING_PAGE_PATHS.one.path({ id: page.id }), payload: { is_active: false } });
    expect((await visit(`/lp/${slug}`)).statusCode).toBe(404);
  });

  it('sends brotli or gzip when the browser accepts it', async () => {
    await create({});
    const br = await visit(`/lp/${slug}`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await visit(`/lp/${slug}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('wraps a section with fields in a form that posts to the page\'s lead endpoint', async () => {
    await create({ content: builderContent(true) });
    const res = await visit(`/lp/${slug}`);
    const form = /<form data-lead-form[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(form).toContain(`action="/api/public/lp/${slug}/leads"`);
    expect(form).toContain('method="post"');
    const email = /<input[^>]*type="email"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(email).toContain('name="email"');

  });

  it('shows the error panel for content that is not a page, and "No content to display" for an empty page', async () => {
    await create({ content: '{"not": "a page"' });
    const broken = await visit(`/lp/${slug}`);
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('role="alert"');
    slug = `${slug}-empty`;
    await create({ content: '[]' });
    expect((await visit(`/lp/${slug}`)).body).toContain(VIEWER_MESSAGES.noContent);
    slug = `${slug}-unknown`;
    await create({ content: JSON.stringify([{ ...createSection('x'), components: [{ id: 'weird-1', type: 'marquee', props: {}, styles: {} }] }]) });
    expect((await visit(`/lp/${slug}`)).body).toContain(VIEWER_MESSAGES.unknownType('marquee'));
  });

  it('puts an html page in a sandboxed frame; its own HTML is served under a sandbox policy', async () => {
    await create({ page_type: 'html', content: '<h1>Raw page</h1><script>fetch("/api/contacts")</script>' });
    const page = await visit(`/lp/${slug}`);
    expect(page.body).toMatch(/<iframe[^>]*src="\/lp\/spring-\d+\/content"[^>]*sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"/);
    expect(page.body).not.toContain('allow-same-origin');
    expect(page.body).toContain(VIEWER_MESSAGES.getStarted);
    const raw = await visit(`/lp/${slug}/content`);
    expect(raw.body).toContain('<h1>Raw page</h1>');
    expect(raw.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(raw.headers['content-security-policy']).not.toContain('allow-same-origin');
  });

  // Last: it closes the app, which flushes the gathered counts as a shutdown does.
  it('counts views of visitors, once a day each, not of bots', async () => {
    const page = await create({});
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const from = (remoteAddress: string, userAgent: string) => app.t.app.inject({ method: 'GET', url: `/lp/${slug}`, remoteAddress, headers: { 'user-agent': userAgent } });
    await from('198.51.100.1', browser);
    await from('198.51.100.1', browser);
    await from('198.51.100.2', browser);
    await from('198.51.100.3', 'Googlebot/2.1');
    await app.t.app.close();
    const [row] = await app.t.db.select().from(landingPageViews).where(eq(landingPageViews.landing_page_id, page.id));
    expect(row?.views).toBe(2);
  });
});
