import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../src/server/db/schema.ts';
import { CONTACT_PATHS } from '../../src/shared/contacts/api.ts';
import { ERASED_IMPORT_MESSAGES as E, PRIVACY_PATHS } from '../../src/shared/privacy/erasure.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession } from './helpers/staff-session.ts';

/*
 * A CSV import that names a person erased before: the review step warns with a count (never who),
 * skipping them is the default, and the report says how many were skipped for it.
 */

const s = staffSession();
const url = (path: string) => `${s.server.baseUrl}${path}`;
const withEmail = async (email: string) => s.server.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`);

describe('importing a file that names someone erased before', () => {
  it('warns in the review step, skips them by default and counts them in the report', async () => {
    const { page } = s;
    const headers = { origin: s.server.baseUrl };
    const created = await page.request.post(url(CONTACT_PATHS.list), { data: { email: 'erin.erased@example.com', first_name: 'Erin' }, headers });
    expect(created.status()).toBe(201);
    const erased = await page.request.post(url(PRIVACY_PATHS.erase.path({ id: (await created.json()).contact.id })), { headers });
    expect(erased.status()).toBe(204);

    await page.goto(url('/crm/contacts'));
    await page.getByRole('button', { name: 'Import' }).click();
    const d = page.getByRole('dialog', { name: 'Import Contacts' });
    const file = ['Email;First name', ' ERIN.Erased@Example.com ;Erin', 'fresh.face@example.com;Fresh'].join('\r\n');
    await d.locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await d.getByRole('button', { name: 'Review rows' }).click();

    const choice = d.getByRole('group', { name: E.choice });
    await choice.getByText(E.warning(1)).waitFor();
    expect(await choice.getByRole('radio', { name: new RegExp(E.skip) }).isChecked()).toBe(true);
    expect(await choice.getByRole('radio', { name: new RegExp(E.importAnyway) }).isChecked()).toBe(false);
    // The dialog names no one as erased: the row shows as any ready row.
    expect(await d.innerText()).toContain('2 ready to import');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-erased-warning');

    await d.getByRole('button', { name: 'Import 2 rows' }).click();
    await d.getByText(`${E.skipped(1)}.`).waitFor();
    const figures = (await d.locator('dl[aria-label="Import result"]').innerText()).replace(/\s+/g, ' ');
    expect(figures).toBe('Created 1 Updated 0 Skipped 0 Invalid 0');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-erased-report');

    expect(await withEmail('erin.erased@example.com')).toEqual([]);
    expect(await withEmail('fresh.face@example.com')).toHaveLength(1);
    expect(s.errors).toEqual([]);
  });
});
