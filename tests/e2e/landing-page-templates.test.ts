import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { PAGE_TEMPLATES } from '../../src/shared/landing-pages/templates/index.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot, watchPageErrors } from './helpers/browser.ts';
import { seenWords } from './helpers/readability.ts';
import { staffSession } from './helpers/staff-session.ts';

/**
 * The template gallery: every template published as an active page and seen by visitors at a phone's
 * and a desktop's width (axe-clean, nothing wider than a phone, every word readable at 4.5:1), then the
 * owner's path from 'Use Builder' through the gallery by keyboard to a saved, published page.
 */

const session = staffSession({ width: 1366 });
/** WCAG AA for body text: every template's words meet it, large or not. */
const MIN_TEXT_CONTRAST = 4.5;
const WIDTHS = [375, 1366] as const;

/** Words a visitor sees but cannot read well: under the contrast, or on an image whose contrast is unknown. */
async function unreadableWords(page: Page): Promise<string[]> {
  const words = (await seenWords(page)).filter((seen) => !seen.hidden);
  expect(words.length).toBeGreaterThan(10);
  return words.filter((seen) => seen.onImage || seen.contrast < MIN_TEXT_CONTRAST).map((seen) => `${seen.word} (${seen.onImage ? 'on an image' : `${seen.contrast}:1`})`);
}

describe('landing page templates', () => {
  it.each(PAGE_TEMPLATES.map((t) => [t.id, t] as const))('%s is published clean at 375 and 1366 px', async (_, template) => {
    const { server, browser } = session;
    const created = await session.page.request.post(`${server.baseUrl}${LANDING_PAGE_PATHS.list}`, {
      data: { title: template.title, slug: template.slug, content: serializeContent(template.make()), page_type: 'builder', is_active: true },
      headers: { origin: server.baseUrl },
    });
    expect(created.status(), await created.text()).toBe(201);
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
      const visitor = await context.newPage();
      const errors = watchPageErrors(visitor);
      const response = await visitor.goto(`${server.baseUrl}/lp/${template.slug}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await visitor.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await seriousA11yViolations(visitor), `${template.id} at ${width}`).toEqual([]);
      expect(await unreadableWords(visitor), `${template.id} at ${width}`).toEqual([]);
      if (width === 375) {
        const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${template.id} is wider than a phone`).toBe(0);
      }
      // Images are the app's own: all of them load.
      expect(await visitor.evaluate(() => [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src))).toEqual([]);
      expect(errors).toEqual([]);
      await screenshot(visitor, `template-${template.id}-${width}`);
      await context.close();
    }
  });

  it('takes the owner from Use Builder through the gallery, by keyboard, to a saved webinar page at /lp', async () => {
    const { page, server, browser } = session;
    const webinar = PAGE_TEMPLATES.find((t) => t.id === 'webinar')!;
    await page.goto(`${server.baseUrl}/crm/landing-pages`);
    const useBuilder = page.getByRole('button', { name: 'Use Builder' });
    await useBuilder.focus();
    await page.keyboard.press('Enter');
    const gallery = page.getByRole('dialog', { name: 'Start a new page' });
    await expect.poll(() => gallery.isVisible()).toBe(true);
    // Every card shows its picture, loaded.
    await expect
      .poll(() => gallery.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length))
      .toBe(PAGE_TEMPLATES.length);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'template-gallery');

    // Escape closes it and focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect.poll(() => gallery.count()).toBe(0);
    await expect.poll(() => useBuilder.evaluate((el) => el === document.activeElement)).toBe(true);

    // Again, and from the blank page the arrow key moves to the webinar, Enter chooses it.
    await page.keyboard.press('Enter');
    await expect.poll(() => gallery.isVisible()).toBe(true);
    await gallery.getByRole('link', { name: /^Blank page/ }).focus();
    await page.keyboard.press('ArrowRight');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toContain(webinar.name);
    await page.keyboard.press('Enter');

    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/crm/landing-pages/new/builder?template=webinar');
    const canvas = page.getByRole('region', { name: 'Page canvas' });
    const heading = 'Find clarity for your next career step in 60 minutes';
    await expect.poll(() => canvas.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    expect(await page.getByText('Not saved yet').isVisible()).toBe(true);
    // Nothing is stored until the owner saves.
    const listed = async () => (await (await page.request.get(`${server.baseUrl}${LANDING_PAGE_PATHS.list}`)).json()).pages.length as number;
    const before = await listed();
    await page.keyboard.press('Control+s');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/landing-pages\/[0-9a-f-]{36}\/builder$/);
    expect(await listed()).toBe(before + 1);

    // Its title and address, given in the list's Edit form.
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/landing-pages');
    await page.getByRole('button', { name: 'Edit New Landing Page' }).click();
    const form = page.getByRole('form', { name: 'Edit Landing Page' });
    await form.getByLabel('Title').fill('Career clarity webinar');
    await form.getByLabel('URL slug').fill('career-clarity');
    await expect.poll(() => form.getByText('Available', { exact: true }).isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => form.count()).toBe(0);

    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/lp/career-clarity`);
    await expect.poll(() => visitor.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    expect(await visitor.getByRole('button', { name: 'Save my seat' }).isVisible()).toBe(true);
    await visitor.close();
    expect(session.errors).toEqual([]);
  });

  it('opens the default page for a template id no template has', async () => {
    const { page, server } = session;
    await page.goto(`${server.baseUrl}/crm/landing-pages/new/builder?template=no-such-template`);
    const canvas = page.getByRole('region', { name: 'Page canvas' });
    await expect.poll(() => canvas.getByRole('heading', { level: 1, name: 'Welcome to Your Landing Page' }).isVisible()).toBe(true);
  });
});
