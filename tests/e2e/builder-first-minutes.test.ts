import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { LANDING_PAGE_PATHS, PAGE_PREVIEW_MESSAGES } from '../../src/shared/landing-pages/api.ts';
import { BUILDER_MESSAGES, builderPath } from '../../src/shared/landing-pages/builder.ts';
import { HEADING_LEVEL_CLASSES } from '../../src/shared/landing-pages/constants.ts';
import { parseContent } from '../../src/shared/landing-pages/parse-content.ts';
import type { PageContent, TreeNode } from '../../src/shared/landing-pages/types.ts';
import { VIEWER_PATHS } from '../../src/shared/landing-pages/viewer.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * What a new user meets in the builder's first minutes: a click on the canvas selects (and copy,
 * paste and the keys act on that), a new section has room around its content and its toolbar covers
 * none of it, a heading's level changes its size and keeps the user's own size, a new hero with
 * navigation says 'Welcome' once, and Reload asks before it throws unsaved changes away.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const node = (id: string, type: string, props: Record<string, unknown>, components?: unknown[]) => ({ id, type, props, styles: {}, ...(components ? { components } : {}) });

async function seedPage(slug: string, sections: unknown[]): Promise<string> {
  const [row] = await server.db
    .insert(landingPages)
    .values({ title: `Page ${slug}`, slug, content: JSON.stringify(sections), page_type: 'builder' })
    .returning();
  return row!.id;
}

async function stored(id: string): Promise<{ slug: string; content: PageContent }> {
  const [row] = await server.db.select().from(landingPages).where(eq(landingPages.id, id));
  const parsed = parseContent(row!.content);
  if (!parsed.ok) throw new Error(parsed.message);
  return { slug: row!.slug, content: parsed.content };
}

function findIn(content: PageContent, test: (node: TreeNode) => boolean): TreeNode | undefined {
  const stack: TreeNode[] = [...content];
  while (stack.length > 0) {
    const next = stack.shift()!;
    if (test(next)) return next;
    stack.push(...(next.components ?? []));
  }
  return undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const sections = () => canvas().locator('main.lp-canvas > [data-node-id]');
const frame = (id: string) => canvas().locator(`[data-node-id="${id}"]`);
const panel = () => page.getByRole('complementary', { name: 'Property editor' });
const bannerText = () => page.getByRole('status').locator('p').textContent();
const selectedIds = () => canvas().locator('[data-selected]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-id')));

async function openBuilder(id: string) {
  await page.goto(`${server.baseUrl}${builderPath(id)}`);
  await expect.poll(() => canvas().locator('[aria-busy="false"]').count()).toBe(1);
}

/** Clicks the middle of an element with the mouse, as a user does, and says what the browser found there first. */
async function clickCentre(target: Locator): Promise<string | null> {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  const hit = await page.evaluate(
    ([px, py]) => {
      const element = document.elementFromPoint(px!, py!);
      return element?.closest('[data-node-id], [role="toolbar"]')?.getAttribute('data-node-id') ?? element?.closest('[role="toolbar"]')?.getAttribute('aria-label') ?? null;
    },
    [x, y],
  );
  await page.mouse.click(x, y);
  return hit;
}

async function addComponentTo(section: Locator, label: string) {
  await section.getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Component' });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('a click on the canvas selects', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-click', [
      node('s1', 'section', {}, [node('h1', 'heading', { text: 'Alpha heading', level: 'h2' }), node('p1', 'paragraph', { text: 'Alpha words' }), node('b1', 'button', { text: 'Alpha button', href: 'https://example.com/elsewhere' })]),
      node('s2', 'section', {}, [node('h2', 'heading', { text: 'Beta heading', level: 'h2' })]),
    ]);
  });

  it('outlines the clicked component and shows it in the property editor; copy and paste act on it; Escape clears', async () => {
    await openBuilder(id);
    await frame('h1').hover();
    await frame('h1').getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => panel().getByRole('heading', { name: 'Heading properties' }).isVisible()).toBe(true);
    await clickCentre(frame('p1').locator('p'));
    await expect.poll(selectedIds).toEqual(['p1']);
    await expect.poll(() => panel().getByRole('heading', { name: 'Paragraph properties' }).isVisible()).toBe(true);
    await expect.poll(() => panel().getByLabel('Text', { exact: true }).inputValue()).toBe('Alpha words');

    // Another click moves the selection; Ctrl+C copies that one, Ctrl+V pastes after the one clicked next.
    await clickCentre(frame('h2').locator('h2'));
    await expect.poll(selectedIds).toEqual(['h2']);
    await expect.poll(() => panel().getByRole('heading', { name: 'Heading properties' }).isVisible()).toBe(true);
    await page.keyboard.press('Control+c');
    await expect.poll(bannerText).toContain('Copied the heading');
    await clickCentre(frame('p1').locator('p'));
    await expect.poll(selectedIds).toEqual(['p1']);
    await page.keyboard.press('Control+v');
    await expect.poll(() => sections().nth(0).locator('section').locator('h2, p, a').allTextContents()).toEqual(['Alpha heading', 'Alpha words', 'Beta heading', 'Alpha button']);

    // A link of the page (the button) selects rather than follows.
    const before = page.url();
    await clickCentre(frame('b1').locator('a'));
    await expect.poll(selectedIds).toEqual(['b1']);
    expect(page.url()).toBe(before);
    await screenshot(page, 'builder-first-minutes-selected');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(selectedIds).toEqual([]);
    await expect.poll(() => panel().getByText(BUILDER_MESSAGES.nothingSelected).isVisible()).toBe(true);

    // The keyboard's ways still select, and a double-click still edits the text in place.
    await page.keyboard.press('Control+ArrowRight');
    await expect.poll(selectedIds).toEqual(['s1']);
    await frame('h1').locator('h2').dblclick();
    await expect.poll(() => canvas().getByRole('textbox').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => canvas().getByRole('textbox').count()).toBe(0);
    expect(await selectedIds()).toEqual(['h1']);
  });
});

