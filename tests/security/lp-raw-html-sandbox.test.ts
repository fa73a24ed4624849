import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { VIEWER_MESSAGES } from '../../src/shared/landing-pages/viewer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { rawRequest, type RawResponse } from './raw-http.ts';
import type * as PageCacheModule from '../../src/server/landing-pages/page-cache.ts';
import type * as LandingPageService from '../../src/server/landing-pages/service.ts';

/**
 * An html page's own HTML may run any script; it is only harmless under its `sandbox` policy (an
 * opaque origin, no session of ours). No spelling of a URL may get it from the server under the
 * site's normal policy, on our own origin. Requests go over a real socket, exactly as written.
 */

/** Every key and slug the viewer hands to its caches or to the page look-up, as they happen. */
const touched = vi.hoisted(() => ({ keys: [] as string[] }));

vi.mock('../../src/server/landing-pages/page-cache.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PageCacheModule>();
  // Records the string arguments of every method of the cache, and of the stores it holds.
  const recorded = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property);
        if (typeof value === 'function') {
          return (...args: unknown[]) => {
            for (const arg of args) if (typeof arg === 'string') touched.keys.push(arg);
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        }
        return value && typeof value === 'object' ? recorded(value) : value;
      },
    });
  return { ...actual, createPageCache: async (...args: Parameters<typeof actual.createPageCache>) => recorded(await actual.createPageCache(...args)) };
});

vi.mock('../../src/server/landing-pages/service.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof LandingPageService>();
  return {
    ...actual,
    findActivePageBySlug: (...args: Parameters<typeof actual.findActivePageBySlug>) => {
      touched.keys.push(args[1]);
      return actual.findActivePageBySlug(...args);
    },
  };
});

const SLUG = 'raw-offer';
const RAW_MARKER = 'RAW-PAGE-MARKER';
const RAW_HTML = `<!doctype html><h1>${RAW_MARKER}</h1><script>fetch('/api/contacts').then((r) => r.text()).then(parent.postMessage)</script>`;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
  const cookie = await t.signIn();
  const created = await t.as(cookie, { method: 'POST', url: LANDING_PAGE_PATHS.list, payload: { title: 'Raw offer', slug: SLUG, content: RAW_HTML, page_type: 'html' } });
  expect(created.statusCode, created.body).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());
beforeEach(() => {
  touched.keys = [];
});

const cspOf = (res: RawResponse) => /^content-security-policy: (.*)$/im.exec(res.headers)?.[1] ?? '';
const isSandboxed = (res: RawResponse) => /^sandbox\b/.test(cspOf(res)) && !cspOf(res).includes('allow-same-origin');

/** Spellings of the raw route that are no route, or name a slug no page can have. */
const hostileSpellings = (port: number): Record<string, string> => ({
  'encoded slash': `/lp/${SLUG}%2Fcontent`,
  'encoded slash, lower-case hex': `/lp/${SLUG}%2fcontent`,
  'double-encoded slash': `/lp/${SLUG}%252Fcontent`,
  'encoded slash and a query': `/lp/${SLUG}%2Fcontent?lead=ok`,
  'encoded slash, upper case': `/lp/${SLUG}%2FCONTENT`,
  'encoded dot segments': `/lp/x%2F..%2F${SLUG}%2Fcontent`,
  'encoded backslash': `/lp/${SLUG}%5Ccontent`,
  'encoded NUL': `/lp/${SLUG}%00/content`,
  'trailing slash': `/lp/${SLUG}/content/`,
  'trailing encoded slash': `/lp/${SLUG}/content%2F`,
  'nested content': `/lp/${SLUG}/content/content`,
  'upper-case slug': `/lp/${SLUG.toUpperCase()}/content`,
  'upper-case segment': `/lp/${SLUG}/CONTENT`,
  'upper-case prefix': `/LP/${SLUG}/content`,
  'doubled slash': `/lp//${SLUG}/content`,
  'dot segment': `/lp/./${SLUG}%2Fcontent`,
  semicolon: `/lp/${SLUG};x/content`,
  'absolute form, encoded slash': `http://127.0.0.1:${port}/lp/${SLUG}%2Fcontent`,
  'absolute form, double-encoded': `http://127.0.0.1:${port}/lp/${SLUG}%252Fcontent`,
  'absolute form, trailing slash': `http://127.0.0.1:${port}/lp/${SLUG}/content/`,
});

