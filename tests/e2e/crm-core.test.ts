import type { Browser, Locator, Page } from 'playwright-core';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, landingPages, tags } from '../../src/server/db/schema.ts';
import { IMPORT_MESSAGES } from '../../src/shared/contacts/csv.ts';
import { CONTACT_MESSAGES } from '../../src/shared/contacts/form.ts';
import { TAG_MESSAGES } from '../../src/shared/tags/api.ts';
import { readDownload, screenshot } from './helpers/browser.ts';
import { signIn } from './helpers/sign-in.ts';
import { consentedContext, staffSession, type StaffSession } from './helpers/staff-session.ts';
import { seriousA11yViolations } from './helpers/axe.ts';

/**
 * The CRM core as its owner uses it: the dashboard, tags and contacts from an empty database to a
 * filtered, sorted, imported and exported list, through the browser only. The database is touched
 * to plant what no screen can make (an old contact, a landing-page visitor, two pages), and to
 * start each describe from the state the ones before it leave, so any describe can run alone
 * (vitest -t) or in any order.
 */

let server: StaffSession['server'];
let browser: Browser;
let page: Page;
let errors: string[];

const staff = staffSession({ acceptDownloads: true });
beforeAll(() => void ({ server, browser, page, errors } = staff));

interface CrmState {
  tags?: Array<typeof tags.$inferInsert>;
  contacts?: Array<typeof contacts.$inferInsert>;
  pages?: Array<typeof landingPages.$inferInsert>;
}

/** Replaces the CRM's data with `state` and opens `path` afresh, so no screen shows data of before. */
async function startWith(state: CrmState, path: string) {
  await server.db.delete(contacts);
  await server.db.delete(tags);
  await server.db.delete(landingPages);
  if (state.tags?.length) await server.db.insert(tags).values(state.tags);
  if (state.contacts?.length) await server.db.insert(contacts).values(state.contacts);
  if (state.pages?.length) await server.db.insert(landingPages).values(state.pages);
  await page.goto(url(path));
}

const newContext = (width: number) => consentedContext(browser, width, { acceptDownloads: true });

const url = (path: string) => `${server.baseUrl}${path}`;
const dialog = (target: Page = page) => target.getByRole('dialog');
const row = (text: string, target: Page = page) => target.getByRole('row').filter({ hasText: text });
/** The contact rows on screen (rows carry aria-rowindex; the spacers that stand in for rows out of view do not). */
const contactRows = (target: Page = page) => target.getByRole('region', { name: 'Contacts table' }).locator('tbody tr[aria-rowindex]');
const emailsShown = async (target: Page = page) => contactRows(target).locator('td:nth-child(2)').allInnerTexts();

/** A stat card's label, figure and hint as one line ("Loading" while the figure loads): poll it. */
async function statText(label: string, target: Page = page): Promise<string> {
  return (await target.getByRole('group', { name: label }).innerText()).replace(/\s+/g, ' ').trim();
}

async function openScreen(link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
}

async function expectToast(text: string, target: Page = page) {
  const toast = target.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
  await expect.poll(() => toast.count(), { message: `toast "${text}"` }).toBeGreaterThan(0);
}

/** The error shown under a form field, found through the field's aria-describedby. */
async function fieldError(field: Locator): Promise<string | null> {
  await expect.poll(() => field.getAttribute('aria-invalid'), { message: 'field marked invalid' }).toBe('true');
  const id = await field.getAttribute('aria-describedby');
  return field.page().locator(`[id="${id}"]`).textContent();
}

/** The browser logs every 4xx response; these are the ones this test provokes on purpose. */
const provoked = (error: string) => /status of 409 \(Conflict\)/.test(error);

