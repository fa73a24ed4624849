import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { CONTENT_MAX } from '../../src/shared/landing-pages/api.ts';
import { BUILDER_MESSAGES, builderPath } from '../../src/shared/landing-pages/builder.ts';
import { CONVERTER_MESSAGES } from '../../src/shared/landing-pages/converter/messages.ts';
import { parseContent } from '../../src/shared/landing-pages/parse-content.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * Editing on the builder's canvas: texts edited in place (Enter, leaving, Escape; F2 and the toolbar
 * from the keyboard), copy and paste within a page and from one tab to another through the system
 * clipboard, pasted HTML converted into sections, the viewport preview, and a broken image.
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

const storedContent = async (id: string) => {
  const [row] = await server.db.select().from(landingPages).where(eq(landingPages.id, id));
  const parsed = parseContent(row!.content);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.content;
};

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

const canvasOf = (p: Page) => p.getByRole('region', { name: 'Page canvas' });
const bannerOf = (p: Page) => p.getByRole('status').locator('p');
const frameOf = (p: Page, id: string) => canvasOf(p).locator(`[data-node-id="${id}"]`);
const textbox = () => canvasOf(page).getByRole('textbox');

async function openBuilder(p: Page, id: string) {
  await p.goto(`${server.baseUrl}${builderPath(id)}`);
  // The canvas shows once its CSS is there.
  await expect.poll(() => canvasOf(p).locator('[aria-busy="false"]').count()).toBe(1);
}

describe('inline text editing', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('inline-editing', [
      node('s1', 'section', {}, [
        node('h1', 'heading', { text: 'Old heading', level: 'h2' }),
        node('p1', 'paragraph', { text: 'First words' }),
        node('b1', 'button', { text: 'Buy now' }),
        node('e1', 'paragraph', { text: '' }),
        node('hero1', 'hero', { title: 'Hero title', subtitle: 'Hero subtitle' }),
      ]),
    ]);
  });

  it('edits a heading in place: Enter commits as one undo step, Escape cancels', async () => {
    await openBuilder(page, id);
    const heading = canvasOf(page).getByRole('heading', { level: 2 });
    await heading.dblclick();
    await expect.poll(() => textbox().count()).toBe(1);
    // The whole text is selected: typing replaces it.
    await page.keyboard.type('Summer heading');
    await screenshot(page, 'builder-inline-editing');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => textbox().count()).toBe(0);
    await expect.poll(() => heading.textContent()).toBe('Summer heading');
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);

    // One commit, one undo step: back to the old text in one go, and forward again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => heading.textContent()).toBe('Old heading');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => heading.textContent()).toBe('Summer heading');

    // Escape drops what was typed.
    await heading.dblclick();
    await expect.poll(() => textbox().count()).toBe(1);
    await page.keyboard.type('Never mind');
    await page.keyboard.press('Escape');
    await expect.poll(() => textbox().count()).toBe(0);
    await expect.poll(() => heading.textContent()).toBe('Summer heading');
    // Nothing was committed: one undo still goes back to the old text.
    await page.keyboard.press('Control+z');
    await expect.poll(() => heading.textContent()).toBe('Old heading');
    await page.keyboard.press('Control+y');
    await expect.poll(() => heading.textContent()).toBe('Summer heading');
  });

  it('keeps line breaks in a paragraph, where Shift+Enter starts a new line and leaving the text commits', async () => {
    const paragraph = frameOf(page, 'p1').locator('p').first();
    await paragraph.dblclick();
    await expect.poll(() => textbox().getAttribute('aria-multiline')).toBe('true');
    await page.keyboard.type('Line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Line two');
    // Leaving the text (a click elsewhere) commits it.
    await page.locator('header h1').click();
    await expect.poll(() => textbox().count()).toBe(0);
    await expect.poll(() => paragraph.innerText()).toBe('Line one\nLine two');

    // An empty paragraph is edited from its placeholder; a hero's subtitle in its own place.
    await frameOf(page, 'e1').getByText(BUILDER_MESSAGES.emptyParagraph).dblclick();
    await expect.poll(() => textbox().count()).toBe(1);
    await page.keyboard.type('No longer empty');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => frameOf(page, 'e1').locator('p').first().textContent()).toBe('No longer empty');
    await expect.poll(() => frameOf(page, 'e1').getByText(BUILDER_MESSAGES.emptyParagraph).count()).toBe(0);
    await frameOf(page, 'hero1').getByText('Hero subtitle').dblclick();
    await page.keyboard.type('A better subtitle');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => frameOf(page, 'hero1').locator('p').first().textContent()).toBe('A better subtitle');
    expect(await frameOf(page, 'hero1').getByRole('heading', { level: 1 }).textContent()).toBe('Hero title');
  });

  it('starts from the keyboard: F2 on the selected component, or its Edit text button', async () => {
    // A button's label, by F2 once the button is selected (its Edit properties control).
    await frameOf(page, 'b1').hover();
    await frameOf(page, 'b1').getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => page.getByRole('complementary', { name: 'Property editor' }).getByRole('heading', { name: 'Button properties' }).isVisible()).toBe(true);
    await page.locator('header h1').click();
    await page.keyboard.press('F2');
    await expect.poll(() => textbox().count()).toBe(1);
    await page.keyboard.type('Order today');
    await page.keyboard.press('Enter');
    await expect.poll(() => frameOf(page, 'b1').locator('button').last().textContent()).toBe('Order today');
    // Focus comes back to the component's controls.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit text');

    // The heading's Edit text control, reached by Tab and pressed with Enter.
    const editText = frameOf(page, 'h1').getByRole('button', { name: 'Edit text' });
    await editText.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => textbox().count()).toBe(1);
    await page.keyboard.type('Keyboard heading');
    await page.keyboard.press('Enter');
    await expect.poll(() => canvasOf(page).getByRole('heading', { level: 2 }).textContent()).toBe('Keyboard heading');

    await page.keyboard.press('Control+s');
    await expect.poll(() => bannerOf(page).textContent()).toMatch(/^Saved successfully/);
    const [section] = await storedContent(id);
    expect(section!.components.map((c) => c.props.text ?? c.props.subtitle)).toEqual(['Keyboard heading', 'Line one\nLine two', 'Order today', 'No longer empty', 'A better subtitle']);
  });
});

