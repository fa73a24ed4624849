import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_MESSAGES } from '../../src/shared/landing-pages/viewer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The Page Not Found page names the slug that was asked for. Whatever is kept to answer it fast, one
 * visitor's request never decides what another visitor of another slug reads.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visit = (slug: string) => t.app.inject({ method: 'GET', url: `/lp/${slug}`, headers: { 'accept-encoding': 'identity' } });
const shownSlug = (body: string) => /<code[^>]*>\/lp\/([^<]*)<\/code>/.exec(body)?.[1];

describe('the Page Not Found page', () => {
  it('shows each of two slugs sharing a 60-character prefix its own slug, in either order and again', async () => {
    const prefix = `${'poisoned-prefix-'.repeat(4)}`.slice(0, 60);
    const first = `${prefix}-attacker-wrote-this`;
    const second = `${prefix}-visitor`;
    for (const slug of [first, second, first, second]) {
      const res = await visit(slug);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(VIEWER_MESSAGES.notFoundTitle);
      expect(shownSlug(res.body), slug).toBe(slug);
    }
  });

  it('shows valid slugs that differ only at the end their own slug', async () => {
    const base = 'x'.repeat(48);
    for (const slug of [`${base}-a`, `${base}-b`, `${base}-a`]) expect(shownSlug((await visit(slug)).body), slug).toBe(slug);
  });

  it('shows a hostile slug as text, never as markup', async () => {
    const res = await visit('%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<img src=x');
    expect(shownSlug(res.body)).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});
