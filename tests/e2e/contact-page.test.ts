import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tags } from '../../src/server/db/schema.ts';
import { CONTACT_MESSAGES } from '../../src/shared/contacts/form.ts';
import { LEAD_PATHS } from '../../src/shared/leads/paths.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';
import { signupConsent } from '../helpers/signup-consent.ts';

/**
 * The contact page as the owner uses it: opened from a row of a filtered list, a field edited in
 * place and seen in the timeline as old → new, tags added and removed, a public sign-up with UTM
 * parameters that changes the contact, and Back to the list as it was.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' } });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const timeline = () => page.getByRole('list', { name: 'Events, newest first' });
const timelineText = async () => (await timeline().innerText()).replace(/\s+/g, ' ');
/** The labelled list titled `title` under an event, as [label, value] pairs. */
const fieldList = (event: Locator, title: string) =>
  event
    .getByText(title, { exact: true })
    .locator('xpath=following-sibling::dl[1]')
    .evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('the contact page', () => {
  it('opens from a row click, edits in place, records tags and sign-ups in its timeline, and goes back to the filtered list', async () => {
    await server.db.delete(contacts);
    await server.db.delete(tags);
    await server.db.insert(tags).values([{ name: 'vip' }, { name: 'newsletter' }]);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'grace@example.com', first_name: 'Grace', phone: '+1 555', tags: ['vip'] }),
      });
      return (await res.json()).contact.id as string;
    });
    await server.db.insert(contacts).values({ email: 'other@example.com', first_name: 'Other' });

    await page.goto(url('/crm/contacts?search=grace'));
    const row = page.getByRole('row').filter({ hasText: 'grace@example.com' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('cell').nth(3).click();
    await expect.poll(() => page.url()).toBe(url(`/crm/contacts/${created}`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Grace');
    await expect.poll(timelineText).toContain(`by ${server.email}`);
    expect(await timelineText()).toContain('Created');

    // In place, with the modal's message for a bad value; Escape leaves it as it was.
    await page.getByRole('button', { name: 'Edit Email' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: CONTACT_MESSAGES.emailInvalid }).isVisible()).toBe(true);
    await page.getByLabel('Email').press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit Email');

    await page.getByRole('button', { name: 'Edit First name' }).click();
    await page.getByLabel('First name').fill('Grace B.');
    await page.getByLabel('First name').press('Enter');
    await expect.poll(timelineText).toContain('First name: Grace → Grace B.');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Grace B.');

    await page.getByLabel('Tags', { exact: true }).selectOption('newsletter');
    await expect.poll(timelineText).toContain('Tag added: newsletter');
    await page.getByRole('button', { name: 'Remove tag vip' }).click();
    await expect.poll(timelineText).toContain('Tag removed: vip');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A public sign-up with UTM parameters changes the phone: the page shows by which form, and what changed.
    const visitor = await browser.newPage();
    await visitor.goto(url('/learning-ecosystem-mastery?utm_source=e2e&utm_campaign=spring'));
    await visitor.waitForLoadState('networkidle');
    await visitor.getByRole('button', { name: 'Join the waiting list' }).first().click();
    const form = visitor.getByRole('dialog', { name: 'Join the waiting list' });
    await form.getByLabel('Full name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('Grace@Example.com');
    await form.getByLabel(/Phone/).fill('+1 777');
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect.poll(() => server.db.$count(contacts)).toBe(2);
    await visitor.close();

    await page.reload();
    await expect.poll(timelineText).toContain('Signed up again');
    const text = await timelineText();
    expect(text).toContain('through the waiting-list form');
    expect(text).toContain('Phone: +1 555 → +1 777');
    expect(await fieldList(timeline().getByRole('listitem').filter({ hasText: 'Signed up again' }), 'URL parameters')).toEqual([
      ['utm_source', 'e2e'],
      ['utm_campaign', 'spring'],
    ]);
    expect(text).toContain('Tag added: LEM_Waiting_List');
    await screenshot(page, 'contact-page-1366');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back: the list as it was, search included.
    await page.getByRole('link', { name: 'Back to contacts' }).click();
    await expect.poll(() => page.url()).toBe(url('/crm/contacts?search=grace'));
    await expect.poll(() => page.getByRole('link', { name: 'Grace B.' }).isVisible()).toBe(true);
    // The name is a link too, so the keyboard opens it.
    await page.getByRole('link', { name: 'Grace B.' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toBe(url(`/crm/contacts/${created}`));
    expect(errors).toEqual([]);
  });

  it("shows a sign-up's form data as labelled fields, the visitor's words as text and never as markup", async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const visitor = await browser.newPage();
    await visitor.goto(url('/'));
    const status = await visitor.evaluate(
      async ({ path, hostile, consent }) => {
        const body = { full_name: hostile, email: 'mallory@example.com', phone: '+44 20 7946 0000', url_parameters: { utm_source: '<b>bold</b>' }, ...consent };
        const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return res.status;
      },
      { path: LEAD_PATHS.signup.path({ campaign: 'waiting-list' }), hostile, consent: signupConsent(server.baseUrl) },
    );
    expect(status).toBe(201);
    await visitor.close();
    const [contact] = await server.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, 'mallory@example.com'));

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url(`/crm/contacts/${contact!.id}`));
    const created = timeline().getByRole('listitem').filter({ hasText: 'Created' });
    await expect.poll(() => created.count()).toBe(1);
    // Contact fields by their labels in the contact's order, the form's own keys in words; nothing as key=value.
    expect(await fieldList(created, 'Form data')).toEqual([
      ['Email', 'mallory@example.com'],
      ['Full name', hostile],
      ['Phone', '+44 20 7946 0000'],
      ['Campaign', 'waiting_list'],
    ]);
    expect(await fieldList(created, 'URL parameters')).toEqual([['utm_source', '<b>bold</b>']]);
    for (const raw of ['full_name=', 'email=', 'campaign=', 'utm_source=']) expect(await timelineText()).not.toContain(raw);
    // The visitor's markup is text: no image, no bold, no script ran.
    expect(await timeline().locator('img, b').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'contact-page-form-data');
    expect(errors).toEqual([]);
  });

  it('says so for a contact that does not exist', async () => {
    await page.goto(url('/crm/contacts/00000000-0000-4000-8000-000000000000'));
    await expect.poll(() => page.getByRole('heading', { name: CONTACT_MESSAGES.notFound }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
