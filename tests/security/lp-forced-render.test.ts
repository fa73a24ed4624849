import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { RENDER_LIMITS, VIEWER_MESSAGES } from '../../src/shared/landing-pages/viewer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type * as ServerRender from '../../src/server/landing-pages/render-page.tsx';
import type * as PageRender from '../../src/render/render-page.tsx';

/**
 * Nobody can make the server render a page on demand: a form's outcome (?lead=ok) and any other
 * query come from the cached page, one client's uncached renders are bounded, a page over the render
 * budget is never rendered, and a render does not hold up other requests.
 */

/** Counts the page renders the viewer starts and finishes; while `gate` is set, renders wait on it. */
const renders = vi.hoisted(() => ({
  started: 0,
  finished: 0,
  gate: undefined as Promise<void> | undefined,
  onStart: undefined as (() => void) | undefined,
  /** How often the builder page's body (the page's own components) was rendered. */
  bodies: 0,
}));

vi.mock('../../src/server/landing-pages/render-page.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof ServerRender>();
  return {
    ...actual,
    renderLandingPage: async (...args: Parameters<typeof actual.renderLandingPage>) => {
      renders.started++;
      renders.onStart?.();
      if (renders.gate) await renders.gate;
      try {
        return await actual.renderLandingPage(...args);
      } finally {
        renders.finished++;
      }
    },
  };
});

