import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { BUILDER_MESSAGES, builderPath, NEW_PAGE_ID } from '../../src/shared/landing-pages/builder.ts';
import { parseContent } from '../../src/shared/landing-pages/parse-content.ts';
import type { PageContent, TreeNode } from '../../src/shared/landing-pages/types.ts';
import { VIEWER_PATHS } from '../../src/shared/landing-pages/viewer.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * The builder's smaller first-minute findings: the header on one row at 1366 px, what a page never
 * saved says of itself, sections named in the Move dialog, a pasted YouTube address stored as its
 * id, a testimonial's author and role on two lines, and a component's toolbar off its content.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const node = (id: string, type: string, props: Record<string, unknown>, components?: unknown[]) => ({ id, type, props, styles: {}, ...(components ? { components } : {}) });

async function seedPage(slug: string, sections: unknown[], title = `Page ${slug}`): Promise<string> {
  const [row] = await server.db
    .insert(landingPages)
    .values({ title, slug, content: JSON.stringify(sections), page_type: 'builder' })
    .returning();
  return row!.id;
}

async function stored(id: string): Promise<{ slug: string; content: PageContent }> {
  const [row] = await server.db.select().from(landingPages).where(eq(landingPages.id, id));
  const parsed = parseContent(row!.content);
  if (!parsed.ok) throw new Error(parsed.message);
  return { slug: row!.slug, content: parsed.content };
}