describe('a node toolbar', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-toolbar', [node('s1', 'section', {}, [node('p1', 'paragraph', { text: 'First words' }), node('p2', 'paragraph', { text: 'Last words' })])]);
  });

  it('leaves the selection alone, so its Add Component offers to add after the selected component', async () => {
    await openBuilder(id);
    await clickCentre(frame('p1').locator('p'));
    await expect.poll(selectedIds).toEqual(['p1']);
    await sections().nth(0).locator('section').hover({ position: { x: 5, y: 5 } });
    const addButton = sections().nth(0).getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' });
    await addButton.click();
    const dialog = page.getByRole('dialog', { name: 'Add Component' });
    await expect.poll(() => dialog.getByRole('radio', { name: 'After the selected paragraph' }).count()).toBe(1);
    expect(await selectedIds()).toEqual(['p1']);
    await dialog.getByRole('radio', { name: 'After the selected paragraph' }).check();
    await dialog.getByRole('button', { name: 'Heading', exact: true }).click();
    await expect.poll(() => sections().nth(0).locator('section').locator('h1, p').allTextContents()).toEqual(['First words', 'Your heading', 'Last words']);
    await page.keyboard.press('Control+s');
    await expect.poll(bannerText).toMatch(/^Saved successfully/);
    expect(findIn((await stored(id)).content, (n) => n.id === 's1')?.components?.map((c) => c.type)).toEqual(['paragraph', 'heading', 'paragraph']);
  });
});

describe('a new section', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-section', [node('s0', 'section', {}, [node('h0', 'heading', { text: 'Already here', level: 'h2' })])]);
  });

  it('has padding and a centred content width; its toolbar covers none of its first component', async () => {
    await openBuilder(id);
    await canvas().getByRole('button', { name: 'Add Section' }).click();
    await expect.poll(() => sections().count()).toBe(2);
    await addComponentTo(sections().nth(1), 'Paragraph');
    const paragraph = sections().nth(1).locator('section > [data-node-id]').first();
    const paragraphId = (await paragraph.getAttribute('data-node-id'))!;

    // The section's toolbar shows while the pointer is over the section, and the paragraph's centre is the paragraph's.
    await sections().nth(1).locator('section').hover({ position: { x: 5, y: 5 } });
    expect(await clickCentre(paragraph.locator('p'))).toBe(paragraphId);
    await expect.poll(selectedIds).toEqual([paragraphId]);
    // The already present first section's first component too (a section without padding).
    expect(await clickCentre(frame('h0').locator('h2'))).toBe('h0');
    await expect.poll(selectedIds).toEqual(['h0']);

    const gap = async () => {
      const [outer, inner] = await Promise.all([sections().nth(1).locator('section').boundingBox(), paragraph.boundingBox()]);
      return { left: inner!.x - outer!.x, right: outer!.x + outer!.width - (inner!.x + inner!.width), top: inner!.y - outer!.y };
    };
    const wide = await gap();
    expect(wide.left).toBeGreaterThanOrEqual(16);
    expect(wide.top).toBeGreaterThanOrEqual(16);
    await screenshot(page, 'builder-first-minutes-new-section');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press('Control+s');
    await expect.poll(bannerText).toMatch(/^Saved successfully/);
    const { slug } = await stored(id);

    // The published page, at a phone's width and a wide screen's: never touching the edge, never wider than 72rem.
    for (const width of [375, 1920]) {
      const visitor = await browser.newPage({ viewport: { width, height: 800 } });
      await visitor.goto(`${server.baseUrl}${VIEWER_PATHS.page.path({ slug })}`);
      const text = visitor.getByText('Write your text here.');
      const box = (await text.boundingBox())!;
      expect(box.x, `left edge at ${width}px`).toBeGreaterThanOrEqual(16);
      expect(width - (box.x + box.width), `right edge at ${width}px`).toBeGreaterThanOrEqual(16);
      expect(box.width, `width at ${width}px`).toBeLessThanOrEqual(72 * 16);
      await screenshot(visitor, `lp-first-minutes-new-section-${width}`);
      // The page stored before keeps what it had: its heading still starts at the edge.
      expect((await visitor.getByRole('heading', { name: 'Already here' }).boundingBox())!.x).toBeLessThan(16);
      await visitor.close();
    }
  });
});

