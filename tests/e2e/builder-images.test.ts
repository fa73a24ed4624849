import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { photo } from '../../src/server/images/test-images.ts';
import { builderPath } from '../../src/shared/landing-pages/builder.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * Issue #13's pickers: an image uploaded into the library from the builder's image field, picked for
 * an image component and a hero's background, saved, and seen loaded at /lp/{slug} in the widths
 * the server makes (srcset).
 */

let server: StaffSession['server'];
let browser: Browser;
let page: Page;
let errors: string[];

const staff = staffSession({ width: 1400 });
beforeAll(() => void ({ server, browser, page, errors } = staff));

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const panel = () => page.getByRole('complementary', { name: 'Property editor' });
const library = () => page.getByRole('dialog', { name: 'Image Library' });

describe('image pickers in the builder', () => {
  it('uploads an image in the library, uses it for an image component, and the published page loads it with a srcset', async () => {
    const content = JSON.stringify([
      { id: 's1', type: 'section', props: {}, styles: {}, components: [{ id: 'img1', type: 'image', props: { alt: 'Our studio', width: '640px', height: '320px' }, styles: {} }] },
      { id: 's2', type: 'section', props: {}, styles: {}, components: [{ id: 'hero1', type: 'hero', props: { title: 'Welcome' }, styles: {} }] },
    ]);
    const [stored] = await server.db.insert(landingPages).values({ title: 'Studio', slug: 'studio', content, page_type: 'builder' }).returning();
    await page.goto(`${server.baseUrl}${builderPath(stored!.id)}`);
    await expect.poll(() => canvas().locator('[aria-busy="false"]').count()).toBe(1);

    await canvas().locator('[data-node-id="img1"]').hover();
    await canvas().locator('[data-node-id="img1"]').getByRole('button', { name: 'Edit properties' }).click();
    const choose = panel().getByRole('button', { name: 'Image: Choose from library' });
    await choose.click();
    await expect.poll(() => library().isVisible()).toBe(true);
    await library().getByLabel('Choose images to upload').setInputFiles([{ name: 'studio.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 600) }]);
    const use = library().getByRole('button', { name: 'Use: studio.jpg' });
    await expect.poll(() => use.isVisible()).toBe(true);
    await screenshot(page, 'builder-image-library');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await use.click();
    await expect.poll(() => library().count()).toBe(0);
    // Focus is back on the control that opened the library.
    await expect.poll(() => choose.evaluate((button) => button === document.activeElement)).toBe(true);

    const src = await panel().getByLabel('Image', { exact: true }).inputValue();
    expect(src).toMatch(/^\/api\/public\/images\/[0-9a-f]{32}\.jpg$/);
    const canvasImage = canvas().getByRole('img', { name: 'Our studio' });
    await expect.poll(() => canvasImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await canvasImage.getAttribute('srcset')).toContain(`${src}?w=480 480w`);

    // The hero's background comes from the library too.
    await canvas().locator('[data-node-id="hero1"]').hover();
    await canvas().locator('[data-node-id="hero1"]').getByRole('button', { name: 'Edit properties' }).click();
    await panel().getByRole('button', { name: 'Background image: Choose from library' }).click();
    await library().getByRole('button', { name: 'Use: studio.jpg' }).click();
    await expect.poll(() => panel().getByLabel('Background image', { exact: true }).inputValue()).toBe(src);
    await expect.poll(() => canvas().locator('[data-node-id="hero1"] > div').last().evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(src);
    await expect.poll(() => page.evaluate((url) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(url)), src)).toBe(true);
    await screenshot(page, 'builder-image-picked');

    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByRole('status').locator('p').textContent()).toMatch(/^Saved successfully/);
    const [saved] = await server.db.select().from(landingPages).where(eq(landingPages.id, stored!.id));
    expect(saved!.content).toContain(src);

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${server.baseUrl}/lp/studio`);
    const published = visitor.getByRole('img', { name: 'Our studio' });
    await expect.poll(() => published.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await published.getAttribute('srcset')).toBe(`${src}?w=480 480w, ${src}?w=960 960w, ${src}?w=1920 1920w`);
    expect(await published.getAttribute('sizes')).toBe('(max-width: 640px) 100vw, 640px');
    // A phone's width takes a smaller file than the stored one.
    expect(await published.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\?w=(480|960)$/);
    await screenshot(visitor, 'builder-image-published');
    await visitor.close();
    expect(errors).toEqual([]);
  });
});
