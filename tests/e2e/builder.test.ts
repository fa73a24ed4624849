import { eq } from 'drizzle-orm';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { BUILDER_PAGE_TITLE, LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { BUILDER_LIMITS, BUILDER_MESSAGES } from '../../src/shared/landing-pages/builder.ts';
import { parseContent } from '../../src/shared/landing-pages/parse-content.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { readDownload, screenshot } from './helpers/browser.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * The builder as its owner uses it: opened by 'Use Builder', a heading and a paragraph added to the
 * empty section, a prop edited in the property panel, a move undone and redone, saved (the page
 * gets its own address), reloaded, and the same text at /lp/{slug}; checked with axe-core.
 */

let server: StaffSession['server'];
let browser: Browser;
let page: Page;
let errors: string[];

const staff = staffSession({ width: 1400, acceptDownloads: true });
beforeAll(() => void ({ server, browser, page, errors } = staff));

const HEADING = 'Spring Sale Is Here';
const PARAGRAPH = 'Twenty percent off everything until Sunday.';

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const sections = () => canvas().locator('main.lp-canvas > [data-node-id]');
const panel = () => page.getByRole('complementary', { name: 'Property editor' });
const banner = () => page.getByRole('status').filter({ hasText: /successfully|Failed/ });
/** The texts of the second section's components, in order. */
const secondSectionTexts = () => sections().nth(1).locator('h1, h2, h3, p').allTextContents();

async function addToSecondSection(label: string, shot?: string) {
  await sections().nth(1).getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Component' });
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => panel().getByRole('heading', { name: `${label} properties` }).isVisible()).toBe(true);
}

/** The canvas shows the page once its CSS is there: the hero's own classes (a gradient) are compiled by the server. */
const expectHeroStyled = () => expect.poll(() => sections().first().locator('section').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
const opacityOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).opacity);
const headingNode = () => sections().nth(1).locator('[data-node-id]').filter({ hasText: HEADING });
const editHeading = async () => {
  await headingNode().hover();
  await headingNode().getByRole('button', { name: 'Edit properties' }).click();
};

