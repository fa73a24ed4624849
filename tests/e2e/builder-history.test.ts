import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail, upsertUser } from '../../src/server/auth/users.ts';
import { landingPages } from '../../src/server/db/schema.ts';
import { PAGE_SETTINGS_MESSAGES } from '../../src/shared/landing-pages/page-settings.ts';
import { createPage, getPage, saveContent } from '../../src/server/landing-pages/service.ts';
import { SAFETY_MESSAGES, builderPath } from '../../src/shared/landing-pages/builder.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { HISTORY_MESSAGES } from '../../src/web/features/builder/store/step-names.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { TEST_PASSWORD } from '../helpers/test-app.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * Nothing is lost in the builder: two people saving one page (the second is refused with who and
 * when, then reloads or overwrites), the version history (listed, previewed, restored, saved), and
 * unsaved work kept in the browser when a tab is closed, offered back when the builder opens again.
 */

const EDITOR = 'editor@example.com';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let owner: BrowserContext;
let editor: BrowserContext;
const pageErrors: string[][] = [];
/** What went wrong in the pages, less the refused saves the conflicts are about (the console logs their 409). */
const unexpectedErrors = () => pageErrors.flat().filter((error) => !/\b409\b/.test(error));

async function signedInContext(email: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // Only in the app's own document: the sandboxed version preview has no storage to write to.
  await context.addInitScript((key) => window === window.top && localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, email, TEST_PASSWORD);
  await page.close();
  return context;
}

