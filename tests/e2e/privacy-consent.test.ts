import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentRecords, consentStatements, contacts } from '../../src/server/db/schema.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { consentedContext, staffSession } from './helpers/staff-session.ts';

/*
 * Settings → Privacy as the owner uses it: the consent statements with their versions, a new
 * version written from the keyboard, the public sign-up form showing it in the page's language, and
 * the sign-up recording it; the double opt-in card before Kit is connected.
 */

const session = staffSession({ width: 1366 });
const url = (path: string) => `${session.server.baseUrl}${path}`;
const EN = 'Yes, register me for the webinar and email me the access details. I can unsubscribe at any time.';
const DE = 'Ja, meldet mich zum Webinar an und schickt mir die Zugangsdaten. Ich kann mich jederzeit abmelden.';

describe('Settings → Privacy', () => {
  it('shows each statement with its version, and the double opt-in card says Kit is not connected yet', async () => {
    const { page } = session;
    await page.goto(url('/crm/settings'));
    const statements = page.getByRole('heading', { name: 'Consent statements' });
    await statements.scrollIntoViewIfNeeded();
    for (const label of ['Waiting list', 'Webinar', 'Landing pages']) {
      await expect.poll(() => page.getByRole('heading', { level: 3, name: new RegExp(`^${label}\\s*version 1,`) }).isVisible()).toBe(true);
    }
    await expect.poll(() => page.getByText('No Kit API key is saved: connect Kit on the Kit screen to choose a form.').isVisible()).toBe(true);
    expect(await page.getByLabel('Webinar form', { exact: true }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-settings');
    // The staff app scrolls inside its main area: the cards further down, in a second picture.
    await page.getByRole('heading', { name: 'Double opt-in' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'privacy-settings-double-opt-in');
  });

  it('saves a new version of the webinar statement from the keyboard and keeps the old one', async () => {
    const { page } = session;
    const edit = page.getByRole('button', { name: 'Edit the Webinar statement' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit the Webinar statement' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An empty text is refused, and nothing is saved.
    await dialog.getByLabel('English').fill('');
    await dialog.getByRole('button', { name: 'Save as version 2' }).click();
    await expect.poll(() => dialog.getByLabel('English').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'privacy-statement-dialog');

    await dialog.getByLabel('English').fill(EN);
    await dialog.getByLabel('German').fill(DE);
    await dialog.getByRole('button', { name: 'Save as version 2' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 3, name: /^Webinar\s*version 2,/ }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit the Webinar statement');
    await page.getByText('Earlier versions (1)').click();
    const rows = await session.server.db.select().from(consentStatements).where(eq(consentStatements.kind, 'webinar'));
    expect(rows.map((r) => [r.version, r.text_en === EN, r.text_de === DE]).sort()).toEqual([
      [1, false, false],
      [2, true, true],
    ]);
    expect(session.errors).toEqual([]);
  });

  it('shows the new words in the webinar form, in German on the German page, and the sign-up records version 2', async () => {
    const visitorContext = await consentedContext(session.browser, 1366);
    const visitor = await visitorContext.newPage();
    await visitor.goto(url('/learning-ecosystem-webinar?hl=de#signup'));
    await expect.poll(() => visitor.getByRole('dialog').getByText(DE).isVisible()).toBe(true);

    await visitor.goto(url('/learning-ecosystem-webinar#signup'));
    const dialog = visitor.getByRole('dialog', { name: 'Register for the webinar' });
    await expect.poll(() => dialog.getByText(EN).isVisible()).toBe(true);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'privacy-webinar-form');
    await dialog.getByLabel('Full name').fill('Vera Version');
    await dialog.getByLabel('Email').fill('vera.version@example.com');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect.poll(async () => (await session.server.db.select().from(contacts).where(eq(contacts.email, 'vera.version@example.com'))).length).toBe(1);
    const [contact] = await session.server.db.select().from(contacts).where(eq(contacts.email, 'vera.version@example.com'));
    const [record] = await session.server.db.select().from(consentRecords).where(eq(consentRecords.contact_id, contact!.id));
    const [statement] = await session.server.db.select().from(consentStatements).where(eq(consentStatements.id, record!.statement_id));
    expect({ version: statement!.version, language: record!.language, page_url: record!.page_url }).toEqual({
      version: 2,
      language: 'en',
      page_url: url('/learning-ecosystem-webinar'),
    });
    await visitorContext.close();
  });
});