vi.mock('../../src/render/render-page.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof PageRender>();
  return {
    ...actual,
    BuilderPageBody: (props: Parameters<typeof actual.BuilderPageBody>[0]) => {
      renders.bodies++;
      return actual.BuilderPageBody(props);
    },
  };
});

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());
beforeEach(() => {
  renders.started = 0;
  renders.finished = 0;
  renders.bodies = 0;
  renders.gate = undefined;
  renders.onStart = undefined;
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const visit = (url: string, remoteAddress = '203.0.113.10', headers: InjectOptions['headers'] = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': BROWSER, ...headers } });

const formPage = () =>
  serializeContent([
    {
      ...createSection('section'),
      components: [createComponent('heading', { text: 'Free guide', level: 'h1' }), createComponent('input', { type: 'email', label: 'Email', required: 'true' }), createComponent('button', { type: 'submit', text: 'Send' })],
    },
  ]);

/** A page of `units` dividers in sections of 50: each divider is one unit of the render budget, each section one. */
function pageOfUnits(units: number): string {
  const sections = [];
  let left = units;
  for (let s = 0; left > 0; s++) {
    const count = Math.min(50, left - 1);
    sections.push({ id: `s${s}`, type: 'section', props: {}, styles: {}, components: Array.from({ length: count }, (_, i) => ({ id: `d${s}-${i}`, type: 'divider', props: {}, styles: {} })) });
    left -= count + 1;
  }
  return JSON.stringify(sections);
}

async function createPage(slug: string, values: Partial<typeof landingPages.$inferInsert> = {}) {
  await t.as(cookie, { method: 'POST', url: '/api/landing-pages', payload: { title: slug, slug, content: formPage(), page_type: 'builder', ...values } }).then((res) => {
    expect(res.statusCode, res.body).toBe(201);
  });
}

const escaped = (text: string) => text.replace("'", '&#x27;');

describe('the form outcome and other query strings', () => {
  it('are answered from the cached page: ?lead=ok, ?lead=error and any other query render nothing new', async () => {
    await createPage('outcome-builder');
    await createPage('outcome-html', { page_type: 'html', content: '<h1>Raw</h1>' });
    for (const slug of ['outcome-builder', 'outcome-html']) {
      const before = renders.started;
      const plain = await visit(`/lp/${slug}`);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).not.toContain(escaped(VIEWER_MESSAGES.submitSucceeded));
      expect(renders.started - before, slug).toBe(1);

      const ok = await visit(`/lp/${slug}?lead=ok`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain(escaped(VIEWER_MESSAGES.submitSucceeded));
      expect(ok.headers['cache-control']).toBe('no-store');
      const failed = await visit(`/lp/${slug}?lead=error&utm_source=mail`);
      expect(failed.body).toContain(VIEWER_MESSAGES.submitFailed);
      expect(failed.body).not.toContain(escaped(VIEWER_MESSAGES.submitSucceeded));
      for (const query of ['?utm_source=x', '?lead=ok&x=1', '?x=1&y=2', '?lead=ok&lead=error']) await visit(`/lp/${slug}${query}`);
      expect(renders.started - before, `${slug}: renders after the outcome and other queries`).toBe(1);

      // The page as cached is unchanged by the outcomes served from it.
      const again = await visit(`/lp/${slug}`, undefined, { 'if-none-match': plain.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect((await visit(`/lp/${slug}`)).body).toBe(plain.body);
    }
  });

  it('makes concurrent first visits of one page share a single render', async () => {
    await createPage('crowded-page');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => visit(i % 2 ? '/lp/crowded-page?lead=ok' : '/lp/crowded-page', `198.51.100.${i + 1}`)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(renders.started).toBe(1);
  });
});

describe("one client's uncached renders", () => {
  it(`are bounded: beyond ${RENDER_LIMITS.perClient} at a time the client gets 429 with Retry-After, while others are still served`, async () => {
    const slugs = Array.from({ length: 8 }, (_, i) => `bounded-page-${i + 1}`);
    for (const slug of [...slugs, 'other-client-page']) await createPage(slug);
    let open!: () => void;
    renders.gate = new Promise((resolve) => (open = resolve));

    const answered: LightMyRequestResponse[] = [];
    const attacker = slugs.map((slug) => visit(`/lp/${slug}`, '192.0.2.66').then((res) => (answered.push(res), res)));
    // The refused ones answer at once, while the accepted ones still wait for their render.
    await expect.poll(() => answered.length, { timeout: 15_000 }).toBe(slugs.length - RENDER_LIMITS.perClient);
    for (const res of answered) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(renders.started).toBeLessThanOrEqual(RENDER_LIMITS.perClient);

    const other = visit('/lp/other-client-page', '192.0.2.77');
    open();
    const all = await Promise.all(attacker);
    expect(all.filter((res) => res.statusCode === 200)).toHaveLength(RENDER_LIMITS.perClient);
    expect((await other).statusCode).toBe(200);
    expect(renders.started).toBe(RENDER_LIMITS.perClient + 1);

    // Bounded, not banned: once its renders are done, the client is served again.
    const refused = slugs.find((_, i) => all[i]!.statusCode === 429)!;
    expect((await visit(`/lp/${refused}`, '192.0.2.66')).statusCode).toBe(200);
  });
});

describe('the render budget', () => {
  it('shows a page over the budget as an error panel without rendering its content', async () => {
    await t.db.insert(landingPages).values({ title: 'Huge', slug: 'over-budget', content: pageOfUnits(RENDER_LIMITS.units + 1), page_type: 'builder' });
    const res = await visit('/lp/over-budget');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain(VIEWER_MESSAGES.tooLarge(RENDER_LIMITS.units + 1, RENDER_LIMITS.units));
    expect(res.body).not.toContain('<hr');
    expect(renders.bodies).toBe(0);
  });

  it('renders a page at the budget, and other requests are answered while it renders', async () => {
    await t.db.insert(landingPages).values({ title: 'Big', slug: 'at-budget', content: pageOfUnits(RENDER_LIMITS.units), page_type: 'builder' });
    let started!: () => void;
    const renderStarted = new Promise<void>((resolve) => (started = resolve));
    renders.onStart = started;
    let pageDone = false;
    const page = visit('/lp/at-budget').then((res) => ((pageDone = true), res));
    await renderStarted;
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(pageDone, 'the health check waited for the whole render').toBe(false);
    const res = await page;
    expect(res.statusCode).toBe(200);
    expect(renders.bodies).toBe(1);
    expect(res.body.match(/<hr/g)?.length).toBeGreaterThan(RENDER_LIMITS.units * 0.9);
  });
});
