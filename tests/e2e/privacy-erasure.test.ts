import type { Browser, Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, erasures } from '../../src/server/db/schema.ts';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, readDownload, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { consentedContext } from './helpers/staff-session.ts';
import { signIn } from './helpers/sign-in.ts';

/*
 * A person's rights on the screens: their data exported from the contact page as one JSON file,
 * their erasure after a confirmation that names them (Cancel returns focus and erases nothing),
 * the erasure log in Settings → Privacy, Kit's unsubscribe, and the bulk erase of a selection.
 */

let kit: FakeKit;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let page: Page;
let errors: string[];
const url = (path: string) => `${server.baseUrl}${path}`;
const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 1000, windowMs: 1000 } });
  server = await startTestServer({ env: { KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '1000' }, kitWorker: { pollMs: 100 } });
  browser = await launchBrowser();
  const context = await consentedContext(browser, 1366, { acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
  page.on('response', (response) => (response.status() === 404 ? errors.push(`404: ${response.url()}`) : undefined));
  const saved = await page.request.put(url('/api/kit/settings'), { data: { api_key: kit.apiKey }, headers: { origin: server.baseUrl } });
  expect(saved.status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await kit?.close();
});

describe('a person on their contact page', () => {
  it('exports their data as one JSON file, then erases them after a confirmation; the log shows it and Kit unsubscribed them', async () => {
    kit.state.addSubscriber({ email_address: 'rosa.rights@example.com', first_name: 'Rosa' });
    const [rosa] = await server.db
      .insert(contacts)
      .values({ email: 'rosa.rights@example.com', first_name: 'Rosa', last_name: 'Rights', phone: '+49 30 5', tags: [], url_parameters: { utm_source: 'mail' } })
      .returning();
    await page.goto(url(`/crm/contacts/${rosa!.id}`));
    await page.getByRole('heading', { level: 1, name: 'Rosa Rights' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-contact-page');

    // Export: a download named by the id, holding the contact's fields.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data' }).click()]);
    expect(download.suggestedFilename()).toBe(`person-${rosa!.id}.json`);
    const data = JSON.parse(await readDownload(download));
    expect(data.format).toBe('mycrm.person-export.v1');
    expect(data.contact).toMatchObject({ id: rosa!.id, email: 'rosa.rights@example.com', first_name: 'Rosa', last_name: 'Rights', phone: '+49 30 5', url_parameters: { utm_source: 'mail' } });
    expect(data.signups).toEqual([]);
    expect(data.kit).toEqual({ subscriber_id: null, state: null, state_since: null });

    // Erase: the confirmation names her and says it cannot be undone; Cancel erases nothing and gives focus back.
    const erase = page.getByRole('button', { name: 'Erase', exact: true });
    await erase.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Erase Rosa Rights?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('It cannot be undone.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-erase-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedText()).toBe('Erase');
    expect(await server.db.select().from(contacts).where(eq(contacts.id, rosa!.id))).toHaveLength(1);

    // Keyboard only: Enter opens it again, Tab reaches "Erase permanently".
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Erase permanently' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/crm/contacts'));
    await page.getByText('Rosa Rights was erased.').waitFor();
    expect(await server.db.select().from(contacts).where(eq(contacts.id, rosa!.id))).toEqual([]);

    // Kit was told to unsubscribe her (looked up by email: the CRM had no Kit id).
    await expect.poll(() => kit.state.subscriberByEmail('rosa.rights@example.com')?.state, { timeout: 15_000 }).toBe('cancelled');

    // Settings → Privacy: the log counts her, with when and by whom, and nothing waits for Kit.
    await page.goto(url('/crm/settings'));
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Privacy' }) });
    await card.getByText('1 person erased.').waitFor();
    const log = page.getByRole('table', { name: 'Erasures' });
    expect(await log.innerText()).toContain('owner@example.com');
    expect(await card.innerText()).not.toContain('rosa');
    await page.getByRole('heading', { name: 'Retention' }).scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-settings');
    expect(errors).toEqual([]);
  });
});

describe('bulk erase', () => {
  it('erases the ticked contacts after a confirmation that says how erase differs from delete', async () => {
    const picked = await server.db
      .insert(contacts)
      .values([
        { email: 'bulk.a@example.com', first_name: 'Bulk', last_name: 'A' },
        { email: 'bulk.b@example.com', first_name: 'Bulk', last_name: 'B' },
        { email: 'bulk.keep@example.com', first_name: 'Bulk', last_name: 'Keep' },
      ])
      .returning();
    await page.goto(url('/crm/contacts?search=bulk'));
    const table = page.getByRole('region', { name: 'Contacts table' });
    await expect.poll(() => table.locator('tbody tr[aria-rowindex]').count()).toBe(3);
    await table.getByRole('checkbox', { name: 'Select Bulk A' }).check();
    await table.getByRole('checkbox', { name: 'Select Bulk B' }).check();
    await page.getByRole('button', { name: 'Erase selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase 2 contacts?' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('This cannot be undone.');
    expect(text).toContain('Delete removes the contacts with their timelines and sign-ups, and leaves them subscribed in Kit.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-bulk-erase');
    await dialog.getByRole('button', { name: 'Erase 2 contacts' }).click();
    await page.getByText('2 contacts erased').waitFor();
    const left = await server.db.select({ email: contacts.email }).from(contacts).where(inArray(contacts.id, picked.map((p) => p.id)));
    expect(left).toEqual([{ email: 'bulk.keep@example.com' }]);
    expect(await server.db.select().from(erasures)).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});
