import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { screenshot } from './helpers/browser.ts';
import { compareWords, seenWords, type Readability } from './helpers/readability.ts';
import { consentedContext, staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * Imports that stay readable: each page of the corpus (tests/fixtures/landing-pages, real exports of
 * a dozen frameworks and site builders) is shown in Chromium as its own document draws it (its
 * `<style>` and inline styles; nothing loads from the network, as nothing can here), converted on the
 * converter screen, saved as a landing page and opened at /lp. Every word the source shows must be
 * shown by the published page, with a contrast of at least 3:1 against the colour behind it; words
 * on a background image are counted apart, and keep the colour the source put under the image.
 */

const CORPUS = path.resolve('tests/fixtures/landing-pages');
/**
 * What the frameworks' own stylesheets (which cannot load here) hide on every screen: text for
 * screen readers only, and `hidden`. Without it the source would show words its visitors never see.
 */
const FRAMEWORK_HIDDEN = `.sr-only, .visually-hidden, .show-for-sr, .is-sr-only, .screen-reader-text, .elementor-screen-only, .hidden { display: none !important; }`;
const fixtures = fs.readdirSync(CORPUS).filter((name) => name.endsWith('.html')).sort();

let server: StaffSession['server'];
let browser: StaffSession['browser'];
let offline: BrowserContext;
const staff = staffSession();

beforeAll(async () => {
  ({ server, browser } = staff);
  await staff.page.goto(`${server.baseUrl}/crm/landing-pages/convert`);
  await staff.page.getByRole('heading', { level: 1, name: 'HTML to JSON Converter' }).waitFor();
  // A visitor's browser that reaches the test server and nothing else (no CDN, fonts or images from the source site).
  offline = await consentedContext(browser, 1280);
  await offline.route('**/*', (route) => (route.request().url().startsWith(server.baseUrl) ? route.continue() : route.abort()));
});

/** Converts the page on the converter screen, saves it, activates it, and answers its slug. */
async function publish(html: string): Promise<string> {
  const page = staff.page;
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('HTML', { exact: true }).fill(html);
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect.poll(() => page.getByRole('region', { name: 'Results' }).getByRole('status').textContent()).toContain('Successfully converted');
  await page.getByRole('button', { name: 'Create landing page' }).click();
  const notice = page.getByText('inactive until you activate it');
  await notice.waitFor();
  const slug = /\/lp\/(converted-\d+)/.exec((await notice.textContent()) ?? '')?.[1];
  if (!slug) throw new Error('no slug in the created notice');
  const [row] = await server.db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.slug, slug));
  if (!row) throw new Error(`page ${slug} not saved`);
  const activated = await page.request.patch(`${server.baseUrl}${LANDING_PAGE_PATHS.one.path({ id: row.id })}`, { data: { is_active: true }, headers: { origin: server.baseUrl } });
  expect(activated.status()).toBe(200);
  return slug;
}

const scores: Array<[string, Readability]> = [];

describe('converted pages stay readable', () => {
  it.each(fixtures)('%s: every word the source shows is shown at /lp, readable', async (fixture) => {
    const html = fs.readFileSync(path.join(CORPUS, fixture), 'utf8');
    const name = fixture.replace(/\.html$/, '');

    const source = await offline.newPage();
    await source.setContent(html, { waitUntil: 'load' });
    await source.addStyleTag({ content: FRAMEWORK_HIDDEN });
    const before = await seenWords(source);
    await screenshot(source, `converter-${name}-source`);
    await source.close();

    const slug = await publish(html);
    const visitor = await offline.newPage();
    const response = await visitor.goto(`${server.baseUrl}/lp/${slug}`);
    expect(response?.status()).toBe(200);
    const after = await seenWords(visitor);
    await screenshot(visitor, `converter-${name}-lp`);
    await visitor.close();

    const score = compareWords(before, after);
    scores.push([name, score]);
    console.log(
      `${name}: ${score.visible}/${score.total} words visible, ${score.lowContrast.length} contrast failures, ${score.onImage} on an image` +
        (score.unseen.length ? `\n  unseen: ${score.unseen.slice(0, 40).join(', ')}` : '') +
        (score.lowContrast.length ? `\n  low contrast: ${score.lowContrast.slice(0, 40).join(', ')}` : '') +
        (score.imageWithoutColour.length ? `\n  on an image without the source's colour under it: ${score.imageWithoutColour.slice(0, 20).join(', ')}` : ''),
    );
    expect(score.total).toBeGreaterThan(100);
    expect(score.unseen).toEqual([]);
    expect(score.lowContrast).toEqual([]);
    expect(score.imageWithoutColour).toEqual([]);
  });

  it('printed a score for every page', () => {
    console.log(['page                               visible      contrast failures  on an image', ...scores.map(([name, s]) => `${name.padEnd(34)} ${`${s.visible}/${s.total}`.padEnd(12)} ${String(s.lowContrast.length).padEnd(18)} ${s.onImage}`)].join('\n'));
    expect(scores.map(([name]) => name)).toEqual(fixtures.map((fixture) => fixture.replace(/\.html$/, '')));
  });
});
