import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tags } from '../../src/server/db/schema.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * The contacts screen on the screens people use (issue 15): a laptop (1366 px) shows the default
 * columns without sideways scrolling, columns can be chosen and stay chosen, long values end in an
 * ellipsis with the whole value as a tooltip, and a phone (375 px) shows cards whose actions are
 * within reach.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newContext(1366);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newContext(width: number) {
  const created = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await created.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  return created;
}

const url = (path: string) => `${server.baseUrl}${path}`;
const table = (target: Page = page) => target.getByRole('region', { name: 'Contacts table' });
const headers = (target: Page = page) => table(target).getByRole('columnheader').allInnerTexts();
const LONG_EMAIL = 'maximiliane.sophia.von-hohenzollern-sigmaringen@very-long-company-name.example.com';

async function seed() {
  await server.db.delete(contacts);
  await server.db.delete(tags);
  await server.db.insert(tags).values([{ name: 'VIP', color: '#7c3aed' }, { name: 'newsletter' }, { name: 'Webinar Lead' }]);
  await server.db.insert(contacts).values([
    { email: 'vip@example.com', first_name: 'Vera', last_name: 'Ip', tags: ['VIP'], status: 'customer', phone: '+49 30 999' },
    { email: LONG_EMAIL, first_name: 'Maximiliane Sophia', last_name: 'von Hohenzollern-Sigmaringen', tags: ['newsletter', 'VIP', 'Webinar Lead'], status: 'prospect' },
    // Older, so the two above come first (newest first).
    ...Array.from({ length: 30 }, (_, i) => ({ email: `person${i}@example.com`, first_name: `Person ${i}`, tags: ['newsletter'], created_at: new Date(Date.now() - (i + 1) * 60_000) })),
  ]);
}

/** Width of the content beyond the visible area of an element (0: it all fits). */
const overflowOf = (target: Page, selector: string) =>
  target.evaluate((s) => {
    const element = document.querySelector(s)!;
    return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
  }, selector);