describe('copy and paste', () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    first = await seedPage('copy-from', [
      node('cs1', 'section', {}, [node('ch1', 'heading', { text: 'Copy me', level: 'h2' }), node('cc1', 'container', {}, [node('cp1', 'paragraph', { text: 'Inside the box' })])]),
    ]);
    second = await seedPage('paste-into', [node('ps1', 'section', {}, [node('ph1', 'heading', { text: 'Second page', level: 'h2' })])]);
  });

  it('copies the selected component with Ctrl+C and pastes it after the selection with Ctrl+V, with new ids', async () => {
    await openBuilder(page, first);
    await frameOf(page, 'ch1').hover();
    await frameOf(page, 'ch1').getByRole('button', { name: 'Edit properties' }).click();
    await page.locator('header h1').click();
    await page.keyboard.press('Control+c');
    await expect.poll(() => bannerOf(page).textContent()).toContain('Copied the heading');
    await page.keyboard.press('Control+v');
    const copies = canvasOf(page).getByRole('heading', { level: 2, name: 'Copy me' });
    await expect.poll(() => copies.count()).toBe(2);
    const ids = await canvasOf(page).locator('[data-node-id="cs1"] > section > [data-node-id]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-id')));
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('ch1');
    expect(ids[1]).toMatch(/^heading-/);
    expect(ids[2]).toBe('cc1');

    // Pasting into a selected container puts the copy inside it, at the end.
    await frameOf(page, 'cc1').hover();
    await frameOf(page, 'cc1').getByRole('button', { name: 'Edit properties' }).first().click();
    await page.locator('header h1').click();
    await page.keyboard.press('Control+v');
    await expect.poll(() => frameOf(page, 'cc1').getByRole('heading', { name: 'Copy me' }).count()).toBe(1);
    // One paste, one undo step.
    await page.keyboard.press('Control+z');
    await expect.poll(() => frameOf(page, 'cc1').getByRole('heading', { name: 'Copy me' }).count()).toBe(0);
  });

  it('copies a section with its toolbar and pastes it into another tab', async () => {
    await frameOf(page, 'cs1').getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => bannerOf(page).textContent()).toContain('Copied the section');

    const other = await context.newPage();
    await openBuilder(other, second);
    await other.locator('header h1').click();
    await other.keyboard.press('Control+v');
    const sections = canvasOf(other).locator('main.lp-canvas > [data-node-id]');
    await expect.poll(() => sections.count()).toBe(2);
    await expect.poll(() => sections.nth(1).getByRole('heading', { name: 'Copy me' }).count()).toBe(2);
    await expect.poll(() => sections.nth(1).getByText('Inside the box').isVisible()).toBe(true);
    expect(await sections.nth(1).getAttribute('data-node-id')).toMatch(/^section-/);
    await screenshot(other, 'builder-pasted-section');
    await other.keyboard.press('Control+s');
    await expect.poll(() => bannerOf(other).textContent()).toMatch(/^Saved successfully/);
    const stored = await storedContent(second);
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored[1])).toContain('Inside the box');
    await other.close();
  });

  it('takes text that is not ours as the browser does: a paste of plain words changes nothing', async () => {
    await page.evaluate(() => navigator.clipboard.writeText('just some words'));
    const before = await canvasOf(page).locator('[data-node-id]').count();
    await page.locator('header h1').click();
    await page.keyboard.press('Control+v');
    await page.keyboard.press('Control+v');
    expect(await canvasOf(page).locator('[data-node-id]').count()).toBe(before);
  });
});

