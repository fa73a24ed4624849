import fs from 'node:fs';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactEvents, contacts, tags } from '../../src/server/db/schema.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { consentedContext, staffSession } from './helpers/staff-session.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * Bulk actions on the contacts screen (issue 15): ticking the shown rows offers "Select all N
 * contacts that match" (like Gmail); add tag, remove tag, export and delete then apply to the
 * whole filter on the server, in the background with progress when there are many.
 */

const s = staffSession({ width: 1366, acceptDownloads: true });
const url = (path: string) => `${s.server.baseUrl}${path}`;
const table = () => s.page.getByRole('region', { name: 'Contacts table' });
const focusedName = () => s.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
const count = async (where: ReturnType<typeof sql>) => (await s.server.db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where))[0]!.n;

/** `n` contacts whose email starts with `prefix`, newest first in the order of their number. */
const people = (prefix: string, n: number, extra: Partial<typeof contacts.$inferInsert> = {}) =>
  Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com`, first_name: prefix, created_at: new Date(Date.now() - i * 1000), ...extra }));

beforeEach(async () => {
  await s.server.db.delete(contacts);
  await s.server.db.delete(tags);
  await s.server.db.insert(tags).values([{ name: 'VIP', color: '#7c3aed' }, { name: 'newsletter' }]);
});

async function openSearch(search: string) {
  await s.page.goto(url(`/crm/contacts?search=${search}`));
  await expect.poll(() => table().locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(5);
}

describe('select all that match', () => {
  it('tags all 260 matches, not only the 100 loaded, and keeps them selected', async () => {
    await s.server.db.insert(contacts).values([...people('match', 260), ...people('other', 15)]);
    await openSearch('match');
    await s.page.getByRole('checkbox', { name: 'Select all contacts' }).check();
    await expect.poll(() => s.page.getByText('100 selected').isVisible()).toBe(true);
    await s.page.getByRole('button', { name: 'Select all 260 contacts that match' }).click();
    await expect.poll(() => s.page.getByText('All 260 contacts that match are selected').isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Sync all 260 to Kit' }).isVisible()).toBe(true);
    await screenshot(s.page, 'contacts-bulk-all-matching');
    expect(await seriousA11yViolations(s.page)).toEqual([]);

    await s.page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Add a tag to all 260 contacts' });
    await dialog.getByLabel('Tag').selectOption('VIP');
    await screenshot(s.page, 'contacts-bulk-add-tag');
    expect(await seriousA11yViolations(s.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => s.page.getByText('Tag "VIP" added to 260 contacts').isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(focusedName).toBe('Add tag');
    expect(await count(sql`${contacts.tags} @> array['VIP']`)).toBe(260);
    expect(await count(sql`${contacts.email} like 'other%' and ${contacts.tags} <> '{}'`)).toBe(0);
    // Each contact's timeline says who added the tag.
    const [events] = await s.server.db.select({ n: sql<number>`count(*)::int` }).from(contactEvents).where(sql`${contactEvents.type} = 'tags_added' and ${contactEvents.actor}->>'email' = ${s.server.email}`);
    expect(events!.n).toBe(260);
    // The rows on screen show the new tag, and the selection is still all that match.
    await expect.poll(() => table().locator('tbody tr[aria-rowindex]').first().innerText()).toContain('VIP');
    expect(await s.page.getByText('All 260 contacts that match are selected').isVisible()).toBe(true);

    // Unticking one row leaves the loaded rows but that one.
    await table().getByRole('checkbox').nth(1).uncheck();
    await expect.poll(() => s.page.getByText('99 selected').isVisible()).toBe(true);
    expect(s.errors).toEqual([]);
  });

  it('deletes 1,200 matches in the background with progress; the outcome stays after a reload until dismissed', async () => {
    await s.server.db.insert(contacts).values([...people('bulk', 1200), ...people('keep', 10)]);
    await openSearch('bulk');
    await s.page.getByRole('checkbox', { name: 'Select all contacts' }).check();
    await s.page.getByRole('button', { name: 'Select all 1,200 contacts that match' }).click();
    await s.page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Delete all 1,200 contacts?' });
    await expect.poll(() => confirm.getByText('Each contact is deleted with its timeline. This cannot be undone.').isVisible()).toBe(true);
    // Cancel first: nothing is deleted, focus returns to the button.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(focusedName).toBe('Delete selected');
    expect(await count(sql`true`)).toBe(1210);

    await s.page.getByRole('button', { name: 'Delete selected' }).click();
    await confirm.getByRole('button', { name: 'Delete all 1,200 contacts' }).click();
    const progress = s.page.getByRole('region', { name: 'Bulk action progress' });
    await expect.poll(() => progress.getByText('1,200 contacts deleted').isVisible()).toBe(true);
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1200');
    await expect.poll(focusedName).toBe('Search contacts');
    await expect.poll(() => s.page.getByText('No contacts found').isVisible()).toBe(true);
    expect((await s.server.db.select({ email: contacts.email }).from(contacts)).map((c) => c.email).sort()).toEqual(people('keep', 10).map((p) => p.email).sort());
    await screenshot(s.page, 'contacts-bulk-deleted');
    expect(await seriousA11yViolations(s.page)).toEqual([]);

    await s.page.reload();
    await expect.poll(() => progress.getByText('1,200 contacts deleted').isVisible()).toBe(true);
    await progress.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => progress.count()).toBe(0);
    await s.page.reload();
    await expect.poll(() => s.page.getByText('No contacts found').isVisible()).toBe(true);
    expect(await progress.count()).toBe(0);
    expect(s.errors).toEqual([]);
  });
});

describe('actions on the rows picked', () => {
  it('removes a tag from two rows and exports exactly those two, in the list order', async () => {
    await s.server.db.insert(contacts).values(people('row', 8, { tags: ['VIP', 'newsletter'] }));
    await openSearch('row');
    await table().getByRole('checkbox').nth(2).check();
    await table().getByRole('checkbox').nth(4).check();
    await expect.poll(() => s.page.getByText('2 selected').isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: /Select all .* that match/ }).count()).toBe(0);

    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Export selected' }).click()]);
    const csv = Papa.parse<Record<string, string>>(fs.readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true });
    expect(csv.data.map((r) => r.email)).toEqual(['row1@example.com', 'row3@example.com']);

    await s.page.getByRole('button', { name: 'Remove tag' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Remove a tag from 2 contacts' });
    expect(await dialog.getByRole('button', { name: 'Remove tag' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Tag').selectOption('VIP');
    await dialog.getByRole('button', { name: 'Remove tag' }).click();
    await expect.poll(() => s.page.getByText('Tag "VIP" removed from 2 contacts').isVisible()).toBe(true);
    expect(await count(sql`not (${contacts.tags} @> array['VIP'])`)).toBe(2);
    expect(await count(sql`${contacts.email} in ('row1@example.com', 'row3@example.com') and ${contacts.tags} = array['newsletter']`)).toBe(2);
    expect(s.errors).toEqual([]);
  });
});

describe('on a phone', () => {
  it('offers all that match once a card is ticked, and the bar fits the screen', async () => {
    await s.server.db.insert(contacts).values(people('phone', 120));
    const context = await consentedContext(s.browser, 375);
    const phone = await context.newPage();
    try {
      await signIn(phone, s.server.baseUrl, s.server.email, s.server.password);
      await phone.goto(url('/crm/contacts?search=phone'));
      const cards = phone.getByRole('list', { name: 'Contacts' });
      await cards.getByRole('checkbox').first().check();
      await phone.getByRole('button', { name: 'Select all 120 contacts that match' }).click();
      await expect.poll(() => phone.getByText('All 120 contacts that match are selected').isVisible()).toBe(true);
      for (const name of ['Add tag', 'Remove tag', 'Export selected', 'Delete selected', 'Sync all 120 to Kit']) {
        const box = (await phone.getByRole('button', { name }).boundingBox())!;
        expect(box.x + box.width, name).toBeLessThanOrEqual(375);
      }
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(phone, 'contacts-bulk-phone');
      expect(await seriousA11yViolations(phone)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