function findIn(content: PageContent, id: string): TreeNode | undefined {
  const stack: TreeNode[] = [...content];
  while (stack.length > 0) {
    const next = stack.shift()!;
    if (next.id === id) return next;
    stack.push(...(next.components ?? []));
  }
  return undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const frame = (id: string) => canvas().locator(`[data-node-id="${id}"]`);
const panel = () => page.getByRole('complementary', { name: 'Property editor' });
const header = () => page.locator('header').first();
const bannerText = () => page.getByRole('status').locator('p').textContent();

async function openBuilder(id: string) {
  await page.goto(`${server.baseUrl}${builderPath(id)}`);
  await expect.poll(() => canvas().locator('[aria-busy="false"]').count()).toBe(1);
}

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The header's controls (buttons, the title) as drawn: their names and boxes. */
function headerControls(): Promise<Box[]> {
  return header().evaluate((element) =>
    [...element.querySelectorAll('h1, button')].map((control) => {
      const box = control.getBoundingClientRect();
      return { name: control.getAttribute('aria-label') ?? control.textContent!.trim(), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
}

/** How many rows the controls lie in: one middle height per row. */
const rowCount = (controls: Box[]) => new Set(controls.map((control) => Math.round((control.top + control.bottom) / 2))).size;
const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

describe("the builder's header", () => {
  it('stays one row at 1366 px with a saved page, a long title cut; narrower, nothing overlaps and every control stays in the window', async () => {
    // A title as a coach names a page: longer than the room the header's controls leave it.
    const title = 'Spring coaching webinar: three steps to a calmer business';
    const id = await seedPage('header-row', [node('s1', 'section', {}, [node('h1', 'heading', { text: 'Alpha heading', level: 'h2' })])], title);
    await openBuilder(id);
    const heading = header().getByRole('heading', { level: 1 });
    expect(await heading.getAttribute('title')).toBe(title);
    expect(await heading.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect.poll(() => header().getByRole('button', { name: 'History' }).isVisible()).toBe(true);
    const controls = await headerControls();
    expect(controls.map((control) => control.name)).toEqual(expect.arrayContaining(['Reload', 'Debug', 'History', 'Save & Close', 'Save']));
    // One row: every control's middle at the same height, here and at 1280 px.
    expect(rowCount(controls), JSON.stringify(controls)).toBe(1);
    await screenshot(page, 'builder-small-header-1366');
    await page.setViewportSize({ width: 1280, height: 768 });
    const at1280 = await headerControls();
    expect(rowCount(at1280), JSON.stringify(at1280)).toBe(1);
    expect(Math.max(...at1280.map((control) => control.right))).toBeLessThanOrEqual(1280);
    await screenshot(page, 'builder-small-header-1280');

    for (const width of [1024, 800]) {
      await page.setViewportSize({ width, height: 768 });
      const narrow = await headerControls();
      for (const control of narrow) {
        expect(control.left, control.name).toBeGreaterThanOrEqual(0);
        expect(control.right, control.name).toBeLessThanOrEqual(width);
        expect(control.right - control.left, control.name).toBeGreaterThan(0);
      }
      for (const [index, a] of narrow.entries()) for (const b of narrow.slice(index + 1)) expect(overlap(a, b), `${a.name} over ${b.name}`).toBe(false);
      await screenshot(page, `builder-small-header-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});

describe('a page never saved', () => {
  it("says it is not saved yet, not 'All changes saved', until a change; after the first save all is saved", async () => {
    await page.goto(`${server.baseUrl}${builderPath(NEW_PAGE_ID)}`);
    await expect.poll(() => canvas().locator('[aria-busy="false"]').count()).toBe(1);
    await expect.poll(() => header().textContent()).toContain(BUILDER_MESSAGES.saveState.neverSaved);
    expect(await header().textContent()).not.toContain(BUILDER_MESSAGES.saveState.saved);
    // A short title leaves the mode switch beside it, where it always is (not pushed toward the right).
    const status = (await header().getByText(BUILDER_MESSAGES.saveState.neverSaved).boundingBox())!;
    const overview = (await header().getByRole('button', { name: 'Overview' }).boundingBox())!;
    expect(overview.x - (status.x + status.width)).toBeLessThan(32);
    await screenshot(page, 'builder-small-never-saved');
    // A change to it is an unsaved change, as on a saved page.
    await canvas().getByRole('toolbar', { name: 'Section controls' }).first().getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => header().textContent()).toContain(BUILDER_MESSAGES.saveState.unsaved);
    await page.keyboard.press('Control+s');
    await expect.poll(bannerText).toMatch(/^Saved successfully at /);
    await expect.poll(() => header().textContent()).toContain(BUILDER_MESSAGES.saveState.saved);
    expect(await header().textContent()).not.toContain(BUILDER_MESSAGES.saveState.neverSaved);
  });
});

describe('the Move dialog', () => {
  it('names each section by its title or its first heading', async () => {
    const id = await seedPage('move-names', [
      node('s1', 'section', {}, [node('h1', 'heading', { text: 'Welcome aboard', level: 'h1' }), node('p1', 'paragraph', { text: 'Moving words' })]),
      node('s2', 'section', { title: 'Pricing' }, [node('h2', 'heading', { text: 'Plans', level: 'h2' })]),
      node('s3', 'section', {}, [node('c3', 'container', {}, [node('h3', 'heading', { text: 'Questions people ask', level: 'h2' })])]),
      node('s4', 'section', {}, []),
    ]);
    await openBuilder(id);
    await frame('p1').hover();
    await frame('p1').getByRole('button', { name: 'Move to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Component' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'Section 1: Welcome aboard',
      'Section 2: Pricing',
      'Section 3: Questions people ask',
      'Section 3: Questions people ask › Container',
      'Section 4',
    ]);
    await screenshot(page, 'builder-small-move-dialog');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Section 3: Questions people ask › Container' }).click();
    await expect.poll(() => frame('c3').locator('p').allTextContents()).toEqual(['Moving words']);
    // The component tree names the sections by the same rule.
    await frame('h1').hover();
    await frame('h1').getByRole('button', { name: 'Edit properties' }).click();
    const tree = panel().getByRole('navigation', { name: 'Component tree' });
    await expect.poll(() => tree.getByRole('button', { name: 'Section: Questions people ask', exact: true }).count()).toBe(1);
    expect(await tree.getByRole('button', { name: 'Section: Pricing', exact: true }).count()).toBe(1);
  });
});

describe('the YouTube field', () => {
  const ID = 'dQw4w9WgXcQ';
  it('stores the bare id of any usual YouTube address; a bad value is refused with a field error, losing nothing', async () => {
    const id = await seedPage('youtube-field', [node('s1', 'section', {}, [node('y1', 'youtube', { videoId: '' })])]);
    await openBuilder(id);
    await frame('y1').hover();
    await frame('y1').getByRole('button', { name: 'Edit properties' }).click();
    const field = panel().getByLabel('Video (URL or id)');
    const addresses = [
      `https://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?v=${ID}&t=42s&list=PL123`,
      `https://youtu.be/${ID}?si=abcdef&t=3`,
      `https://www.youtube.com/embed/${ID}?start=10`,
      `https://youtube.com/shorts/${ID}?feature=share`,
      `m.youtube.com/watch?feature=youtu.be&v=${ID}`,
    ];
    for (const [index, address] of addresses.entries()) {
      // Each time another id first, so that each address is seen to store its own.
      await field.fill(index % 2 === 0 ? 'aaaaaaaaaaa' : 'bbbbbbbbbbb');
      await field.fill(address);
      await page.keyboard.press('Tab');
      await expect.poll(() => field.inputValue(), { message: address }).toBe(ID);
      expect(await field.getAttribute('aria-invalid'), address).not.toBe('true');
    }
    await expect.poll(() => frame('y1').locator('[data-youtube-id]').getAttribute('data-youtube-id')).toBe(ID);

    // A bad value: a clear error on the field, the typed text kept to correct, the stored id kept.
    await field.fill('https://vimeo.com/123456');
    await page.keyboard.press('Tab');
    const error = panel().getByText(BUILDER_MESSAGES.youTubeInvalid);
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('https://vimeo.com/123456');
    expect(await frame('y1').locator('[data-youtube-id]').getAttribute('data-youtube-id')).toBe(ID);
    await screenshot(page, 'builder-small-youtube-error');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Control+s');
    await expect.poll(bannerText).toMatch(/^Saved successfully at /);
    expect(findIn((await stored(id)).content, 'y1')!.props.videoId).toBe(ID);
    // Corrected, the error goes.
    await field.fill(`youtu.be/${ID}`);
    await expect.poll(() => error.count()).toBe(0);
  });

  it('a page stored with the whole address still shows the video on the canvas and at /lp', async () => {
    const id = await seedPage('youtube-stored-url', [node('s1', 'section', {}, [node('y1', 'youtube', { videoId: `https://www.youtube.com/watch?v=${ID}&t=5` })])]);
    await openBuilder(id);
    await expect.poll(() => frame('y1').locator('[data-youtube-id]').getAttribute('data-youtube-id')).toBe(ID);
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}${VIEWER_PATHS.page.path({ slug: (await stored(id)).slug })}`);
    expect(await visitor.locator('[data-youtube-id]').getAttribute('data-youtube-id')).toBe(ID);
    await visitor.close();
  });
});

describe("a testimonial's author and role", () => {
  /** The author's and the role's elements and where they are drawn. */
  async function caption(where: Locator) {
    const figcaption = where.locator('figcaption');
    const author = figcaption.getByText('Ada Lovelace', { exact: true });
    const role = figcaption.getByText('CTO, Example', { exact: true });
    const [a, r] = [(await author.boundingBox())!, (await role.boundingBox())!];
    return { authorCount: await author.count(), roleCount: await role.count(), roleBelow: r.y >= a.y + a.height - 1 };
  }

  it('are two lines, distinct elements, on the canvas and at /lp', async () => {
    const id = await seedPage('testimonial-lines', [node('s1', 'section', {}, [node('t1', 'testimonial', { quote: 'Great coach', author: 'Ada Lovelace', position: 'CTO, Example' })])]);
    await openBuilder(id);
    expect(await caption(frame('t1'))).toEqual({ authorCount: 1, roleCount: 1, roleBelow: true });
    await screenshot(page, 'builder-small-testimonial-canvas');
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}${VIEWER_PATHS.page.path({ slug: (await stored(id)).slug })}`);
    expect(await caption(visitor.locator('main').last())).toEqual({ authorCount: 1, roleCount: 1, roleBelow: true });
    await screenshot(visitor, 'builder-small-testimonial-lp');
    // Where styles do not reach (a reader view, a text browser, copied text) they are two lines as well.
    await visitor.evaluate(() => document.querySelectorAll('link[rel="stylesheet"], style').forEach((sheet) => sheet.remove()));
    expect(await caption(visitor.locator('main').last())).toEqual({ authorCount: 1, roleCount: 1, roleBelow: true });
    expect(await visitor.locator('figcaption').innerText()).toMatch(/^Ada Lovelace\n+CTO, Example$/);
    await visitor.close();
  });
});

describe("a component's toolbar", () => {
  /** What the browser finds first at a point: the node frame it belongs to, or the toolbar. */
  const hitAt = (x: number, y: number) =>
    page.evaluate(
      ([px, py]) => {
        const element = document.elementFromPoint(px!, py!);
        const toolbar = element?.closest('[role="toolbar"]');
        return toolbar ? `toolbar: ${toolbar.getAttribute('aria-label')}` : (element?.closest('[data-node-id]')?.getAttribute('data-node-id') ?? null);
      },
      [x, y],
    );

  it('sits outside its component: a click on the top-right corner of its content reaches the content', async () => {
    const id = await seedPage('toolbar-outside', [
      node('s1', 'section', {}, [
        node('h1', 'heading', { text: 'A heading that fills its line to the right edge', level: 'h2', tailwindClasses: 'text-right' }),
        node('p1', 'paragraph', { text: 'Right-aligned words reach the top-right corner of this paragraph', tailwindClasses: 'text-right' }),
        node('b1', 'button', { text: 'Corner button', tailwindClasses: 'ml-auto block' }),
      ]),
    ]);
    await openBuilder(id);
    const contents = { p1: frame('p1').locator('p'), b1: frame('b1').getByRole('button', { name: 'Corner button' }), h1: frame('h1').locator('h2') };
    for (const [nodeId, content] of Object.entries(contents)) {
      const box = (await content.boundingBox())!;
      // Inside the top-right corner, where the toolbar used to lie over the content.
      const [x, y] = [box.x + box.width - 12, box.y + 4];
      // The pointer over the corner shows the component's toolbar; the corner is still its content.
      await page.mouse.move(x, y);
      const toolbar = frame(nodeId).getByRole('toolbar').first();
      await expect.poll(() => toolbar.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      expect(await hitAt(x, y), nodeId).toBe(nodeId);
      const bar = (await toolbar.boundingBox())!;
      const own = (await frame(nodeId).boundingBox())!;
      // Above its component, not over it, and inside the canvas.
      expect(bar.y + bar.height, nodeId).toBeLessThanOrEqual(own.y + 0.5);
      const area = (await canvas().boundingBox())!;
      expect(bar.y, nodeId).toBeGreaterThanOrEqual(area.y);
      expect(bar.x + bar.width, nodeId).toBeLessThanOrEqual(area.x + area.width);
      await page.mouse.click(x, y);
      await expect.poll(() => canvas().locator('[data-selected]').getAttribute('data-node-id')).toBe(nodeId);
      if (nodeId === 'p1') await screenshot(page, 'builder-small-toolbar-above');
    }
    // From its component the pointer goes up into the toolbar, which stays shown, and a click there acts.
    const paragraph = (await frame('p1').locator('p').boundingBox())!;
    const edit = (await frame('p1').getByRole('toolbar').getByRole('button', { name: 'Edit properties' }).boundingBox())!;
    await page.mouse.move(paragraph.x + paragraph.width - 12, paragraph.y + 4);
    await page.mouse.move(edit.x + edit.width / 2, edit.y + edit.height / 2, { steps: 5 });
    expect(await hitAt(edit.x + edit.width / 2, edit.y + edit.height / 2)).toBe('toolbar: Paragraph controls');
    expect(await frame('p1').getByRole('toolbar').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => panel().getByRole('heading', { name: 'Paragraph properties' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