/** Nothing sticks out sideways: the scrolling area is no wider than the screen. */
async function expectNoSidewaysScroll(target: Page) {
  const overflow = await target.evaluate(() => {
    const main = document.querySelector('main')!;
    return { main: main.scrollWidth - main.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(overflow).toEqual({ main: 0, page: 0 });
}

async function openTagModal(name: 'Add Tag' | string) {
  if (name === 'Add Tag') await page.getByRole('button', { name: 'Add Tag' }).first().click();
  else await page.getByRole('button', { name: `Edit tag ${name}` }).click();
  await expect.poll(() => dialog().isVisible()).toBe(true);
}

async function fillTag(values: { name?: string; description?: string; kitName?: string; kitId?: string }) {
  const d = dialog();
  if (values.name !== undefined) await d.getByLabel('Name', { exact: true }).fill(values.name);
  if (values.description !== undefined) await d.getByLabel('Description').fill(values.description);
  if (values.kitName !== undefined) await d.getByLabel('Kit tag name').fill(values.kitName);
  if (values.kitId !== undefined) await d.getByLabel('Kit tag ID').fill(values.kitId);
}

async function submitDialog(button: string) {
  await dialog().getByRole('button', { name: button, exact: true }).click();
}

async function expectDialogClosed(target: Page = page) {
  await expect.poll(() => dialog(target).count(), { message: 'dialog closed' }).toBe(0);
}

describe('an empty CRM', () => {
  beforeAll(() => startWith({}, '/crm'));

  it('dashboard: zero counts, no recent contacts, and the three quick actions', async () => {
    await page.goto(url('/crm'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await expect.poll(() => statText('Total Contacts')).toBe('Total Contacts 0');
    await expect.poll(() => statText('Landing Pages')).toBe('Landing Pages 0');
    await expect.poll(() => statText('Active Pages')).toBe('Active Pages 0');
    await expect.poll(() => statText('Recent Leads')).toBe('Recent Leads 0 Last 7 days');
    await expect.poll(() => page.getByText('No recent contacts').isVisible()).toBe(true);
    const links = page.getByRole('region', { name: 'Quick Actions' }).getByRole('link');
    expect(await links.evaluateAll((as) => as.map((a) => [a.querySelector('span span')?.textContent, a.getAttribute('href')]))).toEqual([
      ['Add Contact', '/crm/contacts'],
      ['Create Page', '/crm/landing-pages'],
      ['View Analytics', '/crm/kit'],
    ]);
    await screenshot(page, 'crm-dashboard-empty');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('contacts: "No contacts found" and "Get started by adding your first contact"', async () => {
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: /Add Contact/ }).click();
    await page.waitForURL(url('/crm/contacts'));
    await expect.poll(() => page.getByRole('heading', { name: 'No contacts found' }).isVisible()).toBe(true);
    expect(await page.getByText('Get started by adding your first contact').isVisible()).toBe(true);
    await expect.poll(() => statText('Total Contacts')).toBe('Total Contacts 0');
    await expect.poll(() => statText('Customers')).toBe('Customers 0');
    await expect.poll(() => statText('Prospects')).toBe('Prospects 0');
    expect(await page.getByText('0 contacts').isVisible()).toBe(true);
    await screenshot(page, 'crm-contacts-empty');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('tags: "Tag Management" and "No tags created yet"', async () => {
    await openScreen('Tags', 'Tag Management');
    await page.getByRole('heading', { name: 'No tags created yet' }).waitFor();
  });
});

describe('tags', () => {
  beforeAll(async () => {
    await startWith({}, '/crm/tags');
    await page.getByRole('heading', { name: 'No tags created yet' }).waitFor();
  });

  it('creates a tag with the default colour, a description and a Kit mapping', async () => {
    await openTagModal('Add Tag');
    expect(await dialog().getByRole('heading').first().textContent()).toBe('Create Tag');
    expect(await dialog().getByLabel('Color').inputValue()).toBe('#8b5cf6'); // #8B5CF6, as the colour input writes it
    expect(await dialog().getByLabel('Color').getAttribute('type')).toBe('color');
    await submitDialog('Create Tag');
    expect(await fieldError(dialog().getByLabel('Name', { exact: true }))).toBe(TAG_MESSAGES.nameRequired);
    await fillTag({ name: 'newsletter', description: 'Monthly newsletter readers', kitName: 'Newsletter', kitId: '12345' });
    await screenshot(page, 'crm-tag-modal');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submitDialog('Create Tag');
    await expectDialogClosed();
    const card = page.getByRole('article', { name: 'newsletter' });
    await expect.poll(() => card.isVisible()).toBe(true);
    const text = await card.innerText();
    expect(text).toContain('Monthly newsletter readers');
    expect(text).toContain('Kit Integration Active');
    expect(text).toMatch(/Maps to:\s*Newsletter/);
    expect(text).toContain('12345');
    expect(text).toMatch(/Created\s*\S+/);
    expect(text).toMatch(/Updated\s*\S+/);
  });

  it('refuses a non-numeric Kit tag ID with the shared message, then saves the fixed value', async () => {
    await openTagModal('Add Tag');
    await fillTag({ name: 'webinar', kitId: 'abc' });
    await submitDialog('Create Tag');
    expect(await fieldError(dialog().getByLabel('Kit tag ID'))).toBe(TAG_MESSAGES.kitTagIdNotNumber);
    await fillTag({ kitId: '' });
    await submitDialog('Create Tag');
    await expectDialogClosed();
    const card = page.getByRole('article', { name: 'webinar' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.innerText()).toContain('No Kit Integration');
  });

  it('shows the server’s "name taken" on the name field and saves nothing', async () => {
    await openTagModal('Add Tag');
    await fillTag({ name: 'vip', description: 'Best customers' });
    await submitDialog('Create Tag');
    await expectDialogClosed();
    await openTagModal('Add Tag');
    await fillTag({ name: 'vip' });
    await submitDialog('Create Tag');
    expect(await fieldError(dialog().getByLabel('Name', { exact: true }))).toBe(TAG_MESSAGES.nameTaken);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expectDialogClosed();
    expect(await page.getByRole('article').count()).toBe(3);
  });

  it('searches name, description and Kit tag name', async () => {
    const search = page.getByLabel('Search tags');
    const names = () => page.getByRole('article').locator('h2').allTextContents();
    await search.fill('best');
    await expect.poll(names).toEqual(['vip']);
    await search.fill('NEWSLETTER');
    await expect.poll(names).toEqual(['newsletter']);
    await search.fill('web');
    await expect.poll(names).toEqual(['webinar']);
    await search.fill('nothing like this');
    await expect.poll(() => page.getByRole('heading', { name: 'No tags found matching your search' }).isVisible()).toBe(true);
    await search.fill('');
    await expect.poll(names).toEqual(['newsletter', 'vip', 'webinar']);
    await screenshot(page, 'crm-tags');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

const ANNA = 'anna.schmidt@example.com';
const BEN = 'ben.weber@example.com';
const CARLA = 'carla.visitor@example.com';
const OLD = 'old.friend@example.com';
const DORA = 'dora@example.com';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const monthAgo = () => minutesAgo(30 * 24 * 60);
/** What only other parts of the product make: two landing pages, one of them inactive. */
const PAGES = [
  { title: 'Webinar', slug: 'webinar' },
  { title: 'Old offer', slug: 'old-offer', is_active: false },
];
/** The contacts after the work of the contacts describe (Carla deleted), newest last. */
const contactsAfterTheWork = () => [
  { email: OLD, full_name: 'Old Friend', status: 'customer' as const, source: 'referral' as const, created_at: monthAgo(), updated_at: monthAgo() },
  { email: ANNA, first_name: 'Anna', last_name: 'Schmidt', phone: '+49 30 1234567', country: 'Germany', status: 'prospect' as const, tags: ['webinar'], created_at: minutesAgo(3) },
  { email: BEN, full_name: 'Ben Weber', status: 'customer' as const, source: 'referral' as const, tags: ['vip-gold'], created_at: minutesAgo(2) },
  { email: DORA, first_name: 'Dora', last_name: 'Decker', status: 'customer' as const, source: 'webinar_signup' as const, tags: ['vip-gold'], created_at: minutesAgo(1) },
];
const TAGS_AFTER_THE_WORK = [{ name: 'vip-gold', description: 'Best customers' }, { name: 'webinar' }];

describe('contacts', () => {
  beforeAll(() =>
    startWith(
      {
        // The tags the tags describe made.
        tags: [
          { name: 'newsletter', description: 'Monthly newsletter readers', kit_tag_name: 'Newsletter', kit_tag_id: 12345 },
          { name: 'webinar' },
          { name: 'vip', description: 'Best customers' },
        ],
        // A landing-page visitor with its URL parameters, and a contact from a month ago.
        contacts: [
          { email: CARLA, first_name: 'Carla', source: 'landing_page', url_parameters: { utm_source: 'facebook', utm_campaign: 'spring' } },
          { email: OLD, full_name: 'Old Friend', status: 'customer', source: 'referral', created_at: monthAgo(), updated_at: monthAgo() },
        ],
        pages: PAGES,
      },
      '/crm/contacts',
    ),
  );

  it('adds a contact: the defaults, the field types, tags only from the configured list, each once', async () => {
    await page.goto(url('/crm/contacts'));
    await expect.poll(() => contactRows().count()).toBe(2);
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const d = dialog();
    await expect.poll(() => d.getByRole('heading').first().textContent()).toBe('Add Contact');
    expect(await d.getByLabel('Status').inputValue()).toBe('lead');
    expect(await d.getByLabel('Source').inputValue()).toBe('manual');
    expect(await d.getByLabel('Source').locator('option:checked').textContent()).toBe('Manual Entry');
    expect(await d.getByLabel('Phone').getAttribute('type')).toBe('tel');
    expect(await d.getByLabel('LinkedIn').getAttribute('type')).toBe('url');
    expect(await d.getByLabel('Email').getAttribute('type')).toBe('email');
    // Only the configured tags are offered, and a chosen one is offered no more.
    const tagSelect = d.getByLabel('Tags', { exact: true });
    const offered = () => tagSelect.locator('option:not([value=""])').allTextContents();
    expect(await offered()).toEqual(['newsletter', 'vip', 'webinar']);
    await tagSelect.selectOption('newsletter');
    await tagSelect.selectOption('webinar');
    expect(await offered()).toEqual(['vip']);
    expect(await d.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem').allInnerTexts()).toEqual(['newsletter', 'webinar']);
    await d.getByRole('button', { name: 'Remove tag webinar' }).click();
    expect(await offered()).toEqual(['vip', 'webinar']);

    await submitDialog('Add Contact');
    expect(await fieldError(d.getByLabel('Email'))).toBe(CONTACT_MESSAGES.emailRequired);
    await d.getByLabel('Email').fill('anna@');
    await submitDialog('Add Contact');
    await expect.poll(() => fieldError(d.getByLabel('Email'))).toBe(CONTACT_MESSAGES.emailInvalid);

    await d.getByLabel('Email').fill(ANNA);
    await d.getByLabel('First name').fill('Anna');
    await d.getByLabel('Last name').fill('Schmidt');
    await d.getByLabel('Phone').fill('+49 30 1234567');
    await d.getByLabel('Country').fill('Germany');
    await d.getByLabel('LinkedIn').fill('linkedin.com/in/anna');
    await screenshot(page, 'crm-contact-modal');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submitDialog('Add Contact');
    await expectDialogClosed();
    await expectToast('Contact added');
    const anna = row(ANNA);
    await expect.poll(() => anna.count()).toBe(1);
    const cells = await anna.locator('td').allInnerTexts();
    // The default columns; the Kit ID cell (cells[5]) belongs to the Kit feature's slot. Phone and Source are chosen under Columns.
    expect(cells.slice(0, 5)).toEqual(['AS\nAnna Schmidt', ANNA, 'newsletter', 'Lead', expect.any(String)]);
  });

  it('adds a second contact with a status, a source and a tag', async () => {
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const d = dialog();
    await d.getByLabel('Email').fill(BEN);
    await d.getByLabel('Full name').fill('Ben Weber');
    await d.getByLabel('Status').selectOption('customer');
    await d.getByLabel('Source').selectOption({ label: 'Referral' });
    await d.getByLabel('Tags', { exact: true }).selectOption('vip');
    await submitDialog('Add Contact');
    await expectDialogClosed();
    await expect.poll(() => contactRows().count()).toBe(4);
    expect(await page.getByText('4 contacts').isVisible()).toBe(true);
    await expect.poll(() => statText('Customers')).toBe('Customers 2');
  });

  it('shows the server’s duplicate-email error on the email field and changes nothing', async () => {
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const d = dialog();
    await d.getByLabel('Email').fill(' Anna.Schmidt@Example.com ');
    await d.getByLabel('First name').fill('Someone else');
    await submitDialog('Add Contact');
    expect(await fieldError(d.getByLabel('Email'))).toBe(CONTACT_MESSAGES.emailTaken);
    expect(await d.isVisible()).toBe(true);
    await d.getByRole('button', { name: 'Cancel' }).click();
    await expectDialogClosed();
    expect(await contactRows().count()).toBe(4);
    expect(await row(ANNA).locator('td').first().innerText()).toContain('Anna Schmidt');
  });

  it('edits a contact; its URL parameters are shown read-only', async () => {
    await page.getByRole('button', { name: 'Edit Carla' }).click();
    const d = dialog();
    await expect.poll(() => d.getByRole('heading').first().textContent()).toBe('Edit Contact');
    expect(await d.getByLabel('Email').inputValue()).toBe(CARLA);
    expect(await d.getByLabel('Source').inputValue()).toBe('landing_page');
    const params = d.getByRole('region', { name: 'URL parameters' });
    expect((await params.innerText()).replace(/\s+/g, ' ')).toBe('URL parameters utm_source facebook utm_campaign spring');
    expect(await params.locator('input, textarea, select').count()).toBe(0);
    await d.getByLabel('Last name').fill('Visitor');
    await d.getByLabel('Status').selectOption('prospect');
    await d.getByLabel('Tags', { exact: true }).selectOption('webinar');
    await submitDialog('Save Changes');
    await expectDialogClosed();
    await expectToast('Contact updated');
    await expect.poll(() => row(CARLA).locator('td').first().innerText()).toContain('Carla Visitor');
    const cells = await row(CARLA).locator('td').allInnerTexts();
    // The default columns (Source is one to choose): Contact, Email, Tags, Status, ...
    expect(cells[2]).toBe('webinar');
    expect(cells[3]).toBe('Prospect');
    await expect.poll(() => statText('Prospects')).toBe('Prospects 1');
  });

  it('searches on the server as the person types, keeping the search in the URL', async () => {
    await page.getByLabel('Search contacts').fill('schmidt');
    await expect.poll(() => emailsShown()).toEqual([ANNA]);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('schmidt');
    expect(await page.getByText('1 contact', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Search contacts').fill('nobody by this name');
    await expect.poll(() => page.getByRole('heading', { name: 'No contacts found' }).isVisible()).toBe(true);
    expect(await page.getByText('Try adjusting your search terms').isVisible()).toBe(true);
    await page.getByLabel('Search contacts').fill('');
    await expect.poll(() => contactRows().count()).toBe(4);
    expect(new URL(page.url()).search).toBe('');
  });

  it('filters by status, source and tag, combined with the search; the URL keeps them through a reload', async () => {
    const filters = async (choose: Record<'Status' | 'Source' | 'Tag', string | null>) => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      const panel = page.getByRole('dialog', { name: 'Filters' });
      for (const [label, value] of Object.entries(choose)) {
        await panel.getByLabel(label).selectOption(value === null ? '' : { label: value });
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.count()).toBe(0);
    };

    await filters({ Status: 'Customer', Source: null, Tag: null });
    await expect.poll(() => emailsShown()).toEqual([BEN, OLD]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('customer');
    await filters({ Status: 'Customer', Source: 'Referral', Tag: 'vip' });
    await expect.poll(() => emailsShown()).toEqual([BEN]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: 'customer', source: 'referral', tag: 'vip' });

    await page.reload();
    await expect.poll(() => emailsShown()).toEqual([BEN]);
    expect(await page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Status: Customer',
      'Source: Referral',
      'Tag: vip',
      'Clear filters',
    ]);
    await screenshot(page, 'crm-contacts-filtered');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Search and a filter together: a tag and a name.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filters({ Status: null, Source: null, Tag: 'newsletter' });
    await expect.poll(() => emailsShown()).toEqual([ANNA]);
    await page.getByLabel('Search contacts').fill('ben');
    await expect.poll(() => page.getByText('Try adjusting your search terms').isVisible()).toBe(true);
    await page.getByLabel('Search contacts').fill('');
    await page.getByRole('button', { name: 'Remove filter Tag: newsletter' }).click();
    await expect.poll(() => contactRows().count()).toBe(4);
    expect(new URL(page.url()).search).toBe('');
  });

  it('sorts by the column headers', async () => {
    // Newest first by default; the month-old contact is last.
    // Newest first by default.
    await expect.poll(() => emailsShown()).toEqual([BEN, ANNA, CARLA, OLD]);
    const header = (name: string) => page.getByRole('columnheader', { name });
    await header('Email').getByRole('button').click();
    await expect.poll(() => emailsShown()).toEqual([ANNA, BEN, CARLA, OLD]);
    expect(await header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('email');
    await header('Email').getByRole('button').click();
    await expect.poll(() => emailsShown()).toEqual([OLD, CARLA, BEN, ANNA]);
    expect(await header('Email').getAttribute('aria-sort')).toBe('descending');
    await header('Contact').getByRole('button', { name: 'Contact' }).click();
    await expect.poll(() => emailsShown()).toEqual([ANNA, BEN, CARLA, OLD]); // Anna Schmidt, Ben Weber, Carla Visitor, Old Friend
    await header('Status').getByRole('button').click();
    await expect.poll(async () => (await contactRows().locator('td:nth-child(4)').allInnerTexts()).join()).toBe('Lead,Prospect,Customer,Customer');
    await header('Created').getByRole('button').click();
    await expect.poll(() => emailsShown()).toEqual([BEN, ANNA, CARLA, OLD]);
    expect(new URL(page.url()).search).toBe('');
  });

  it('selects rows one by one and all at once', async () => {
    await page.getByRole('checkbox', { name: 'Select Anna Schmidt' }).check();
    await page.getByRole('checkbox', { name: 'Select Ben Weber' }).check();
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(true);
    const all = page.getByRole('checkbox', { name: 'Select all contacts' });
    expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await all.check();
    await expect.poll(() => page.getByText('4 selected').isVisible()).toBe(true);
    await screenshot(page, 'crm-contacts-selected');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await all.uncheck();
    await expect.poll(() => page.getByText(/selected$/).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Select Carla Visitor' }).check();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    expect(await page.getByRole('checkbox', { name: 'Select Carla Visitor' }).isChecked()).toBe(false);
  });

  it('exports exactly the filtered view as CSV', async () => {
    await page.goto(url('/crm/contacts?status=customer&sort=email'));
    await expect.poll(() => emailsShown()).toEqual([BEN, OLD]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Papa.parse<Record<string, string>>((await readDownload(download)).replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual(['email', 'first_name', 'last_name', 'full_name', 'phone', 'address', 'country', 'linkedin', 'source', 'status', 'tags', 'kit_id', 'created_at']);
    expect(csv.data.map((r) => [r.email, r.full_name, r.source, r.status, r.tags])).toEqual([
      [BEN, 'Ben Weber', 'referral', 'customer', 'vip'],
      [OLD, 'Old Friend', 'referral', 'customer', ''],
    ]);
  });

  it('refuses a malformed CSV file with an explanation, importing nothing', async () => {
    await page.goto(url('/crm/contacts'));
    await page.getByRole('button', { name: 'Import' }).click();
    const d = dialog();
    await d.locator('input[type=file]').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email,first_name\nx@example.com,"Unclosed\ny@example.com,Yves\n'),
    });
    const alert = d.getByRole('alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    const text = await alert.innerText();
    expect(text).toContain('broken.csv');
    expect(text).toContain('nothing has been imported');
    expect(text).toMatch(/Row 1: a quoted value is never closed/);
    await d.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => alert.innerText()).toContain('Choose a .csv file');
    await d.getByRole('button', { name: 'Cancel' }).click();
    await expectDialogClosed();
    expect(await contactRows().count()).toBe(4);
  });

  it('imports a CSV: column mapping, a checked preview, the duplicate policy, and a report with reasons', async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const d = dialog();
    const file = [
      'E-Mail;Vorname;Nachname;Status;Quelle;Labels;Notes',
      'dora@example.com;Dora;Decker;Customer;Webinar Signup;vip;likes cats',
      `${ANNA};;;prospect;;webinar;`,
      'not-an-email;Eve;;;;;',
      'DORA@example.com;Dora;Again;;;;',
      'finn@example.com;Finn;;;;unknown-tag;',
    ].join('\r\n');
    await d.locator('input[type=file]').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${file}`) });

    // Mapped from the headers (German ones too); the unknown column is left out, and can be changed.
    const mappedTo = (column: string) => d.getByLabel(`Contact field for column ${column}`).inputValue();
    await expect.poll(() => mappedTo('E-Mail')).toBe('email');
    expect(await Promise.all(['Vorname', 'Nachname', 'Status', 'Quelle', 'Labels', 'Notes'].map(mappedTo))).toEqual([
      'first_name',
      'last_name',
      'status',
      'source',
      'tags',
      '',
    ]);
    expect(await d.innerText()).toContain('leads.csv: 5 rows, 7 columns');
    await d.getByLabel('Contact field for column E-Mail').selectOption('');
    expect(await d.getByRole('alert').innerText()).toContain(IMPORT_MESSAGES.emailColumnRequired);
    expect(await d.getByRole('button', { name: 'Review rows' }).isDisabled()).toBe(true);
    await d.getByLabel('Contact field for column E-Mail').selectOption('email');
    // A field comes from one column only: giving "Notes" the last name takes it from "Nachname".
    await d.getByLabel('Contact field for column Notes').selectOption('last_name');
    expect(await mappedTo('Nachname')).toBe('');
    await d.getByLabel('Contact field for column Nachname').selectOption('last_name');
    expect(await mappedTo('Notes')).toBe('');
    await screenshot(page, 'crm-import-mapping');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await d.getByRole('button', { name: 'Review rows' }).click();

    const preview = d.getByRole('table', { name: 'Import preview' });
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(5);
    await expect.poll(() => d.getByText(/5 rows: 2 ready to import, 2 rows with problems \(left out\), 1 repeated email \(skipped\)/).count()).toBe(1);
    const previewRow = async (n: number) => (await preview.locator('tbody tr').nth(n - 1).innerText()).replace(/\s+/g, ' ').trim();
    expect(await previewRow(1)).toBe('1 dora@example.com Dora Decker Customer Webinar Signup vip Ready');
    expect(await previewRow(3)).toBe(`3 not-an-email Email: ${CONTACT_MESSAGES.emailInvalid}`);
    expect(await previewRow(4)).toBe(`4 dora@example.com ${IMPORT_MESSAGES.duplicateInFile(1)}`);
    expect(await previewRow(5)).toBe(`5 finn@example.com ${CONTACT_MESSAGES.tagsUnknown(['unknown-tag'])}`);
    expect(await d.getByLabel('Skip them').isChecked()).toBe(true);
    await d.getByLabel('Update them').check();
    await screenshot(page, 'crm-import-review');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Issue 15: the button counts the 2 valid rows of the 5.
    await d.getByRole('button', { name: 'Import 2 rows' }).click();

    const result = d.getByRole('list', { name: 'Rows not imported' });
    await expect.poll(() => result.isVisible()).toBe(true);
    const figures = (await d.locator('dl[aria-label="Import result"]').innerText()).replace(/\s+/g, ' ');
    expect(figures).toBe('Created 1 Updated 1 Skipped 1 Invalid 2');
    expect(await result.getByRole('listitem').allInnerTexts()).toEqual([
      `Row 3 (not-an-email): Email: ${CONTACT_MESSAGES.emailInvalid}`,
      `Row 4 (dora@example.com): ${IMPORT_MESSAGES.duplicateInFile(1)}`,
      `Row 5 (finn@example.com): ${CONTACT_MESSAGES.tagsUnknown(['unknown-tag'])}`,
    ]);
    await screenshot(page, 'crm-import-report');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await d.getByRole('button', { name: 'Done' }).click();
    await expectDialogClosed();

    await expect.poll(() => contactRows().count()).toBe(5);
    expect((await row(DORA).locator('td').allInnerTexts()).slice(2, 4)).toEqual(['vip', 'Customer']);
    // The update filled status and added the tag; the empty cells kept Anna's names.
    const anna = await row(ANNA).locator('td').allInnerTexts();
    expect(anna[0]).toContain('Anna Schmidt');
    expect(anna[3]).toBe('Prospect');
    // One tag chip and a count; all tags in the tooltip.
    expect(await row(ANNA).locator('td:nth-child(3) [title]').getAttribute('title')).toBe('newsletter, webinar');
  });

  it('renaming a tag renames it on its contacts; deleting one removes it from them', async () => {
    await page.goto(url('/crm/tags'));
    await openTagModal('vip');
    await fillTag({ name: 'vip-gold' });
    await submitDialog('Update Tag');
    await expectDialogClosed();
    await expect.poll(() => page.getByRole('article', { name: 'vip-gold' }).isVisible()).toBe(true);

    let confirmText = '';
    page.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete tag newsletter' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'newsletter' }).count()).toBe(0);
    expect(confirmText).toBe('Are you sure you want to delete this tag? This action cannot be undone.');

    await openScreen('Contacts', 'Contacts');
    await expect.poll(() => row(BEN).locator('td:nth-child(3)').innerText()).toBe('vip-gold');
    expect(await row(DORA).locator('td:nth-child(3)').innerText()).toBe('vip-gold');
    expect(await row(ANNA).locator('td:nth-child(3)').innerText()).toBe('webinar');
    await page.getByRole('button', { name: /^Filters/ }).click();
    expect(await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Tag').locator('option').allTextContents()).toEqual([
      'All tags',
      'vip-gold',
      'webinar',
    ]);
    await page.keyboard.press('Escape');
  });

  it('deletes a contact after the confirmation', async () => {
    let confirmText = '';
    page.once('dialog', (d) => {
      confirmText = d.message();
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Carla Visitor' }).click();
    await expect.poll(() => confirmText).toBe(CONTACT_MESSAGES.deleteConfirm);
    expect(await row(CARLA).count()).toBe(1);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Carla Visitor' }).click();
    await expect.poll(() => row(CARLA).count()).toBe(0);
    await expectToast('Contact deleted');
    expect(confirmText).toBe('Are you sure you want to delete this contact?');
    expect(await page.getByText('4 contacts').isVisible()).toBe(true);
    await screenshot(page, 'crm-contacts');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('the dashboard after the work', () => {
  beforeAll(() => startWith({ tags: TAGS_AFTER_THE_WORK, contacts: contactsAfterTheWork(), pages: PAGES }, '/crm/contacts'));

  it('counts contacts, pages and the last 7 days’ leads, and lists the newest contacts', async () => {
    await openScreen('Dashboard', 'Dashboard');
    await expect.poll(() => statText('Total Contacts')).toBe('Total Contacts 4');
    await expect.poll(() => statText('Landing Pages')).toBe('Landing Pages 2');
    await expect.poll(() => statText('Active Pages')).toBe('Active Pages 1');
    await expect.poll(() => statText('Recent Leads')).toBe('Recent Leads 3 Last 7 days');
    const table = page.getByRole('table', { name: 'Recent Contacts' });
    expect(await table.locator('thead th').allTextContents()).toEqual(['Name', 'Email', 'Source', 'Date']);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['Dora Decker', 'dora@example.com', 'Webinar Signup'],
      ['Ben Weber', BEN, 'Referral'],
      ['Anna Schmidt', ANNA, 'Manual Entry'],
    ]);
    await screenshot(page, 'crm-dashboard');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows at most five recent contacts', async () => {
    await page.goto(url('/crm/contacts'));
    for (const name of ['gina', 'hans', 'ida']) {
      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      await dialog().getByLabel('Email').fill(`${name}@example.com`);
      await submitDialog('Add Contact');
      await expectDialogClosed();
    }
    await openScreen('Dashboard', 'Dashboard');
    const table = page.getByRole('table', { name: 'Recent Contacts' });
    await expect.poll(() => table.locator('tbody td:nth-child(2)').allTextContents()).toEqual([
      'ida@example.com',
      'hans@example.com',
      'gina@example.com',
      'dora@example.com',
      BEN,
    ]);
    await expect.poll(() => statText('Recent Leads')).toBe('Recent Leads 6 Last 7 days');
  });
});

describe('phones', () => {
  beforeAll(() =>
    startWith(
      {
        tags: TAGS_AFTER_THE_WORK,
        contacts: [...contactsAfterTheWork(), ...['gina', 'hans', 'ida'].map((name) => ({ email: `${name}@example.com` }))],
        pages: PAGES,
      },
      '/crm',
    ),
  );

  it('fits a 390 px screen: dashboard, contacts, the contact form, the import dialog and tags', async () => {
    const phoneContext = await newContext(390);
    const phone = await phoneContext.newPage();
    try {
      await signIn(phone, server.baseUrl, server.email, server.password);
      await phone.goto(url('/crm'));
      await expect.poll(() => phone.getByRole('table', { name: 'Recent Contacts' }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(phone);
      await screenshot(phone, 'crm-dashboard-mobile');
      expect(await seriousA11yViolations(phone)).toEqual([]);

      await phone.goto(url('/crm/contacts?sort=email'));
      // Cards instead of the table.
      await expect.poll(() => phone.getByRole('list', { name: 'Contacts' }).getByRole('listitem').count()).toBe(7);
      await expectNoSidewaysScroll(phone);
      await screenshot(phone, 'crm-contacts-mobile');
      expect(await seriousA11yViolations(phone)).toEqual([]);
      await phone.getByRole('button', { name: 'Edit Ben Weber' }).click();
      await expect.poll(() => dialog(phone).isVisible()).toBe(true);
      await screenshot(phone, 'crm-contact-modal-mobile');
      expect(await seriousA11yViolations(phone)).toEqual([]);
      await dialog(phone).getByRole('button', { name: 'Cancel' }).click();
      await phone.getByRole('button', { name: 'Import' }).click();
      await expect.poll(() => dialog(phone).isVisible()).toBe(true);
      await screenshot(phone, 'crm-import-mobile');
      expect(await seriousA11yViolations(phone)).toEqual([]);
      await dialog(phone).getByRole('button', { name: 'Cancel' }).click();

      await phone.goto(url('/crm/tags'));
      await expect.poll(() => phone.getByRole('article').count()).toBe(2);
      await expectNoSidewaysScroll(phone);
      await screenshot(phone, 'crm-tags-mobile');
      expect(await seriousA11yViolations(phone)).toEqual([]);
    } finally {
      await phoneContext.close();
    }
  });
});

describe('the whole session', () => {
  it('ran without page errors (other than the 409 answers it provoked)', () => {
    expect(errors.filter((e) => !provoked(e))).toEqual([]);
  });
});