describe('the contacts table at 1366 px', () => {
  beforeAll(async () => {
    await seed();
    await page.goto(url('/crm/contacts'));
  });

  it('shows the default columns without sideways scrolling', async () => {
    await expect.poll(() => table().locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(10);
    expect(await headers()).toEqual(['CONTACT', 'EMAIL', 'TAGS', 'STATUS', 'CREATED', 'KIT ID', 'ACTIONS']);
    const { scrollWidth, clientWidth } = await overflowOf(page, '[role="region"][aria-label="Contacts table"]');
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const name of ['Status', 'Created', 'Kit ID', 'Actions']) {
      const box = (await table().getByRole('columnheader', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(1366);
    }
    await screenshot(page, 'contacts-table-1366');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("shows a short tag whole ('VIP', not 'V.') and long values cut with the whole value as a tooltip", async () => {
    const vipRow = table().getByRole('row').filter({ hasText: 'vip@example.com' });
    const chip = vipRow.locator('td:nth-child(3)').getByText('VIP', { exact: true });
    expect(await chip.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

    const longRow = table().getByRole('row').filter({ hasText: 'Maximiliane' });
    const email = longRow.locator('td:nth-child(2) [title]');
    expect(await email.getAttribute('title')).toBe(LONG_EMAIL);
    expect(await email.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await longRow.locator('td:nth-child(3) [title]').getAttribute('title')).toBe('newsletter, VIP, Webinar Lead');
    expect(await longRow.locator('td:nth-child(3)').innerText()).toContain('+2');
  });

  it('chooses columns under Columns and remembers them in this browser', async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page.getByRole('dialog', { name: 'Columns' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'contacts-columns-panel');
    await panel.getByLabel('Phone').check();
    await panel.getByLabel('Kit ID').uncheck();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    // Focus goes back to the button that opened the panel.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Columns');
    await expect.poll(() => headers()).toEqual(['CONTACT', 'EMAIL', 'PHONE', 'TAGS', 'STATUS', 'CREATED', 'ACTIONS']);
    expect(await table().getByRole('row').filter({ hasText: 'vip@example.com' }).locator('td:nth-child(3)').innerText()).toBe('+49 30 999');

    await page.reload();
    await expect.poll(() => headers()).toEqual(['CONTACT', 'EMAIL', 'PHONE', 'TAGS', 'STATUS', 'CREATED', 'ACTIONS']);

    // Back to the defaults for the describes after this one.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('dialog', { name: 'Columns' }).getByLabel('Phone').uncheck();
    await page.getByRole('dialog', { name: 'Columns' }).getByLabel('Kit ID').check();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers()).toEqual(['CONTACT', 'EMAIL', 'TAGS', 'STATUS', 'CREATED', 'KIT ID', 'ACTIONS']);
  });

  it('keeps every column readable at 1366 and 1920 px: nothing cut without an ellipsis and the whole value as its tooltip, dates and status badges whole', async () => {
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => table().locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(10);
      const problems = await table().evaluate((region) => {
        const found: string[] = [];
        const cut = (e: Element) => e.scrollWidth > e.clientWidth + 1;
        const regionRight = region.getBoundingClientRect().right;
        for (const cell of region.querySelectorAll('thead th, tbody tr[aria-rowindex] td')) {
          const row = cell.closest('tr')!.getAttribute('aria-rowindex') ?? 'header';
          const where = `row ${row}, column ${(cell as HTMLTableCellElement).cellIndex + 1}`;
          if (cell.getBoundingClientRect().right > regionRight + 1) found.push(`${where}: beyond the table's right edge`);
          for (const e of [cell, ...cell.querySelectorAll('*')]) {
            // Text for screen readers only is clipped to nothing on purpose.
            const screenReaderOnly = getComputedStyle(e).position === 'absolute' && e.getBoundingClientRect().width <= 1;
            if (!cut(e) || screenReaderOnly) continue;
            const text = (e.textContent ?? '').trim();
            const tooltip = e.closest('[title]');
            const explained = getComputedStyle(e).textOverflow === 'ellipsis' && tooltip !== null && cell.contains(tooltip) && (tooltip.getAttribute('title') ?? '').includes(text);
            if (!explained) found.push(`${where}: "${text}" cut without an ellipsis and tooltip`);
          }
          // Dates and status badges are never cut, not even with a tooltip.
          for (const e of cell.querySelectorAll('time, [data-status]')) {
            if (cut(e) || cut(cell) || e.getBoundingClientRect().right > cell.getBoundingClientRect().right) found.push(`${where}: "${e.textContent}" cut`);
          }
        }
        return found;
      });
      expect(problems, `at ${width} px`).toEqual([]);
      // The usual names and emails are shown whole; the long one is cut and its row still names it whole.
      for (const text of ['Vera Ip', 'vip@example.com', 'Person 0', 'person0@example.com']) {
        const shown = table().getByText(text, { exact: true });
        expect(await shown.evaluate((e) => e.scrollWidth <= e.clientWidth || `${e.scrollWidth}/${e.clientWidth}`), `${text} at ${width} px`).toBe(true);
      }
      expect(await table().getByText(LONG_EMAIL, { exact: true }).getAttribute('title')).toBe(LONG_EMAIL);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `contacts-table-readable-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('fits 1920 px as well', async () => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    const { scrollWidth, clientWidth } = await overflowOf(page, '[role="region"][aria-label="Contacts table"]');
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await screenshot(page, 'contacts-table-1920');
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});

describe('the contacts on a 375 px phone', () => {
  beforeAll(seed);

  it('shows cards whose actions are reachable without sideways scrolling, and whose names open the contact page', async () => {
    const phoneContext = await newContext(375);
    await phoneContext.addCookies(await context.cookies());
    const phone = await phoneContext.newPage();
    try {
      await phone.goto(url('/crm/contacts'));
      const cards = phone.getByRole('list', { name: 'Contacts' }).getByRole('listitem');
      await expect.poll(() => cards.count()).toBeGreaterThan(3);
      expect(await phone.getByRole('table').count()).toBe(0);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      const card = cards.filter({ hasText: 'Maximiliane' });
      for (const name of ['Edit Maximiliane Sophia von Hohenzollern-Sigmaringen', 'Delete Maximiliane Sophia von Hohenzollern-Sigmaringen']) {
        const box = (await card.getByRole('button', { name }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(375);
      }
      expect(await card.locator('[title]').first().getAttribute('title')).toBe('Maximiliane Sophia von Hohenzollern-Sigmaringen');
      expect(await cards.filter({ hasText: 'vip@example.com' }).getByText('VIP', { exact: true }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await seriousA11yViolations(phone)).toEqual([]);
      await screenshot(phone, 'contacts-cards-375');

      await card.getByRole('button', { name: /^Edit / }).click();
      await expect.poll(() => phone.getByRole('dialog').isVisible()).toBe(true);
      await phone.keyboard.press('Escape');
      await expect.poll(() => phone.getByRole('dialog').count()).toBe(0);

      // The name is the way to the contact's page, and Back returns to the list.
      await card.getByRole('link', { name: 'Maximiliane Sophia von Hohenzollern-Sigmaringen' }).click();
      await expect.poll(() => new URL(phone.url()).pathname).toMatch(/^\/crm\/contacts\/[0-9a-f-]{36}$/);
      await expect.poll(() => phone.getByRole('heading', { level: 1 }).innerText()).toBe('Maximiliane Sophia von Hohenzollern-Sigmaringen');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await phone.goBack();
      await expect.poll(() => cards.count()).toBeGreaterThan(3);
    } finally {
      await phoneContext.close();
    }
  });
});

describe('keyboard: the Add and Edit Contact dialogs', () => {
  beforeAll(async () => {
    await seed();
    await page.goto(url('/crm/contacts'));
  });
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

  it('gives focus back to the control that opened them, on Escape, Cancel and after saving', async () => {
    await expect.poll(() => table().locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(3);
    const add = page.getByRole('button', { name: 'Add Contact' }).first();
    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(focused).toBe('Add Contact');

    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    await page.getByRole('dialog').getByLabel('Email').fill('new.person@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(focused).toBe('Add Contact');

    const edit = page.getByRole('button', { name: 'Edit Vera Ip' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(focused).toBe('Edit Vera Ip');

    await edit.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByLabel('Phone').fill('+49 30 111');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(focused).toBe('Edit Vera Ip');
  });

  it('draws a focus ring on purple buttons at 3:1 or more against the white around it', async () => {
    await page.getByRole('button', { name: 'Add Contact' }).first().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle, label: document.activeElement!.textContent!.trim() };
      });
    expect(await outline()).toMatchObject({ style: 'solid', width: '2px', label: 'Add Contact' });
    // The button's colour transition reaches the outline too: poll until it settles.
    await expect.poll(async () => contrastRatio((await outline()).color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'contacts-focus-ring');
  });
});

/** WCAG 2.2 contrast ratio of two CSS rgb() colours. */
function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the contacts table as the view changes', () => {
  it('starts a new search at the top of the list', async () => {
    await seed();
    await page.goto(url('/crm/contacts'));
    await expect.poll(() => table().locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(10);
    await table().evaluate((e) => e.scrollTo({ top: 600 }));
    await expect.poll(() => table().evaluate((e) => e.scrollTop)).toBe(600);
    await page.getByLabel('Search contacts').fill('person');
    await page.getByText('30 contacts', { exact: true }).waitFor();
    await expect.poll(() => table().evaluate((e) => e.scrollTop)).toBe(0);
    expect(await table().locator('tbody tr[aria-rowindex]').first().innerText()).toContain('Person 0');
  });
});

describe('a first visit to the contacts screen', () => {
  it('asks for each of its files and for the first page of contacts once (what the server named up front is used)', async () => {
    const visit = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: await context.storageState() });
    const requested: string[] = [];
    const warnings: string[] = [];
    const first = await visit.newPage();
    first.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
    first.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await first.goto(url('/crm/contacts'));
    await expect.poll(() => table(first).locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(10);
    // Preloads left unused are reported some seconds after the load.
    await first.waitForTimeout(3500);
    const twice = requested.filter((path, i) => requested.indexOf(path) !== i);
    expect(twice).toEqual([]);
    expect(requested.filter((path) => path.startsWith('/api/contacts?'))).toHaveLength(1);
    expect(requested.filter((path) => path.endsWith('.css'))).toHaveLength(1);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    await visit.close();
  });

  it('shows the screen with its contacts at once: no spinner and no empty table come first', async () => {
    const visit = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: await context.storageState() });
    // Everything the page showed before its first row, as the person would have seen it.
    await visit.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __beforeRows: string[] }).__beforeRows = seen;
      const observer = new MutationObserver(() => {
        if (document.querySelector('tbody tr[aria-rowindex]')) return observer.disconnect();
        const text = document.getElementById('root')?.innerText.trim();
        if (text) seen.push(text);
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
    const first = await visit.newPage();
    await first.goto(url('/crm/contacts'));
    await expect.poll(() => table(first).locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(10);
    expect(await first.evaluate(() => (window as unknown as { __beforeRows: string[] }).__beforeRows)).toEqual([]);
    await visit.close();
  });
});

describe('the whole session', () => {
  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