beforeAll(async () => {
  server = await startTestServer();
  await upsertUser(server.db, EDITOR, TEST_PASSWORD);
  browser = await launchBrowser();
  owner = await signedInContext(server.email);
  editor = await signedInContext(EDITOR);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A saved builder page whose one section holds a heading saying `heading`, by the owner. */
async function seedPage(slug: string, heading: string) {
  const user = (await findUserByEmail(server.db, server.email))!;
  const content = serializeContent([{ ...createSection(), components: [createComponent('heading', { text: heading })] }]);
  return createPage(server.db, { title: `Page ${slug}`, slug, content, page_type: 'builder', is_active: true }, { id: user.id, email: user.email });
}

async function openBuilder(context: BrowserContext, pageId: string) {
  const page = await context.newPage();
  pageErrors.push(watchPageErrors(page));
  await page.goto(`${server.baseUrl}${builderPath(pageId)}`);
  // Located by CSS: an open dialog (the offer of kept work) hides the canvas from the accessibility tree.
  await expect.poll(() => page.locator('[aria-label="Page canvas"] h1').count()).toBeGreaterThan(0);
  return page;
}

const canvas = (page: Page) => page.getByRole('region', { name: 'Page canvas' });
const headingTexts = (page: Page) => canvas(page).locator('h1').allTextContents();
const banner = (page: Page) => page.getByRole('status').filter({ hasText: /successfully|Failed|Restored/ });
const storedContent = async (id: string) => (await server.db.select().from(landingPages).where(eq(landingPages.id, id)))[0]!.content;

/** Changes the canvas heading saying `from` to `to`, through the property panel. */
async function editHeading(page: Page, from: string, to: string) {
  await canvas(page).locator('[data-node-id]').filter({ has: page.locator('h1', { hasText: from }) }).last().hover();
  await canvas(page).locator('[data-node-id]').filter({ has: page.locator('h1', { hasText: from }) }).last().getByRole('button', { name: 'Edit properties' }).click();
  const panel = page.getByRole('complementary', { name: 'Property editor' });
  await panel.getByLabel('Text', { exact: true }).fill(to);
  await expect.poll(() => headingTexts(page)).toContain(to);
  await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** The unsaved work this browser keeps for `key`, read from IndexedDB as the builder stored it. */
const keptDraft = (page: Page, key: string) =>
  page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('mycrm-builder', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('drafts');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('drafts').objectStore('drafts').get(${JSON.stringify(key)});
      read.onsuccess = () => { resolve(read.result ? read.result.content : null); open.result.close(); };
      read.onerror = () => reject(read.error);
    };
  })`) as Promise<string | null>;

describe('two people saving one page', () => {
  it("refuses the second save with who and when, then reloads theirs or overwrites with mine", async () => {
    const seeded = await seedPage('conflict-page', 'Original heading');
    const mine = await openBuilder(owner, seeded.id);
    const theirs = await openBuilder(editor, seeded.id);

    await editHeading(theirs, 'Original heading', 'Their heading');
    await save(theirs);
    await expect.poll(() => banner(theirs).textContent()).toMatch(/^Saved successfully at /);

    await editHeading(mine, 'Original heading', 'My heading');
    await save(mine);
    const conflict = mine.getByRole('dialog');
    await expect.poll(() => conflict.getByRole('heading').textContent()).toMatch(new RegExp(`^This page was changed at .+ by ${EDITOR}$`));
    expect(await conflict.getByText(SAFETY_MESSAGES.conflictHint).isVisible()).toBe(true);
    // Nothing was written over their save.
    expect(await storedContent(seeded.id)).toContain('Their heading');
    await screenshot(mine, 'builder-conflict');
    expect(await seriousA11yViolations(mine)).toEqual([]);

    // Reload (lose mine): their page in the editor, and my next save starts from it.
    await conflict.getByRole('button', { name: SAFETY_MESSAGES.reloadLoseMine }).click();
    await expect.poll(() => headingTexts(mine)).toEqual(['Their heading']);
    await expect.poll(() => banner(mine).textContent()).toMatch(/^Reloaded successfully at /);
    await editHeading(mine, 'Their heading', 'My second heading');
    await save(mine);
    await expect.poll(() => banner(mine).textContent()).toMatch(/^Saved successfully at /);
    expect(await storedContent(seeded.id)).toContain('My second heading');

    // The other tab still started from the older version: refused, naming me, and Overwrite keeps its work.
    await editHeading(theirs, 'Their heading', 'Their final heading');
    await save(theirs);
    await expect.poll(() => theirs.getByRole('dialog').getByRole('heading').textContent()).toMatch(new RegExp(`^This page was changed at .+ by ${server.email}$`));
    await theirs.getByRole('button', { name: SAFETY_MESSAGES.overwriteKeepMine }).click();
    await expect.poll(() => banner(theirs).textContent()).toMatch(/^Saved successfully at /);
    await expect.poll(() => storedContent(seeded.id)).toContain('Their final heading');
    expect(await getPage(server.db, seeded.id)).toMatchObject({ version: 4, updated_by: { email: EDITOR } });
    await expect.poll(() => theirs.getByText('All changes saved').isVisible()).toBe(true);
    // Focus went back to the Save button the conflict came from.
    await expect.poll(() => theirs.evaluate(() => document.activeElement?.textContent)).toBe('Save');

    await mine.close();
    await theirs.close();
    expect(unexpectedErrors()).toEqual([]);
  });
});

describe('version history', () => {
  it('lists every save with time and author, previews one as published, and restores it as an undoable change', async () => {
    const seeded = await seedPage('history-page', 'First words');
    const editorUser = (await findUserByEmail(server.db, EDITOR))!;
    await saveContent(server.db, seeded.id, {
      values: { content: serializeContent([{ ...createSection(), components: [createComponent('heading', { text: 'Second words' })] }]), page_type: 'builder' },
      baseVersion: 1,
      author: { id: editorUser.id, email: EDITOR },
    });
    const page = await openBuilder(owner, seeded.id);
    await editHeading(page, 'Second words', 'Third words');
    await save(page);
    await expect.poll(() => banner(page).textContent()).toMatch(/^Saved successfully at /);

    const historyButton = page.getByRole('button', { name: 'History' });
    await historyButton.click();
    const dialog = page.getByRole('dialog', { name: SAFETY_MESSAGES.historyTitle });
    const versions = dialog.getByRole('list', { name: 'Saved versions' }).getByRole('button');
    await expect.poll(() => versions.count()).toBe(3);
    const labels = await versions.allInnerTexts();
    expect(labels.map((label) => label.split('\n')[1])).toEqual([`Version 3 · ${server.email}`, `Version 2 · ${EDITOR}`, `Version 1 · ${server.email}`]);
    expect(labels[0]).toMatch(/\d/);

    // The newest is previewed first; picking version 1 shows it as the public page draws it.
    const preview = (n: number) => page.frameLocator(`iframe[title="Preview of version ${n}"]`);
    await expect.poll(() => preview(3).locator('h1').textContent()).toBe('Third words');
    await versions.nth(2).click();
    expect(await versions.nth(2).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => preview(1).locator('h1').textContent()).toBe('First words');
    // Styled by the page's own CSS, as at /lp: the heading's text-gray-900, not the browser's black.
    await expect.poll(() => preview(1).locator('h1').evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(0, 0, 0)');
    await screenshot(page, 'builder-history');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => headingTexts(page)).toEqual(['First words']);
    await expect.poll(() => banner(page).textContent()).toMatch(/^Restored the version of /);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('History');
    // Nothing is saved yet, and undo brings the editor's page back.
    expect(await storedContent(seeded.id)).toContain('Third words');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => headingTexts(page)).toEqual(['Third words']);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => headingTexts(page)).toEqual(['First words']);
    await save(page);
    await expect.poll(() => banner(page).textContent()).toMatch(/^Saved successfully at /);
    expect(await storedContent(seeded.id)).toContain('First words');

    await historyButton.click();
    await expect.poll(() => versions.count()).toBe(4);
    expect((await versions.first().innerText()).split('\n')[1]).toBe(`Version 4 · ${server.email}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.close();
    expect(unexpectedErrors()).toEqual([]);
  });
});

