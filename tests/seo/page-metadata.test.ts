import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { IMAGE_PATHS } from '../../src/shared/images/api.ts';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { INDEXED_SITE_PAGES, ORIGIN_SLOT, SEO_PATHS } from '../../src/shared/site/seo.ts';
import { multipartBody, photo } from '../../src/server/images/test-images.ts';

/**
 * What search engines and link previews read: a published page's head (parsed with a real HTML
 * parser and read the way Open Graph consumers read it), the sitemap and robots.txt.
 */

const ORIGIN = 'https://pages.example';
let t: TestApp;
let cookie: string;
let dataDir: string;
let webDir: string;

/** A build as `npm run build` leaves it, each site page with the origin slot in its head as prerender writes it. */
function writeBuild(dir: string) {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const language of ['en', 'de']) {
    fs.mkdirSync(path.join(dir, 'prerendered', language), { recursive: true });
    for (const page of [...INDEXED_SITE_PAGES, '/404']) {
      const file = page === '/' ? 'index' : page.slice(1);
      const head = `<link rel="canonical" href="${ORIGIN_SLOT}${page}?hl=${language}"/>`;
      fs.writeFileSync(path.join(dir, 'prerendered', language, `${file}.html`), `<!doctype html><html><head>${head}</head><body><h1>${language} ${file}</h1></body></html>`);
    }
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-seo-'));
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-seo-web-'));
  writeBuild(webDir);
  t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, ALLOWED_HOSTS: 'alias.example' }, { webDir });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.as(cookie, { method, url, payload });
const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function uploadImage(): Promise<string> {
  const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, ...multipartBody({ name: 'retreat.jpg', type: 'image/jpeg', data: await photo(1600, 1200) }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ image: { url: string } }>().image.url;
}

const content = (image: string) =>
  serializeContent([
    {
      ...createSection('section'),
      components: [
        createComponent('heading', { text: 'Autumn retreat in the hills', level: 'h1' }),
        createComponent('paragraph', { text: 'Three days of   walking, talking and learning together.' }),
        createComponent('image', { src: image, alt: 'Hills' }),
      ],
    },
  ]);