/** Spellings that reach the raw route itself: they must carry the sandbox. */
const sameRouteSpellings = (port: number): Record<string, string> => ({
  plain: `/lp/${SLUG}/content`,
  'with a query': `/lp/${SLUG}/content?lead=ok`,
  'encoded letter in the slug': `/lp/%72aw-offer/content`,
  'encoded letter in the segment': `/lp/${SLUG}/%63ontent`,
  'absolute form': `http://127.0.0.1:${port}/lp/${SLUG}/content`,
});

describe("an html page's own HTML", () => {
  it('is served by its own route only under the sandbox policy, in every spelling that reaches it', async () => {
    for (const [spelling, target] of Object.entries(sameRouteSpellings(port))) {
      const res = await rawRequest(port, target, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status, spelling).toBe(200);
      expect(res.body, spelling).toContain(RAW_MARKER);
      expect(cspOf(res), spelling).toMatch(/^sandbox allow-scripts/);
      expect(isSandboxed(res), spelling).toBe(true);
    }
  });

  it('never comes out without the sandbox under any other spelling, before or after the raw route cached it', async () => {
    const probe = async (round: string) => {
      for (const [spelling, target] of Object.entries(hostileSpellings(port))) {
        const res = await rawRequest(port, target, { headers: { 'accept-encoding': 'identity' } });
        const label = `${round}: ${spelling} (${target}) answered ${res.status}`;
        if (res.body.includes(RAW_MARKER)) expect(isSandboxed(res), label).toBe(true);
        expect(res.body, label).not.toContain(RAW_MARKER);
        expect(res.status, label).toBe(404);
      }
    };
    await probe('cold');
    expect((await rawRequest(port, `/lp/${SLUG}/content`)).status).toBe(200);
    await probe('after the raw route cached the page');
    // The page itself frames its HTML and never holds it.
    const page = await rawRequest(port, `/lp/${SLUG}`, { headers: { 'accept-encoding': 'identity' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`src="/lp/${SLUG}/content"`);
    expect(page.body).not.toContain(RAW_MARKER);
  });

  it('answers a slug with "/" or outside the slug alphabet with the Page Not Found page, touching no cache and no database', async () => {
    expect((await rawRequest(port, `/lp/${SLUG}/content`)).status).toBe(200);
    const hostile = [`${SLUG}%2Fcontent`, `${SLUG}%2fcontent`, `${SLUG}%252Fcontent`, SLUG.toUpperCase(), 'r%C3%A4w-offer', 'a%00b', 'raw_offer', '-raw-offer', 'raw--offer', 'ab', 'x'.repeat(51)];
    for (const slug of hostile) {
      for (const target of [`/lp/${slug}`, `/lp/${slug}/content`, `/lp/${slug}?lead=ok`]) {
        touched.keys = [];
        const res = await rawRequest(port, target, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status, target).toBe(404);
        expect(res.body, target).toContain(VIEWER_MESSAGES.notFoundTitle);
        expect(res.body, target).not.toContain(RAW_MARKER);
        expect(touched.keys, `${target} reached a cache or the database`).toEqual([]);
      }
    }
  });
});

describe("a page's form endpoint with a slug no page can have", () => {
  it('answers JSON and plain form posts with a 4xx JSON error, never a 500, without looking the slug up', async () => {
    const origin = `http://127.0.0.1:${port}`;
    for (const slug of ['%C3%BC', '%E2%82%AC', '%F0%9F%98%80', 'caf%C3%A9-offer', `${SLUG}%2Fcontent`, 'RAW-OFFER', 'a%0Ab']) {
      const target = `/api/public/lp/${slug}/leads`;
      touched.keys = [];
      const json = await rawRequest(port, target, { method: 'POST', headers: { origin }, body: JSON.stringify({ fields: { email: 'x@example.com' }, url_parameters: {} }) });
      expect(json.status, `JSON to ${target}: ${json.body}`).toBeGreaterThanOrEqual(400);
      expect(json.status, `JSON to ${target}: ${json.body}`).toBeLessThan(500);
      expect(JSON.parse(json.body).error.code, target).toBeTruthy();

      const plain = await rawRequest(port, target, { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=x%40example.com' });
      expect(plain.status, `form post to ${target}: ${plain.headers.split('\r\n')[0]} ${plain.body}`).toBeGreaterThanOrEqual(400);
      expect(plain.status, `form post to ${target}: ${plain.body}`).toBeLessThan(500);
      expect(JSON.parse(plain.body).error.code, target).toBeTruthy();
      expect(touched.keys, `${target} was looked up`).toEqual([]);
    }
  });
});