describe("a heading's level", () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-heading', [node('s1', 'section', {}, [node('p1', 'paragraph', { text: 'Intro' })])]);
  });

  it('swaps the size classes, keeps the classes and the font size the user set, and the saved content has them', async () => {
    await openBuilder(id);
    await addComponentTo(sections().nth(0), 'Heading');
    const heading = sections().nth(0).getByRole('heading', { name: 'Your heading' });
    const fontSize = () => heading.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    await expect.poll(() => panel().getByRole('heading', { name: 'Heading properties' }).isVisible()).toBe(true);
    const classes = panel().getByLabel('Tailwind classes');
    await classes.fill(`${HEADING_LEVEL_CLASSES.h1} tracking-wide`);
    await panel().getByLabel('Level').selectOption('h4');
    await expect.poll(() => heading.evaluate((element) => element.tagName)).toBe('H4');
    await expect.poll(() => classes.inputValue()).toBe(`${HEADING_LEVEL_CLASSES.h4} tracking-wide`);
    await expect.poll(fontSize).toBe(20);

    await panel().getByLabel('font-size').fill('3rem');
    await expect.poll(fontSize).toBe(48);
    await panel().getByLabel('Level').selectOption('h2');
    await expect.poll(() => classes.inputValue()).toBe(`${HEADING_LEVEL_CLASSES.h2} tracking-wide`);
    await expect.poll(() => panel().getByLabel('font-size').inputValue()).toBe('3rem');
    await expect.poll(fontSize).toBe(48);
    await screenshot(page, 'builder-first-minutes-heading-level');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press('Control+s');
    await expect.poll(bannerText).toMatch(/^Saved successfully/);
    const saved = findIn((await stored(id)).content, (n) => n.type === 'heading')!;
    expect(saved.props).toMatchObject({ level: 'h2', tailwindClasses: `${HEADING_LEVEL_CLASSES.h2} tracking-wide` });
    expect(saved.styles).toEqual({ fontSize: '3rem' });
  });
});

describe('a new hero with navigation', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-hero', [node('s1', 'section', {}, [])]);
  });

  it("shows 'Welcome' and 'Get Started' once, on the canvas and on the published page", async () => {
    await openBuilder(id);
    await addComponentTo(sections().nth(0), 'Hero with navigation');
    await expect.poll(() => canvas().getByText('Welcome', { exact: true }).count()).toBe(1);
    expect(await canvas().getByText('Get Started', { exact: true }).count()).toBe(1);
    await screenshot(page, 'builder-first-minutes-hero');
    await page.keyboard.press('Control+s');
    await expect.poll(bannerText).toMatch(/^Saved successfully/);

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`${server.baseUrl}${VIEWER_PATHS.page.path({ slug: (await stored(id)).slug })}`);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Welcome' }).count()).toBe(1);
    expect(await visitor.getByText('Welcome', { exact: true }).count()).toBe(1);
    expect(await visitor.getByText('Get Started', { exact: true }).count()).toBe(1);
    await visitor.close();
  });
});