/** A builder page (created as the builder does), published at its slug; optionally a title and state. */
async function builderPage(body: object, values: { title?: string; is_active?: boolean } = {}) {
  const created = await api('POST', LANDING_PAGE_PATHS.builder, body);
  expect(created.statusCode, created.body).toBe(201);
  const page = created.json<{ page: { id: string; slug: string; version: number; content: string } }>().page;
  if (values.title || values.is_active === false) {
    const edited = await api('PUT', LANDING_PAGE_PATHS.one.path({ id: page.id }), {
      title: values.title ?? 'New Landing Page',
      slug: page.slug,
      content: page.content,
      page_type: 'builder',
      is_active: values.is_active ?? true,
      base_version: page.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    return edited.json<{ page: { id: string; slug: string; version: number; updated_at: string } }>().page;
  }
  return page;
}

/**
 * The head as Open Graph consumers read it, from the HTML parsed by a real parser: `<meta
 * property="og:…">` and `<meta name="…">` in the head (the first of each wins), the canonical link.
 */
function readHead(html: string) {
  const { document } = new JSDOM(html).window;
  const og: Record<string, string> = {};
  const named: Record<string, string> = {};
  for (const meta of document.head.querySelectorAll('meta')) {
    const property = meta.getAttribute('property');
    const name = meta.getAttribute('name');
    const value = meta.getAttribute('content') ?? '';
    if (property?.startsWith('og:')) og[property] ??= value;
    if (name) named[name] ??= value;
  }
  return {
    title: document.title,
    og,
    named,
    canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    icon: document.head.querySelector('link[rel="icon"]')?.getAttribute('href'),
    scripts: [...document.querySelectorAll('script')].map((script) => script.outerHTML),
  };
}

describe("a published page's head", () => {
  it('carries description, canonical, Open Graph and Twitter card tags from its settings, with an absolute 1200x630 image', async () => {
    const image = await uploadImage();
    const settings = { description: 'Walk, talk and learn: three days in the hills.', social_title: 'Come to the autumn retreat', social_image: image, favicon: image };
    const page = await builderPage({ content: content(image), settings }, { title: 'Autumn retreat' });
    const res = await visit(`/lp/${page.slug}`);
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    const pageUrl = `${ORIGIN}/lp/${page.slug}`;
    expect(head.title).toBe('Autumn retreat');
    expect(head.named.description).toBe(settings.description);
    expect(head.canonical).toEqual([pageUrl]);
    // The Open Graph protocol's required properties, og:url the canonical address, og:image absolute.
    expect(head.og['og:type']).toBe('website');
    expect(head.og['og:url']).toBe(pageUrl);
    expect(head.og['og:title']).toBe(settings.social_title);
    expect(head.og['og:description']).toBe(settings.description);
    expect(head.og['og:image']).toBe(`${ORIGIN}${image}?crop=social`);
    expect(new URL(head.og['og:image']!).protocol).toBe('https:');
    expect([head.og['og:image:width'], head.og['og:image:height']]).toEqual(['1200', '630']);
    expect(head.named['twitter:card']).toBe('summary_large_image');
    expect(head.named['twitter:title']).toBe(settings.social_title);
    expect(head.named['twitter:image']).toBe(head.og['og:image']);
    expect(head.named.robots).toBeUndefined();
    expect(head.icon).toBe(`${ORIGIN}${image}`);

    // The image a link preview fetches is there: a JPEG of exactly 1200x630.
    const fetched = await visit(new URL(head.og['og:image']!).pathname + new URL(head.og['og:image']!).search);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(fetched.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it("falls back on the page's first heading-less text and first image, and says summary without an image", async () => {
    const image = await uploadImage();
    const withImage = await builderPage({ content: content(image) }, { title: 'Retreat' });
    const head = readHead((await visit(`/lp/${withImage.slug}`)).body);
    expect(head.named.description).toBe('Three days of walking, talking and learning together.');
    expect(head.og['og:title']).toBe('Retreat');
    expect(head.og['og:image']).toBe(`${ORIGIN}${image}?crop=social`);

    const plain = await builderPage({ content: serializeContent([{ ...createSection('section'), components: [createComponent('heading', { text: 'Only a heading' })] }]) });
    const bare = readHead((await visit(`/lp/${plain.slug}`)).body);
    expect(bare.og['og:image']).toBeUndefined();
    expect(bare.named['twitter:card']).toBe('summary');
    expect(bare.og['og:url']).toBe(`${ORIGIN}/lp/${plain.slug}`);
  });

  it('shows a settings change at once (the cached page is dropped), says noindex when hidden, and keeps settings with each version', async () => {
    const image = await uploadImage();
    const page = await builderPage({ content: content(image) });
    expect(readHead((await visit(`/lp/${page.slug}`)).body).named.robots).toBeUndefined();
    const saved = await api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), {
      content: content(image),
      settings: { description: 'Now with a description', noindex: true, canonical: '' },
      base_version: page.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Empty values are not kept: the page's settings are only those set.
    expect(saved.json().page.settings).toEqual({ description: 'Now with a description', noindex: true });
    const head = readHead((await visit(`/lp/${page.slug}`)).body);
    expect(head.named.description).toBe('Now with a description');
    expect(head.named.robots).toBe('noindex');
    const versions = (await api('GET', LANDING_PAGE_PATHS.versions.path({ id: page.id }))).json().versions as Array<{ id: string }>;
    const latest = await api('GET', LANDING_PAGE_PATHS.version.path({ id: page.id, versionId: versions[0]!.id }));
    expect(latest.json().version.settings).toEqual({ description: 'Now with a description', noindex: true });
    // A save without settings leaves them as they are.
    const again = await api('PUT', LANDING_PAGE_PATHS.content.path({ id: page.id }), { content: content(image), base_version: saved.json().page.version });
    expect(again.json().page.settings).toEqual({ description: 'Now with a description', noindex: true });
  });

  it("builds every address from the configured origin, never from the request's Host", async () => {
    const page = await builderPage({ content: content(await uploadImage()) });
    // The first visitor names another host the server answers: the cached page must not carry it.
    const head = readHead((await visit(`/lp/${page.slug}`, { host: 'alias.example' })).body);
    expect(head.og['og:url']).toBe(`${ORIGIN}/lp/${page.slug}`);
    expect(head.og['og:image']!.startsWith(`${ORIGIN}/`)).toBe(true);
    const sitemap = await visit(SEO_PATHS.sitemap, { host: 'alias.example' });
    expect(sitemap.body).not.toContain('alias.example');
    expect((await visit(SEO_PATHS.robots, { host: 'alias.example' })).body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('the site pages', () => {
  it("carry the configured origin where the build left its slot, and ?hl= shows one language without storing a choice", async () => {
    const res = await visit('/learning-ecosystem-mastery?hl=de', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>de learning-ecosystem-mastery</h1>');
    expect(res.body).toContain(`href="${ORIGIN}/learning-ecosystem-mastery?hl=de"`);
    expect(res.body).not.toContain(ORIGIN_SLOT);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await visit('/?hl=en', { 'accept-language': 'de' })).body).toContain('<h1>en index</h1>');
  });
});

describe('/sitemap.xml', () => {
  it('is well-formed XML listing the site pages in both languages and every active, indexable page, with reachable absolute addresses', async () => {
    const listed = await builderPage({ content: content(await uploadImage()) });
    const hidden = await builderPage({ content: content(''), settings: { noindex: true } });
    const elsewhere = await builderPage({ content: content(''), settings: { canonical: 'https://other.example/original' } });
    const inactive = await builderPage({ content: content('') }, { is_active: false });
    const res = await visit(SEO_PATHS.sitemap);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    // Parsed as XML: a document that is not well-formed throws.
    const { document } = new JSDOM(res.body, { contentType: 'application/xml' }).window;
    const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
    expect(document.documentElement.localName).toBe('urlset');
    const urls = [...document.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent!,
      lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent,
      alternates: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    }));
    const locs = urls.map((u) => u.loc);
    for (const page of INDEXED_SITE_PAGES) {
      expect(locs).toContain(`${ORIGIN}${page}?hl=en`);
      expect(locs).toContain(`${ORIGIN}${page}?hl=de`);
    }
    const home = urls.find((u) => u.loc === `${ORIGIN}/?hl=de`)!;
    expect(home.alternates).toEqual([
      ['en', `${ORIGIN}/?hl=en`],
      ['de', `${ORIGIN}/?hl=de`],
      ['x-default', `${ORIGIN}/`],
    ]);
    const entry = urls.find((u) => u.loc === `${ORIGIN}/lp/${listed.slug}`);
    const stored = (await api('GET', LANDING_PAGE_PATHS.one.path({ id: listed.id }))).json().page as { updated_at: string };
    expect(entry?.lastmod).toBe(stored.updated_at);
    for (const absent of [hidden, elsewhere, inactive]) expect(locs).not.toContain(`${ORIGIN}/lp/${absent.slug}`);
    for (const loc of locs) {
      expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);
      expect(loc).not.toMatch(/\/(crm|api)(\/|$)/);
      const url = new URL(loc);
      expect((await visit(url.pathname + url.search)).statusCode, loc).toBe(200);
    }
  });
});

describe('/robots.txt', () => {
  it('points to the sitemap and keeps the staff app, the API (previews among it) and sign-in out', async () => {
    const res = await visit(SEO_PATHS.robots);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      ['User-agent: *', 'Disallow: /crm', 'Disallow: /api', 'Disallow: /login', 'Disallow: /setup', 'Disallow: /invite', '', `Sitemap: ${ORIGIN}/sitemap.xml`, ''].join('\n'),
    );
    // A preview's address is under a disallowed prefix.
    expect(LANDING_PAGE_PATHS.preview.path({ id: 'x' }).startsWith('/api/')).toBe(true);
  });
});