describe('pasted HTML', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('html-paste', [node('hs1', 'section', {}, [node('hh1', 'heading', { text: 'Before the paste', level: 'h2' })])]);
  });

  const paste = async (text: string) => {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await page.locator('header h1').click();
    await page.keyboard.press('Control+v');
  };

  it('converts pasted HTML into sections, and says why when it cannot', async () => {
    await openBuilder(page, id);
    await paste('<section><h2>Pasted offer</h2><p>A great deal.</p></section><section><h3>Pasted contact</h3></section>');
    await expect.poll(() => bannerOf(page).textContent()).toBe(CONVERTER_MESSAGES.builderSuccess(2));
    await expect.poll(() => canvasOf(page).locator('main.lp-canvas > [data-node-id]').count()).toBe(3);
    await expect.poll(() => canvasOf(page).getByRole('heading', { name: 'Pasted offer' }).isVisible()).toBe(true);
    await screenshot(page, 'builder-html-pasted');

    await paste('<script>alert("no")</script><style>p{}</style>');
    await expect.poll(() => bannerOf(page).textContent()).toBe(CONVERTER_MESSAGES.noContent);

    // A page whose JSON would be larger than a page may be is refused before any save.
    const huge = `<section>${Array.from({ length: Math.ceil(CONTENT_MAX / 150) }, (_, i) => `<p class="text-lg">Paragraph ${i}</p>`).join('')}</section>`;
    await paste(huge);
    await expect.poll(() => bannerOf(page).textContent()).toMatch(/^Conversion error: the page would be \d+\.\d MB, more than a page can hold \(2 MB\)/);
    expect(await canvasOf(page).locator('main.lp-canvas > [data-node-id]').count()).toBe(3);
  });
});

describe('viewport preview and broken images', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPage('viewports', [
      node('vs1', 'section', {}, [
        node('nav1', 'heroWithNavigation', { logoText: 'Acme', title: 'Grow faster', navigationItems: [{ name: 'Pricing', href: '#pricing' }] }, []),
        node('img1', 'image', { src: '/api/public/images/0123456789abcdef0123456789abcdef.jpg', alt: 'Team photo' }),
        node('tall1', 'container', { tailwindClasses: 'min-h-screen bg-gray-50' }, [node('tallText', 'paragraph', { text: 'As tall as the screen' })]),
      ]),
    ]);
  });

  it('lays the page out for a phone, a tablet and a desktop, at their widths and screen heights', async () => {
    await openBuilder(page, id);
    const frame = canvasOf(page).locator('[data-viewport]');
    const desktopMenu = frameOf(page, 'nav1').locator('nav ul').first();
    const phoneMenu = frameOf(page, 'nav1').locator('details');
    const title = frameOf(page, 'nav1').getByRole('heading', { name: 'Grow faster' });
    await expect.poll(() => desktopMenu.isVisible()).toBe(true);
    expect(await phoneMenu.isVisible()).toBe(false);
    const desktopSize = await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

    await page.getByRole('group', { name: 'Viewport' }).getByRole('button', { name: 'Phone (360 px)' }).click();
    await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
    await expect.poll(() => phoneMenu.isVisible()).toBe(true);
    expect(await desktopMenu.isVisible()).toBe(false);
    expect(await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeLessThan(desktopSize);
    // A min-h-screen box is as tall as the previewed phone's screen (360 × 740), not the window.
    const tall = frameOf(page, 'tall1');
    const tallHeight = () => tall.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    await expect.poll(tallHeight).toBe(740);
    await screenshot(page, 'builder-viewport-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Tablet (768 px)' }).click();
    await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().width)).toBe(768);
    await expect.poll(() => desktopMenu.isVisible()).toBe(true);
    expect(await phoneMenu.isVisible()).toBe(false);
    await expect.poll(tallHeight).toBe(1024);

    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(1000);
    await expect.poll(tallHeight).toBe(900); // the window's height
    expect(await page.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a broken image as such on the canvas', async () => {
    const broken = frameOf(page, 'img1').getByRole('img', { name: BUILDER_MESSAGES.imageFailed });
    await expect.poll(() => broken.isVisible()).toBe(true);
    expect(await broken.innerText()).toContain(BUILDER_MESSAGES.checkUrl);
    await broken.scrollIntoViewIfNeeded();
    await screenshot(page, 'builder-broken-image');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