describe("this editor's history", () => {
  it('names each step in the History dialog and in the undo and redo tooltips, and says what undo did', async () => {
    const user = (await findUserByEmail(server.db, server.email))!;
    const content = serializeContent([
      { ...createSection(), components: [createComponent('heading', { text: 'Named first' })] },
      { ...createSection(), components: [createComponent('heading', { text: 'Named second' })] },
    ]);
    const seeded = await createPage(server.db, { title: 'Named steps', slug: 'named-steps', content, page_type: 'builder', is_active: true }, { id: user.id, email: user.email });
    const page = await openBuilder(owner, seeded.id);
    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    expect(await undo.getAttribute('title')).toBe('Undo');

    await editHeading(page, 'Named first', 'Named first, edited');
    const secondSection = canvas(page).locator('main.lp-canvas > [data-node-id]').nth(1);
    await secondSection.getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' }).click();
    await page.getByRole('dialog', { name: 'Add Component' }).getByRole('button', { name: 'Button', exact: true }).click();
    await expect.poll(() => secondSection.locator('[data-node-id]').count()).toBe(2);
    await secondSection.getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => headingTexts(page)).toEqual(['Named second', 'Named first, edited']);
    expect(await undo.getAttribute('title')).toBe('Undo: Moved Section 2 up');

    await undo.click();
    await expect.poll(() => headingTexts(page)).toEqual(['Named first, edited', 'Named second']);
    await expect.poll(() => page.getByTestId('undo-announcement').textContent()).toBe('Undone: Moved Section 2 up');
    expect(await undo.getAttribute('title')).toBe('Undo: Added Button');
    expect(await redo.getAttribute('title')).toBe('Redo: Moved Section 2 up');

    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: SAFETY_MESSAGES.historyTitle });
    const steps = dialog.getByRole('list', { name: HISTORY_MESSAGES.stepsTitle }).getByRole('listitem');
    await expect.poll(() => steps.allInnerTexts()).toEqual([`Moved Section 2 up · ${HISTORY_MESSAGES.undone}`, 'Added Button', 'Changed heading text']);
    await screenshot(page, 'builder-history-steps');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByTestId('undo-announcement').textContent()).toBe('Redone: Moved Section 2 up');
    await expect.poll(() => headingTexts(page)).toEqual(['Named second', 'Named first, edited']);
    await page.close();
    expect(unexpectedErrors()).toEqual([]);
  });
});

