import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { BUILDER_LIMITS, BUILDER_MESSAGES, builderPath } from '../../src/shared/landing-pages/builder.ts';
import { TEXTAREA_ROWS } from '../../src/shared/landing-pages/constants.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * The builder at its edges: a page not yet saved (no Reload, no Debug), a reload that fails, stored
 * content it cannot read, the panel's size limits, number fields past their limits, sections added
 * and duplicated, and Escape closing its own dialogs with focus back where it was.
 */

let server: StaffSession['server'];
let page: Page;
let errors: string[];

const staff = staffSession({ width: 1400 });
beforeAll(() => void ({ server, page, errors } = staff));

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const sections = () => canvas().locator('main.lp-canvas > [data-node-id]');
const panel = () => page.getByRole('complementary', { name: 'Property editor' });
const banner = (text: string) => page.getByRole('status').filter({ hasText: text });

/** The dialog a button opens closes on Escape, and focus is back on the button. */
async function expectEscapeCloses(opener: Locator, dialog: string) {
  await opener.click();
  await expect.poll(() => page.getByRole('dialog', { name: dialog }).isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
}

async function seedPage(slug: string, content: string): Promise<string> {
  const [row] = await server.db.insert(landingPages).values({ title: `Page ${slug}`, slug, content, page_type: 'builder' }).returning();
  return row!.id;
}

describe('the builder at its edges', () => {
  it('offers neither Reload nor Debug before the first save, and says so on Ctrl+Shift+R', async () => {
    await page.goto(`${server.baseUrl}${builderPath('new')}`);
    await expect.poll(() => sections().count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Debug' }).count()).toBe(0);
    await page.keyboard.press('Control+Shift+r');
    await expect.poll(() => banner(BUILDER_MESSAGES.noPageId).isVisible()).toBe(true);
  });

  it('opens unreadable stored content as the default page, and reports a reload that fails', async () => {
    const id = await seedPage('broken-json', '[{"id": "s1", "type": ');
    await page.goto(`${server.baseUrl}${builderPath(id)}`);
    await expect.poll(() => canvas().getByRole('heading', { name: 'Welcome to Your Landing Page' }).isVisible()).toBe(true);
    // Saving would replace what is stored: the builder says why it shows the default page.
    await expect.poll(() => banner('The stored content could not be read (').textContent()).toMatch(/the default page is shown, and saving replaces the stored content\.$/);
    await screenshot(page, 'builder-unreadable');

    const route = `**${LANDING_PAGE_PATHS.one.path({ id })}`;
    await page.route(route, (request) => request.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unavailable' }) }));
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => banner('Failed to reload: ').isVisible()).toBe(true);
    await page.unroute(route);
    // The failed reload kept the page on screen.
    expect(await sections().count()).toBe(2);
  });

  it('keeps the panel within its limits: width 300-800 px and the tree between 15 and 85 %, Ctrl+R back to the defaults', async () => {
    await sections().first().locator('[data-node-id]').first().hover();
    await sections().first().locator('[data-node-id]').first().getByRole('button', { name: 'Edit properties' }).click();
    const width = page.getByRole('separator', { name: 'Resize the property editor' });
    const ratio = page.getByRole('separator', { name: 'Resize the component tree' });
    await width.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => width.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.min));
    expect(await panel().evaluate((el) => el.getBoundingClientRect().width)).toBe(BUILDER_LIMITS.panelWidth.min);
    await ratio.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(() => ratio.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.editorRatio.min * 100));
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => ratio.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.editorRatio.max * 100));
    // Remembered over a reload.
    await page.reload();
    await sections().first().locator('[data-node-id]').first().hover();
    await sections().first().locator('[data-node-id]').first().getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => ratio.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.editorRatio.max * 100));
    expect(await width.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.min));
    await page.keyboard.press('Control+r');
    await expect.poll(() => ratio.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.editorRatio.default * 100));
    expect(await width.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.default));
  });

  it('adds and duplicates sections, closes its dialogs on Escape with focus back on the button, and holds numbers to their limits', async () => {
    await page.getByRole('button', { name: 'Add Section' }).click();
    await expect.poll(() => sections().count()).toBe(3);
    await sections().nth(2).getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => sections().count()).toBe(4);

    const add = sections().nth(1).getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' });
    await expectEscapeCloses(add, 'Add Component');

    await add.click();
    await page.getByRole('dialog', { name: 'Add Component' }).getByRole('button', { name: 'Text area', exact: true }).click();
    const rows = panel().getByLabel('Rows');
    await rows.fill('25');
    await expect.poll(() => canvas().locator('textarea').first().getAttribute('rows')).toBe(String(TEXTAREA_ROWS.max));
    await rows.blur();
    expect(await rows.inputValue()).toBe(String(TEXTAREA_ROWS.max));
    await rows.fill('0');
    await expect.poll(() => canvas().locator('textarea').first().getAttribute('rows')).toBe(String(TEXTAREA_ROWS.min));

    const textarea = sections().nth(1).locator('[data-node-id]').filter({ has: page.locator('textarea') }).last();
    await textarea.hover();
    const move = textarea.getByRole('button', { name: 'Move to…' });
    await expectEscapeCloses(move, 'Move Component');

    await add.click();
    await page.getByRole('dialog', { name: 'Add Component' }).getByRole('button', { name: 'Hero', exact: true }).click();
    const overlay = panel().getByLabel('Overlay');
    await overlay.fill('1.7');
    await overlay.blur();
    expect(await overlay.inputValue()).toBe('1');
    await overlay.fill('0.34');
    await overlay.blur();
    expect(await overlay.inputValue()).toBe('0.3');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press('Control+s');
    await expect.poll(() => banner('Saved successfully at ').isVisible()).toBe(true);
    const [stored] = await server.db.select().from(landingPages).where(eq(landingPages.slug, 'broken-json'));
    const saved = JSON.parse(stored!.content) as Array<{ components: Array<{ type: string; props: Record<string, unknown> }> }>;
    expect(saved).toHaveLength(4);
    expect(saved[1]!.components.find((node) => node.type === 'textarea')!.props.rows).toBe(TEXTAREA_ROWS.min);
    expect(saved[1]!.components.find((node) => node.type === 'hero')!.props.overlay).toBe(0.3);
    // The one failure the test provoked: the reload answered 500.
    expect(errors.filter((error) => !error.includes('status of 500 (Internal Server Error)'))).toEqual([]);
  });
});
