import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { BUILDER_PAGE_TITLE } from '../../src/shared/landing-pages/api.ts';
import { COMPONENT_DEFINITIONS, type ComponentDefinition, type ComponentType } from '../../src/shared/landing-pages/component-definitions.ts';
import { parseContent } from '../../src/shared/landing-pages/parse-content.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * A page built from empty with every component type the palette offers, each with a prop edited in
 * the property editor, saved with Cmd+S, and the same content at /lp/{slug}.
 */

let server: StaffSession['server'];
let browser: Browser;
let page: Page;
let errors: string[];

const staff = staffSession({ width: 1400 });
beforeAll(() => void ({ server, browser, page, errors } = staff));

/** Per palette type: the prop edited in the property editor, and the value typed into its field. */
const EDITS: Record<Exclude<ComponentType, 'gridCell'>, readonly [prop: string, value: string]> = {
  heading: ['text', 'Every Type Heading'],
  paragraph: ['text', 'A paragraph of every type.'],
  list: ['items', 'Alpha item\nBeta item'],
  image: ['src', '/images/founder.svg'],
  video: ['width', '320px'],
  youtube: ['title', 'Our launch video'],
  button: ['text', 'Press Every Button'],
  input: ['label', 'Your city'],
  textarea: ['label', 'Your story'],
  select: ['options', 'Small plan\nLarge plan'],
  checkbox: ['label', 'I accept every term'],
  radio: ['label', 'Option Zulu'],
  container: ['title', 'Container of things'],
  section: ['title', 'A section in a section'],
  hero: ['title', 'Hero of the page'],
  cta: ['buttonText', 'Act Now'],
  testimonial: ['author', 'Ada Lovelace'],
  grid: ['columns', '3'],
  divider: ['tailwindClasses', 'my-10'],
  spacer: ['height', '3rem'],
  socialLinks: ['platforms', 'instagram\nlinkedin'],
  contactInfo: ['email', 'team@example.org'],
  pricingCard: ['price', '$49'],
  heroWithNavigation: ['logoText', 'Brand Everything'],
};

/**
 * The page's content elements in order, by tag and text: what a visitor reads and uses. The public
 * page's form sections also hold the line that reports a sign-up (role status), which the builder has no use for.
 */
const CONTENT = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'blockquote', 'img', 'video', 'iframe', 'a', 'button', 'input', 'textarea', 'select', 'label', 'hr']
  .map((tag) => `${tag}:not([role="status"])`)
  .join(', ');
const outline = (root: Locator) => root.locator(CONTENT).evaluateAll((elements) => elements.map((el) => `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim()}`));

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const panel = () => page.getByRole('complementary', { name: 'Property editor' });

describe('every component type in the builder', () => {
  it('builds a page with each type from the palette, edits a prop of each, saves it and /lp shows the same', async () => {
    await page.goto(`${server.baseUrl}/crm/landing-pages`);
    await page.getByRole('button', { name: 'Use Builder' }).click();
    await page.getByRole('dialog', { name: 'Start a new page' }).getByRole('link', { name: /^Blank page/ }).click();
    const target = canvas().locator('main.lp-canvas > [data-node-id]').nth(1);

    const types = Object.entries<ComponentDefinition>(COMPONENT_DEFINITIONS).filter(([, definition]) => definition.inPalette);
    expect(types.map(([type]) => type).sort()).toEqual(Object.keys(EDITS).sort());
    for (const [type, definition] of types) {
      await target.getByRole('toolbar', { name: 'Section controls' }).first().getByRole('button', { name: 'Add Component' }).click();
      await page.getByRole('dialog', { name: 'Add Component' }).getByRole('button', { name: definition.label, exact: true }).click();
      await expect.poll(() => panel().getByRole('heading', { name: `${definition.label} properties` }).isVisible()).toBe(true);
      const [prop, value] = EDITS[type as keyof typeof EDITS];
      // A field of several lines says so after its name; a grid's columns are chosen from a list.
      const field = panel().getByLabel(new RegExp(`^${definition.fields[prop]!.label}( \\(one per line\\))?$`));
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    // Each edit is on the canvas (every text edited shows in it; the image loads).
    await expect.poll(() => canvas().locator('main.lp-canvas img[src="/images/founder.svg"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await target.getByText('Brand Everything').scrollIntoViewIfNeeded();
    // The classes of the new components arrive with the canvas's next styles (use-canvas-css.ts).
    const cta = target.getByRole('link', { name: 'Get Started' }).first();
    await expect.poll(() => cta.evaluate((link) => getComputedStyle(link).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'builder-every-type');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A component picked in the tree comes into view on the canvas, where its edits show.
    await panel().getByRole('navigation', { name: 'Component tree' }).getByRole('button', { name: 'Heading: Every Type Heading' }).click();
    const heading = canvas().getByRole('heading', { name: 'Every Type Heading' });
    await expect.poll(() => heading.evaluate((el) => { const box = el.getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; })).toBe(true);
    await panel().getByLabel('Text', { exact: true }).fill('Every Type Heading, Seen');
    await expect.poll(() => canvas().getByRole('heading', { name: 'Every Type Heading, Seen' }).isVisible()).toBe(true);
    await panel().getByLabel('Text', { exact: true }).fill('Every Type Heading');

    // Saved with Cmd+S (Ctrl+S on other systems): every edit is in the stored page.
    await page.keyboard.press('Meta+s');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved successfully at / }).isVisible()).toBe(true);
    const [stored] = await server.db.select().from(landingPages).where(eq(landingPages.title, BUILDER_PAGE_TITLE));
    const parsed = parseContent(stored!.content);
    if (!parsed.ok) throw new Error(parsed.message);
    const added = parsed.content[1]!.components;
    expect(added.map((node) => node.type).slice(0, types.length)).toEqual(types.map(([type]) => type));
    for (const [type, definition] of types) {
      const [prop, value] = EDITS[type as keyof typeof EDITS];
      const kind = definition.fields[prop]!.kind;
      const expected = kind === 'lines' ? value.split('\n') : kind === 'number' ? Number(value) : value;
      expect({ type, [prop]: added.find((node) => node.type === type)!.props[prop] }).toEqual({ type, [prop]: expected });
    }

    // The published page shows what the builder shows without its controls: the same text, and the
    // same headings, paragraphs, lists, media, links, buttons and form fields in the same order.
    await page.keyboard.press('Control+o');
    await expect.poll(() => canvas().getByRole('toolbar').count()).toBe(0);
    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/lp/${stored!.slug}`);
    const published = visitor.locator('main').last();
    const shown = canvas().locator('main.lp-canvas');
    expect(await published.innerText()).toBe(await shown.innerText());
    expect(await outline(published)).toEqual(await outline(shown));
    expect((await outline(published)).length).toBeGreaterThan(types.length);
    await screenshot(visitor, 'builder-every-type-published');
    await visitor.close();
    expect(errors).toEqual([]);
  });
});