describe('unsaved work kept in the browser', () => {
  it('offers the work of a closed tab back when the builder opens again, and forgets it once saved or discarded', async () => {
    const seeded = await seedPage('draft-page', 'Saved heading');
    const first = await openBuilder(owner, seeded.id);
    await editHeading(first, 'Saved heading', 'Work nobody saved');
    await expect.poll(() => keptDraft(first, seeded.id)).toContain('Work nobody saved');
    await first.close();

    const second = await openBuilder(owner, seeded.id);
    const offer = second.getByRole('dialog');
    await expect.poll(() => offer.getByRole('heading').textContent()).toMatch(/^Restore unsaved changes from .+\?$/);
    // The page was not saved since: no warning that the work is older.
    expect(await offer.getByText(/older than the page's last save/).count()).toBe(0);
    await screenshot(second, 'builder-draft-offer');
    expect(await seriousA11yViolations(second)).toEqual([]);
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => headingTexts(second)).toEqual(['Work nobody saved']);
    await expect.poll(() => second.getByText('Unsaved changes').isVisible()).toBe(true);
    await save(second);
    await expect.poll(() => banner(second).textContent()).toMatch(/^Saved successfully at /);
    expect(await storedContent(seeded.id)).toContain('Work nobody saved');
    await expect.poll(() => keptDraft(second, seeded.id)).toBeNull();

    // Work kept, then someone saves the page: the offer says the work is older, and Discard forgets it.
    await editHeading(second, 'Work nobody saved', 'Work older than a save');
    await expect.poll(() => keptDraft(second, seeded.id)).toContain('Work older than a save');
    await second.close();
    const stored = await getPage(server.db, seeded.id);
    await saveContent(server.db, seeded.id, {
      values: { content: stored.content.replace('Work nobody saved', 'Saved by someone else'), page_type: 'builder' },
      baseVersion: stored.version,
      author: stored.updated_by!,
    });
    const third = await openBuilder(owner, seeded.id);
    await expect.poll(() => third.getByRole('dialog').getByText(/^They are older than the page's last save at .+\.$/).isVisible()).toBe(true);
    await screenshot(third, 'builder-draft-older');
    await third.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => third.getByRole('dialog').count()).toBe(0);
    expect(await headingTexts(third)).toEqual(['Saved by someone else']);
    await expect.poll(() => keptDraft(third, seeded.id)).toBeNull();
    await third.close();

    // A new page's work is kept under 'new' until its first save.
    const fresh = await openBuilder(owner, 'new');
    const [defaultHeading] = await headingTexts(fresh);
    await editHeading(fresh, defaultHeading!, 'A new page, not saved');
    await expect.poll(() => keptDraft(fresh, 'new')).toContain('A new page, not saved');
    await fresh.close();
    const again = await openBuilder(owner, 'new');
    await again.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => headingTexts(again)).toEqual(['A new page, not saved']);
    await save(again);
    await expect.poll(() => new URL(again.url()).pathname).toMatch(/^\/crm\/landing-pages\/[0-9a-f-]{36}\/builder$/);
    await expect.poll(() => keptDraft(again, 'new')).toBeNull();
    await again.close();
    expect(unexpectedErrors()).toEqual([]);
  });

  it('keeps unsaved page settings too: work whose only change is the description is offered back with it', async () => {
    const seeded = await seedPage('draft-settings', 'Heading as saved');
    const first = await openBuilder(owner, seeded.id);
    await first.getByRole('button', { name: PAGE_SETTINGS_MESSAGES.open }).click();
    const dialog = first.getByRole('dialog', { name: PAGE_SETTINGS_MESSAGES.dialogTitle });
    await dialog.getByLabel('Meta description').fill('Kept in this browser, never saved');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => first.getByText('Unsaved changes').isVisible()).toBe(true);
    await expect.poll(() => keptDraft(first, seeded.id)).not.toBeNull();
    await first.close();

    const second = await openBuilder(owner, seeded.id);
    await second.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => second.getByText('Unsaved changes').isVisible()).toBe(true);
    await save(second);
    await expect.poll(() => banner(second).textContent()).toMatch(/^Saved successfully at /);
    expect((await getPage(server.db, seeded.id)).settings).toEqual({ description: 'Kept in this browser, never saved' });
    await second.close();
    expect(unexpectedErrors()).toEqual([]);
  });
});

describe("the admin list's Edit form", () => {
  it('refuses a save over someone else\'s with who and when, then overwrites or reloads', async () => {
    const seeded = await seedPage('form-page', 'Form heading');
    const editorUser = (await findUserByEmail(server.db, EDITOR))!;
    const saveAsEditor = async (title: string) => {
      const stored = await getPage(server.db, seeded.id);
      await saveContent(server.db, seeded.id, {
        values: { title, slug: stored.slug, content: stored.content, page_type: 'builder', is_active: true },
        baseVersion: stored.version,
        author: { id: editorUser.id, email: EDITOR },
      });
    };
    const page = await owner.newPage();
    pageErrors.push(watchPageErrors(page));
    await page.goto(`${server.baseUrl}/crm/landing-pages`);
    const form = page.getByRole('dialog');
    const title = form.getByLabel('Title');
    const openEdit = async (cardTitle: string) => {
      await page.getByRole('article', { name: cardTitle, exact: true }).getByRole('button', { name: `Edit ${cardTitle}` }).click();
      await expect.poll(() => title.inputValue()).toBe(cardTitle);
    };

    await openEdit('Page form-page');
    await saveAsEditor('Renamed by the editor');
    await title.fill('Renamed by me');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.getByText(/^This page was changed at .+ by editor@example\.com$/).isVisible()).toBe(true);
    await screenshot(page, 'admin-edit-conflict');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: SAFETY_MESSAGES.overwriteKeepMine }).click();
    await expect.poll(() => form.count()).toBe(0);
    expect(await getPage(server.db, seeded.id)).toMatchObject({ title: 'Renamed by me', updated_by: { email: server.email } });

    await openEdit('Renamed by me');
    await saveAsEditor('Renamed again by the editor');
    await title.fill('Mine, to be lost');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await alert.getByRole('button', { name: SAFETY_MESSAGES.reloadLoseMine }).click();
    await expect.poll(() => title.inputValue()).toBe('Renamed again by the editor');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => form.count()).toBe(0);
    expect(await getPage(server.db, seeded.id)).toMatchObject({ title: 'Renamed again by the editor', updated_by: { email: server.email } });
    await page.close();
    expect(unexpectedErrors()).toEqual([]);
  });
});