describe('Reload with unsaved changes', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-reload', [node('s1', 'section', {}, [node('h1', 'heading', { text: 'Stored heading', level: 'h2' })])]);
  });

  it('asks first: Keep editing keeps them (focus back on Reload), Ctrl+Shift+R asks too, and yes reloads', async () => {
    await openBuilder(id);
    await frame('h1').locator('h2').dblclick();
    await page.keyboard.type('Edited heading');
    await page.keyboard.press('Enter');
    await expect.poll(() => canvas().getByRole('heading', { name: 'Edited heading' }).count()).toBe(1);

    const reloadButton = page.getByRole('button', { name: 'Reload', exact: true });
    await reloadButton.click();
    const question = page.getByRole('dialog', { name: BUILDER_MESSAGES.reloadUnsaved });
    await expect.poll(() => question.isVisible()).toBe(true);
    await screenshot(page, 'builder-first-minutes-reload-question');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await question.getByRole('button', { name: BUILDER_MESSAGES.keepEditing }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    await expect.poll(() => reloadButton.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await canvas().getByRole('heading', { name: 'Edited heading' }).count()).toBe(1);

    await page.locator('header h1').click();
    await page.keyboard.press('Control+Shift+R');
    await expect.poll(() => question.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => question.isVisible()).toBe(false);
    expect(await canvas().getByRole('heading', { name: 'Edited heading' }).count()).toBe(1);

    await reloadButton.click();
    await question.getByRole('button', { name: BUILDER_MESSAGES.reloadConfirm }).click();
    await expect.poll(() => canvas().getByRole('heading', { name: 'Stored heading' }).count()).toBe(1);
    await expect.poll(bannerText).toMatch(/^Reloaded successfully/);

    // Nothing unsaved: Reload reloads without a question.
    await reloadButton.click();
    await expect.poll(bannerText).toMatch(/^Reloaded successfully/);
    expect(await question.count()).toBe(0);
  });
});

describe('editing a text in place', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-inline', [node('s1', 'section', {}, [node('h1', 'heading', { text: 'Old title', level: 'h2' }), node('p1', 'paragraph', { text: 'Old words' })])]);
  });

  const textbox = () => canvas().getByRole('textbox');

  it('commits with Enter, breaks a line with Shift+Enter in a multi-line text, and starts again on any double-click after a commit', async () => {
    await openBuilder(id);
    const heading = frame('h1').locator('h2');
    const paragraph = frame('p1').locator('p').first();
    for (const text of ['First title', 'Second title']) {
      await heading.dblclick();
      await expect.poll(() => textbox().count()).toBe(1);
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await expect.poll(() => textbox().count()).toBe(0);
      await expect.poll(() => heading.textContent()).toBe(text);
    }

    await paragraph.dblclick();
    await expect.poll(() => textbox().getAttribute('aria-multiline')).toBe('true');
    await page.keyboard.type('Line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Line two');
    await page.keyboard.press('Enter');
    await expect.poll(() => textbox().count()).toBe(0);
    await expect.poll(() => paragraph.innerText()).toBe('Line one\nLine two');

    // Straight after a commit, on the same text and on another.
    await paragraph.dblclick();
    await expect.poll(() => textbox().count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => textbox().count()).toBe(0);
    await heading.dblclick();
    await expect.poll(() => textbox().count()).toBe(1);
    await screenshot(page, 'builder-first-minutes-inline-again');
    await page.keyboard.press('Escape');
    await expect.poll(() => paragraph.innerText()).toBe('Line one\nLine two');
    await expect.poll(() => heading.textContent()).toBe('Second title');
  });
});

describe("the header's Preview", () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('first-preview', [node('s1', 'section', {}, [node('h1', 'heading', { text: 'Saved heading', level: 'h2' })])]);
    await server.db.update(landingPages).set({ is_active: false }).where(eq(landingPages.id, id));
  });

  it('opens what is saved of an inactive page in a new tab, saying it is not live; unsaved edits stay out of it', async () => {
    await openBuilder(id);
    await frame('h1').locator('h2').dblclick();
    await page.keyboard.type('Unsaved heading');
    await page.keyboard.press('Enter');
    await expect.poll(() => canvas().getByRole('heading', { name: 'Unsaved heading' }).count()).toBe(1);

    const link = page.getByRole('link', { name: 'Preview the saved page (opens in a new tab)' });
    expect(await link.getAttribute('target')).toBe('_blank');
    const [preview] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect.poll(() => preview.url()).toBe(`${server.baseUrl}${LANDING_PAGE_PATHS.preview.path({ id })}`);
    await expect.poll(() => preview.getByRole('heading', { level: 2 }).textContent()).toBe('Saved heading');
    expect(await preview.getByText('Unsaved heading').count()).toBe(0);
    const { slug } = await stored(id);
    expect(await preview.getByRole('complementary', { name: 'Staff preview' }).textContent()).toBe(PAGE_PREVIEW_MESSAGES.notLive(VIEWER_PATHS.page.path({ slug })));
    expect(await preview.evaluate(() => window.opener)).toBeNull();
    await preview.close();
    // The builder kept its unsaved edit.
    expect(await canvas().getByRole('heading', { name: 'Unsaved heading' }).count()).toBe(1);
  });
});
