import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { parseContent, serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import type { ComponentNode, PageContent } from '../../src/shared/landing-pages/types.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * Drag and drop in the builder: a paragraph dragged with the mouse to another section on the canvas,
 * undone and redone; a paragraph dragged in the component tree into an empty grid cell; sections
 * reordered with the keyboard (and a cancelled keyboard drag); saved, and the same order at /lp.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let page: Page;
let errors: string[];
let pageId: string;
const SLUG = 'drag-and-drop';

const paragraph = (text: string): ComponentNode => createComponent('paragraph', { text });

/** Section one: Alpha (heading), Bravo, a grid (cell 1: Charlie; cell 2 empty), a container (Delta). Section two: Echo. */
function seedPage(): PageContent {
  const grid = createComponent('grid');
  const [first, second] = grid.components!;
  return [
    {
      ...createSection(),
      components: [
        createComponent('heading', { text: 'Alpha' }),
        paragraph('Bravo'),
        { ...grid, components: [{ ...first!, components: [paragraph('Charlie')] }, second!] },
        { ...createComponent('container'), components: [paragraph('Delta')] },
      ],
    },
    { ...createSection(), components: [paragraph('Echo')] },
  ];
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const [row] = await server.db
    .insert(landingPages)
    .values({ title: 'Drag Page', slug: SLUG, content: serializeContent(seedPage()), page_type: 'builder' })
    .returning();
  pageId = row!.id;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const canvas = () => page.locator('main.lp-canvas');
const sections = () => canvas().locator(':scope > [data-node-id]');
/** The paragraph and heading texts of a section, in page order. */
const textsOf = (index: number) => sections().nth(index).locator('h1, h2, h3, p').allTextContents();
const nodeWith = (text: string) => canvas().locator('[data-node-id]').filter({ hasText: text }).last();
const indicator = () => page.getByTestId('drop-indicator');
const liveRegion = () => page.locator('[id^="DndLiveRegion"]');
const tree = () => page.getByRole('navigation', { name: 'Component tree' });
const treeLine = (text: string) => tree().locator('[data-tree-row]').filter({ hasText: text });

/** Presses the mouse on a handle and moves, in steps, to a point of the target's box (fractions of its width and height). */
async function dragTo(handle: Locator, target: Locator, at: { x: number; y: number }) {
  await handle.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width * at.x, box.y + box.height * at.y, { steps: 12 });
}

describe('drag and drop in the builder', () => {
  it('moves a paragraph to another section with the mouse on the canvas, in one undo step', async () => {
    await page.goto(`${server.baseUrl}/crm/landing-pages/${pageId}/builder`);
    await expect.poll(() => sections().count()).toBe(2);
    await expect.poll(textsOf.bind(null, 0)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);

    await nodeWith('Bravo').hover();
    const handle = nodeWith('Bravo').getByRole('button', { name: 'Drag Paragraph' });
    await dragTo(handle, nodeWith('Echo'), { x: 0.5, y: 0.8 });
    // The line shows the place: below Echo.
    await expect.poll(() => indicator().isVisible()).toBe(true);
    const line = (await indicator().boundingBox())!;
    const echo = (await nodeWith('Echo').boundingBox())!;
    expect(Math.abs(line.y + line.height / 2 - (echo.y + echo.height))).toBeLessThan(4);
    await screenshot(page, 'builder-drag-canvas');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.mouse.up();

    await expect.poll(textsOf.bind(null, 1)).toEqual(['Echo', 'Bravo']);
    await expect.poll(textsOf.bind(null, 0)).toEqual(['Alpha', 'Charlie', 'Delta']);
    await expect.poll(() => indicator().isVisible()).toBe(false);
    await expect.poll(() => liveRegion().textContent()).toContain('Paragraph was dropped in section 2, at position 2 of 2');

    await page.keyboard.press('Control+z');
    await expect.poll(textsOf.bind(null, 0)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    await expect.poll(textsOf.bind(null, 1)).toEqual(['Echo']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(textsOf.bind(null, 1)).toEqual(['Echo', 'Bravo']);
  });

  it('leaves a container where it was when it is dropped over its own child', async () => {
    // Over its own child, the container stays where it is: nothing changes on release.
    await nodeWith('Delta').hover();
    const container = canvas().locator('[data-node-id]').filter({ has: page.getByText('Delta', { exact: true }) }).nth(1);
    await container.hover({ position: { x: 20, y: 5 } });
    const before = await textsOf(0);
    await dragTo(container.getByRole('button', { name: 'Drag Container' }).first(), nodeWith('Delta'), { x: 0.5, y: 0.5 });
    await page.mouse.up();
    await expect.poll(() => liveRegion().textContent()).toContain('Container was dropped where it was');
    expect(await textsOf(0)).toEqual(before);
  });

  it('moves a paragraph into an empty grid cell in the component tree', async () => {
    await nodeWith('Alpha').hover();
    await nodeWith('Alpha').hover();
    await nodeWith('Alpha').getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => tree().isVisible()).toBe(true);
    const emptyCell = tree().locator('li[data-tree-id]').filter({ has: page.locator(':scope > [data-tree-row]', { hasText: 'Grid Cell' }) }).nth(1);
    await dragTo(treeLine('Paragraph: Delta').getByRole('button', { name: 'Drag Paragraph' }), emptyCell.locator(':scope > [data-tree-row]'), { x: 0.6, y: 0.5 });
    await expect.poll(() => indicator().isVisible()).toBe(true);
    await screenshot(page, 'builder-drag-tree');
    await page.mouse.up();
    // The canvas shows it in the grid's second cell; the container is empty now.
    const cells = canvas().locator('[data-node-id]:has(> [aria-label="Grid cell controls"])');
    await expect.poll(() => cells.nth(1).locator('p').allTextContents()).toEqual(['Delta']);
    await expect.poll(() => treeLine('Paragraph: Delta').count()).toBe(1);
  });

  it('reorders sections with the keyboard, announces each place, and cancels with Escape', async () => {
    const secondHandle = () => sections().nth(1).getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Drag Section' });
    await secondHandle().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion().textContent()).toContain('Picked up section');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => liveRegion().textContent()).toContain('Section would go at position 1 of 2 among the sections');
    await expect.poll(() => indicator().isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => liveRegion().textContent()).toContain('was cancelled');
    await expect.poll(textsOf.bind(null, 1)).toEqual(['Echo', 'Bravo']);

    await secondHandle().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion().textContent()).toContain('Picked up section');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => liveRegion().textContent()).toContain('would go at position 1');
    await page.keyboard.press('Enter');
    await expect.poll(textsOf.bind(null, 0)).toEqual(['Echo', 'Bravo']);
    await expect.poll(textsOf.bind(null, 1)).toEqual(['Alpha', 'Charlie', 'Delta']);
    // Focus comes back to the handle it started from.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Drag Section');

    // Keyboard drag of a component: one place down, below Bravo.
    const echoHandle = nodeWith('Echo').getByRole('button', { name: 'Drag Paragraph' });
    await echoHandle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion().textContent()).toContain('Picked up paragraph');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => liveRegion().textContent()).toContain('Paragraph would go in section 1, at position 2 of 2');
    await page.keyboard.press('Space');
    await expect.poll(textsOf.bind(null, 0)).toEqual(['Bravo', 'Echo']);
    expect(errors).toEqual([]);
  });

  it('saves what was dropped, and /lp shows that order', async () => {
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByText(/^Saved successfully at /).isVisible()).toBe(true);
    const [stored] = await server.db.select().from(landingPages).where(eq(landingPages.id, pageId));
    const parsed = parseContent(stored!.content);
    expect(parsed.ok && parsed.content.map((section) => section.components.map((component) => component.props.text ?? component.type))).toEqual([
      ['Bravo', 'Echo'],
      ['Alpha', 'grid', 'container'],
    ]);

    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/lp/${SLUG}`);
    const text = await visitor.locator('main').last().innerText();
    const order = ['Bravo', 'Echo', 'Alpha', 'Charlie', 'Delta'].map((word) => text.indexOf(word));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await screenshot(visitor, 'builder-drag-published');
    await visitor.close();
  });
});