describe('the landing page builder', () => {
  it('builds, edits, undoes, saves and publishes a page', async () => {
    await page.goto(`${server.baseUrl}/crm/landing-pages`);
    await page.getByRole('button', { name: 'Use Builder' }).click();
    await page.getByRole('dialog', { name: 'Start a new page' }).getByRole('link', { name: /^Blank page/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/landing-pages/new/builder');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: BUILDER_PAGE_TITLE }).isVisible()).toBe(true);
    // The default page: the hero section and an empty section.
    await expect.poll(() => sections().count()).toBe(2);

    await addToSecondSection('Heading', 'builder-add-component');
    await panel().getByLabel('Text', { exact: true }).fill(HEADING);
    await addToSecondSection('Paragraph');
    await panel().getByLabel('Text', { exact: true }).fill('');
    await expect.poll(() => sections().nth(1).getByText(BUILDER_MESSAGES.emptyParagraph).isVisible()).toBe(true);
    await panel().getByLabel('Text', { exact: true }).fill(PARAGRAPH);
    await expect.poll(() => sections().nth(1).getByText(BUILDER_MESSAGES.emptyParagraph).count()).toBe(0);
    await expect.poll(secondSectionTexts).toEqual([HEADING, PARAGRAPH]);

    // With the heading selected, the palette can add after it instead of at the end; undone in two steps.
    await editHeading();
    await sections().nth(1).getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' }).click();
    const palette = page.getByRole('dialog', { name: 'Add Component' });
    expect(await palette.getByRole('radio', { name: 'At the end of this section' }).isChecked()).toBe(true);
    await palette.getByRole('radio', { name: 'After the selected heading' }).check();
    await screenshot(page, 'builder-add-after');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();
    await panel().getByLabel('Text', { exact: true }).fill('Inserted after the heading');
    await expect.poll(secondSectionTexts).toEqual([HEADING, 'Inserted after the heading', PARAGRAPH]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(secondSectionTexts).toEqual([HEADING, PARAGRAPH]);

    // A prop in the panel: the heading's level, which also sets its classes.
    await editHeading();
    await panel().getByLabel('Level').selectOption('h2');
    await expect.poll(() => canvas().getByRole('heading', { level: 2, name: HEADING }).isVisible()).toBe(true);
    await expect.poll(() => canvas().getByRole('heading', { level: 2, name: HEADING }).getAttribute('class')).toContain('text-3xl');
    // The panel previews the component as visitors get it, with each change (inert: the canvas has its controls).
    const preview = panel().getByRole('group', { name: 'Preview' });
    await expect.poll(() => preview.locator('h2').textContent()).toBe(HEADING);
    expect(await preview.locator('[inert]').count()).toBe(1);
    // Its button hides and shows it, and says which it is.
    const previewToggle = preview.getByRole('button', { name: 'Preview' });
    await previewToggle.click();
    expect(await previewToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await preview.locator('h2').isVisible()).toBe(false);
    await screenshot(page, 'builder-preview-closed');
    await previewToggle.press('Enter');
    expect(await previewToggle.getAttribute('aria-expanded')).toBe('true');
    expect(await preview.locator('h2').isVisible()).toBe(true);
    await screenshot(page, 'builder-preview-open');
    // The canvas has the CSS of the classes it shows, compiled by the server: text-3xl is 1.875rem.
    await expect.poll(() => canvas().getByRole('heading', { level: 2, name: HEADING }).evaluate((el) => getComputedStyle(el).fontSize)).toBe('30px');
    await expect.poll(() => panel().getByText(BUILDER_MESSAGES.validClass('text-3xl')).isVisible()).toBe(true);
    // A class typed since the last check is not called valid before Tailwind has seen it (the check held back here).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const cssRoute = `**${LANDING_PAGE_PATHS.css}`;
    await page.route(cssRoute, async (route) => {
      await held;
      await route.continue();
    });
    await panel().getByLabel('Tailwind classes').fill('text-3xl font-semibold not-a-tailwind-thing');
    await expect.poll(() => panel().getByText(BUILDER_MESSAGES.checkingClass('not-a-tailwind-thing')).isVisible()).toBe(true);
    expect(await panel().getByText(BUILDER_MESSAGES.validClass('font-semibold')).isVisible()).toBe(true);
    expect(await panel().getByText(BUILDER_MESSAGES.validClass('not-a-tailwind-thing')).count()).toBe(0);
    release();
    await page.unroute(cssRoute);
    await expect.poll(() => panel().getByText(BUILDER_MESSAGES.invalidClass('not-a-tailwind-thing')).isVisible()).toBe(true);
    // Style controls: custom CSS over the classes, what is not CSS named and left out.
    const styles = panel().getByRole('group', { name: 'Styles' });
    await styles.getByLabel('Custom CSS').fill('letter-spacing: 3px; shout loudly');
    await expect.poll(() => styles.getByText(BUILDER_MESSAGES.customCssSkipped(['shout loudly'])).isVisible()).toBe(true);
    await expect.poll(() => canvas().getByRole('heading', { level: 2, name: HEADING }).evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('3px');
    await styles.scrollIntoViewIfNeeded();
    await screenshot(page, 'builder-styles');
    // The fields are one form, named by the panel's heading.
    expect(await panel().getByRole('form', { name: 'Heading properties' }).getByLabel('Tailwind classes').inputValue()).toContain('not-a-tailwind-thing');
    await screenshot(page, 'builder-panel');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Move: the paragraph up (its up control is enabled, the heading's is not, being first).
    expect(await headingNode().getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    await sections().nth(1).locator('[data-node-id]').filter({ hasText: PARAGRAPH }).hover();
    await sections().nth(1).locator('[data-node-id]').filter({ hasText: PARAGRAPH }).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(secondSectionTexts).toEqual([PARAGRAPH, HEADING]);
    await page.keyboard.press('Control+z');
    await expect.poll(secondSectionTexts).toEqual([HEADING, PARAGRAPH]);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(secondSectionTexts).toEqual([PARAGRAPH, HEADING]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(secondSectionTexts).toEqual([HEADING, PARAGRAPH]);
    await page.keyboard.press('Control+y');
    await expect.poll(secondSectionTexts).toEqual([PARAGRAPH, HEADING]);

    // Save (Ctrl+S): the page is created and the builder takes its address.
    await page.keyboard.press('Control+s');
    await expect.poll(() => banner().textContent()).toMatch(/^Saved successfully at /);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/landing-pages\/[0-9a-f-]{36}\/builder$/);
    const [stored] = await server.db.select().from(landingPages).where(eq(landingPages.title, BUILDER_PAGE_TITLE));
    expect(stored).toMatchObject({ page_type: 'builder', is_active: true });
    expect(stored!.content).toContain('\n  {');
    const parsed = parseContent(stored!.content);
    expect(parsed.ok && JSON.stringify(parsed.content)).toContain(HEADING);
    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    // The banner clears after 5 seconds.
    await expect.poll(() => banner().count(), { timeout: BUILDER_LIMITS.statusMs + 5_000 }).toBe(0);

    // Reload from the database, and a browser reload keeps the user in the builder with the saved page.
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => banner().textContent()).toMatch(/^Reloaded successfully at /);
    await page.reload();
    await expect.poll(secondSectionTexts).toEqual([PARAGRAPH, HEADING]);
    // The hero's own classes (a gradient) come with the canvas CSS.
    await expectHeroStyled();
    // Only the innermost node under the pointer shows its controls.
    const opacity = (name: string) => opacityOf(sections().nth(1).getByRole('toolbar', { name }));
    await canvas().getByRole('heading', { name: HEADING }).hover();
    await expect.poll(() => opacity('Heading controls')).toBe('1');
    expect(await opacity('Section controls')).toBe('0');
    await screenshot(page, 'builder-saved');

    // The panel's width: resized by keyboard, kept over a reload, Ctrl+R back to the default.
    await editHeading();
    const resizer = page.getByRole('separator', { name: 'Resize the property editor' });
    await expect.poll(() => resizer.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.default));
    await resizer.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => resizer.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.max));
    expect(await panel().evaluate((el) => el.getBoundingClientRect().width)).toBe(BUILDER_LIMITS.panelWidth.max);
    await page.reload();
    await expectHeroStyled();
    await editHeading();
    await expect.poll(() => resizer.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.max));
    await page.keyboard.press('Control+r');
    await expect.poll(() => resizer.getAttribute('aria-valuenow')).toBe(String(BUILDER_LIMITS.panelWidth.default));
    // Ctrl+Right and Left step through the components in page order.
    await page.keyboard.press('Control+ArrowLeft');
    await expect.poll(() => panel().getByRole('heading', { name: 'Paragraph properties' }).isVisible()).toBe(true);
    await expect.poll(() => panel().getByLabel('Text', { exact: true }).inputValue()).toBe(PARAGRAPH);
    await page.keyboard.press('Control+ArrowRight');
    await expect.poll(() => panel().getByLabel('Text', { exact: true }).inputValue()).toBe(HEADING);
    // The component tree picks any node, nested ones included.
    const tree = panel().getByRole('navigation', { name: 'Component tree' });
    expect(await tree.getByRole('button', { name: `Heading: ${HEADING}` }).getAttribute('aria-current')).toBe('true');
    await tree.getByRole('button', { name: 'Heading: Welcome to Your Landing Page' }).click();
    await expect.poll(() => panel().getByLabel('Text', { exact: true }).inputValue()).toBe('Welcome to Your Landing Page');
    // The hero's white heading is previewed on the hero's own background, not the panel's white.
    await expect.poll(() => preview.locator('[inert]').evaluate((box) => getComputedStyle(box).backgroundImage)).toContain('linear-gradient');
    expect(await preview.locator('h1').evaluate((heading) => getComputedStyle(heading).color)).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'builder-tree');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Shortcuts dialog (Ctrl+/), closed by Escape; overview mode shows the page without controls.
    await page.keyboard.press('Control+/');
    await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard Shortcuts' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Control+o');
    await expect.poll(() => canvas().getByRole('toolbar').count()).toBe(0);
    await page.keyboard.press('Control+e');
    await expect.poll(() => canvas().getByRole('toolbar').count()).toBeGreaterThan(0);

    // The published page shows the same text in the same order.
    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/lp/${stored!.slug}`);
    const published = visitor.locator('main').last();
    await expect.poll(() => published.getByRole('heading', { level: 2, name: HEADING }).isVisible()).toBe(true);
    expect(await published.getByRole('heading', { level: 2, name: HEADING }).evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('3px');
    const text = await published.innerText();
    expect(text.indexOf(PARAGRAPH)).toBeGreaterThan(-1);
    expect(text.indexOf(PARAGRAPH)).toBeLessThan(text.indexOf(HEADING));
    await screenshot(visitor, 'builder-published');
    await visitor.close();

    // Closing with unsaved changes asks first; declining stays, accepting goes back to the list.
    await sections().nth(1).locator('[data-node-id]').filter({ hasText: HEADING }).hover();
    await sections().nth(1).locator('[data-node-id]').filter({ hasText: HEADING }).getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/builder$/);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(BUILDER_MESSAGES.closeUnsaved);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/landing-pages');
    await expect.poll(() => page.getByRole('link', { name: `Open in builder: ${BUILDER_PAGE_TITLE}` }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
  });

  it('moves a component into a grid cell through Move Component, removes after asking, shows the raw JSON and unknown types', async () => {
    await page.getByRole('link', { name: `Open in builder: ${BUILDER_PAGE_TITLE}` }).click();
    await expect.poll(secondSectionTexts).toEqual([PARAGRAPH, HEADING]);

    // Enter in a panel field submits nothing, even where the field is the form's only text box (a
    // divider's classes), which would otherwise reload the builder and lose the unsaved divider.
    const navigations: string[] = [];
    const onNavigated = (frame: Frame) => void navigations.push(frame.url());
    page.on('framenavigated', onNavigated);
    await addToSecondSection('Divider');
    await panel().getByLabel('Tailwind classes').fill('my-8');
    await panel().getByLabel('Tailwind classes').press('Enter');
    await expect.poll(() => panel().getByText(BUILDER_MESSAGES.validClass('my-8')).isVisible()).toBe(true);
    await expect.poll(() => sections().nth(1).locator('hr.my-8').count()).toBe(1);
    page.off('framenavigated', onNavigated);
    expect(navigations).toEqual([]);

    await addToSecondSection('Grid');
    const grid = sections().nth(1).locator('[data-node-id]').filter({ has: page.getByRole('toolbar', { name: 'Grid controls' }) }).first();
    await expect.poll(() => grid.getByRole('toolbar', { name: 'Grid cell controls' }).count()).toBe(2);
    expect(await panel().getByLabel('Columns').locator('option').allTextContents()).toEqual(['1', '2', '3', '4']);
    await panel().getByLabel('Columns').selectOption('3');
    await expect.poll(() => grid.getByRole('toolbar', { name: 'Grid cell controls' }).count()).toBe(3);

    const paragraphNode = sections().nth(1).locator('[data-node-id]').filter({ hasText: PARAGRAPH }).last();
    await paragraphNode.hover();
    await paragraphNode.getByRole('button', { name: 'Move to…' }).click();
    const moveDialog = page.getByRole('dialog', { name: 'Move Component' });
    await expect.poll(() => moveDialog.getByRole('button', { name: `Section 2: ${HEADING} › Grid cell 1` }).isVisible()).toBe(true);
    // Chromium keeps :hover where the pointer last moved, under the dialog's overlay, until it moves again.
    await page.mouse.move(1, 1);
    const shownToolbars = () => canvas().locator('[role="toolbar"]').evaluateAll((bars) => bars.filter((bar) => getComputedStyle(bar).opacity !== '0').length);
    await expect.poll(shownToolbars).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await moveDialog.getByRole('button', { name: `Section 2: ${HEADING} › Grid cell 1` }).click();
    await expect.poll(() => grid.getByText(PARAGRAPH).isVisible()).toBe(true);
    // Alone in its cell, the paragraph can move neither up nor down.
    const inCell = grid.locator('[data-node-id]').filter({ hasText: PARAGRAPH }).last();
    expect(await inCell.getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    expect(await inCell.getByRole('button', { name: 'Move down' }).isDisabled()).toBe(true);

    // Remove asks first: declined, the heading stays; accepted, it goes.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await headingNode().hover();
    await headingNode().getByRole('button', { name: 'Remove' }).click();
    expect(await headingNode().count()).toBe(1);
    await headingNode().hover();
    await headingNode().getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => panel().getByRole('heading', { name: 'Heading properties' }).isVisible()).toBe(true);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(BUILDER_MESSAGES.removeConfirm('heading'));
      void dialog.accept();
    });
    await headingNode().hover();
    await headingNode().getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => headingNode().count()).toBe(0);
    // The property editor stays open with nothing selected (the canvas keeps its width); the tree picks the next one.
    await expect.poll(() => panel().getByText(BUILDER_MESSAGES.nothingSelected).isVisible()).toBe(true);
    await screenshot(page, 'builder-nothing-selected');
    await panel().getByRole('navigation', { name: 'Component tree' }).getByRole('button', { name: /^Paragraph: Twenty percent off/ }).click();
    await expect.poll(() => panel().getByRole('heading', { name: 'Paragraph properties' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Debug' }).click();
    const json = page.getByRole('dialog', { name: 'Debug: page JSON' }).getByLabel('Page JSON');
    await expect.poll(() => json.textContent()).toContain(PARAGRAPH);
    expect(await json.textContent()).not.toContain(HEADING);
    // The stored page: its title, slug and last save, and its content, which still has the heading.
    const debug = page.getByRole('dialog', { name: 'Debug: page JSON' });
    const [saved] = await server.db.select().from(landingPages).where(eq(landingPages.title, BUILDER_PAGE_TITLE));
    await expect.poll(() => debug.getByText(`In the database: ${BUILDER_PAGE_TITLE} · /lp/${saved!.slug} · last saved `).isVisible()).toBe(true);
    await debug.getByRole('button', { name: 'In the database' }).click();
    await expect.poll(() => json.textContent()).toBe(saved!.content);
    const [download] = await Promise.all([page.waitForEvent('download'), debug.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`${saved!.slug}.json`);
    expect(await readDownload(download)).toBe(saved!.content);
    await screenshot(page, 'builder-debug');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save & Close' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/landing-pages');
    const [stored] = await server.db.select().from(landingPages).where(eq(landingPages.title, BUILDER_PAGE_TITLE));
    expect(stored!.content).toContain('"gridCell"');
    expect(stored!.content).not.toContain(HEADING);

    // A type no definition knows shows as a box with its type and id, and the rest of the page still edits.
    const unknown = { id: 'mystery-1', type: 'carousel', props: { speed: 3 }, styles: {}, components: [] };
    // A video stored without props (older or converted content), drawn and edited with its type's defaults.
    const bareVideo = { id: 'bare-video', type: 'video', props: {}, styles: {} };
    const holder = { id: 'holder', type: 'container', props: {}, styles: {}, components: [unknown] };
    const content = JSON.stringify([{ id: 'section-1', type: 'section', props: {}, styles: {}, components: [holder, bareVideo] }]);
    const [odd] = await server.db.insert(landingPages).values({ title: 'Odd Page', slug: 'odd-page', content, page_type: 'builder' }).returning();
    await page.goto(`${server.baseUrl}/crm/landing-pages/${odd!.id}/builder`);
    const box = canvas().locator('[data-node-id="mystery-1"]');
    await expect.poll(() => box.getByText(BUILDER_MESSAGES.unknownType).isVisible()).toBe(true);
    expect(await box.innerText()).toContain('carousel');
    await screenshot(page, 'builder-unknown');
    // The container holding it previews it as such in the property editor.
    await canvas().locator('[data-node-id="holder"]').hover();
    await canvas().locator('[data-node-id="holder"] > [role="toolbar"]').getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => panel().getByRole('group', { name: 'Preview' }).getByText(BUILDER_MESSAGES.unknownType).count()).toBe(1);
    await canvas().locator('[data-node-id="bare-video"]').hover();
    await canvas().locator('[data-node-id="bare-video"]').getByRole('button', { name: 'Edit properties' }).click();
    await expect.poll(() => panel().getByLabel('Controls').isChecked()).toBe(true);
    expect(await panel().getByLabel('Width').inputValue()).toBe('100%');
    // Overview shows the page without controls, the unknown type still as its box.
    await page.keyboard.press('Control+o');
    await expect.poll(() => canvas().getByRole('toolbar').count()).toBe(0);
    expect(await canvas().getByText(BUILDER_MESSAGES.unknownType).isVisible()).toBe(true);
    expect(await canvas().innerText()).toContain('carousel');
    await page.keyboard.press('Control+e');
    await expect.poll(() => box.getByRole('toolbar').count()).toBe(1);

    // Reload reports what is wrong with the stored content and keeps the page on screen.
    await server.db.update(landingPages).set({ content: '[{"id": ' }).where(eq(landingPages.id, odd!.id));
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Invalid JSON content in database: ' }).isVisible()).toBe(true);
    await server.db.update(landingPages).set({ content: ' ' }).where(eq(landingPages.id, odd!.id));
    await page.keyboard.press('Control+Shift+r');
    await expect.poll(() => page.getByRole('status').filter({ hasText: BUILDER_MESSAGES.noContent }).isVisible()).toBe(true);
    expect(await box.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
