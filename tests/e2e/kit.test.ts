import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tags } from '../../src/server/db/schema.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { launchBrowser, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';
import { seriousA11yViolations } from './helpers/axe.ts';

/**
 * The Kit integration as the coach uses it, against the fake Kit server: configure the API key
 * (a wrong one first), see the real statistics, forms, tags and subscribers, create the custom
 * fields, link the CRM tags; then, on the contacts screen, check and sync contacts one by one and
 * in bulk. Each describe starts from a freshly seeded Kit account and a CRM without contacts or
 * tags, so either can run alone (vitest -t) or first.
 */
const KIT_PAGE = '/crm/kit';
const RIGHT_KEY = 'kit_live_key_8d2f41c9a7e3b5f0';
const WRONG_KEY = 'kit_wrong_key_000000000000';
const SEEDED_ACTIVE = 57;
const SEEDED_CANCELLED = 3;
/** Where the browser remembers the bulk sync it follows (src/web/features/kit/active-batch.ts). */
const FOLLOWED_BATCH_KEY = 'mycrm.kit.activeSyncBatch';
const SCREENSHOT_DIR = path.resolve('.test-artifacts/screenshots');

let kit: FakeKit;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  kit = await startFakeKit({
    apiKey: RIGHT_KEY,
    tags: ['newsletter', 'webinar', 'customer'],
    forms: [{ name: 'Newsletter sign-up' }, { name: 'Webinar landing page', type: 'hosted' }],
    customFields: ['Last Name'],
    rateLimit: { limit: 1000, windowMs: 60_000 },
  });
  // One attempt per job and per request: an injected failure fails its contact at once, for the retry to fix.
  server = await startTestServer({
    env: { KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '1000' },
    kitWorker: { pollMs: 100, maxAttempts: 1, client: { maxAttempts: 1 } },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await answerCookieBanner(context);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  // Watched from here: before signing in, the session check answers 401 by design.
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await kit?.close();
});

/** Subscribers that were in the Kit account before the CRM was connected (ids above the fake's own). */
function seedSubscribers(target: FakeKit) {
  const total = SEEDED_ACTIVE + SEEDED_CANCELLED;
  for (let i = 1; i <= total; i++) {
    const id = 500_000 + i;
    target.state.subscribers.set(id, {
      id,
      first_name: `Reader ${i}`,
      email_address: `reader${i}@example.net`,
      state: i <= SEEDED_ACTIVE ? 'active' : 'cancelled',
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString(),
      updated_at: Date.now(),
      fields: {},
      tag_ids: new Set(),
    });
  }
}

/**
 * Starts a describe from the Kit account as first seeded, a CRM without contacts (nor their sync
 * jobs) or tags, no bulk sync followed, and the right API key saved or none.
 */
async function startWith({ keySaved }: { keySaved: boolean }) {
  kit.reset();
  seedSubscribers(kit);
  await server.db.delete(contacts);
  await server.db.delete(tags);
  const settings = `${server.baseUrl}/api/kit/settings`;
  const key = keySaved ? await page.request.put(settings, { data: { api_key: RIGHT_KEY } }) : await page.request.delete(settings);
  expect(key.ok()).toBe(true);
  await page.evaluate((storageKey) => localStorage.removeItem(storageKey), FOLLOWED_BATCH_KEY);
  errors.length = 0;
}

/** A returning visitor who already chose: the cookie banner stays away and covers no buttons. */
async function answerCookieBanner(target: BrowserContext) {
  await target.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
}

const region = (target: Page, name: string) => target.getByRole('region', { name });

/** Kit calls are retried with back-off on the server, so the screen may take a few seconds to answer. */

async function expectVisible(locator: Locator, message: string) {
  await expect.poll(() => locator.isVisible(), { message }).toBe(true);
}

/** A toast on screen with this text (the Toaster shows one at a time). */
async function expectToast(target: Page, text: string) {
  const toast = target.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
  await expect.poll(() => toast.count(), { message: `toast "${text}"` }).toBeGreaterThan(0);
}

/** Nothing sticks out sideways: the scrolling area is no wider than the screen. */
async function expectNoSidewaysScroll(target: Page) {
  const overflow = await target.evaluate(() => {
    const main = document.querySelector('main')!;
    return { main: main.scrollWidth - main.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(overflow).toEqual({ main: 0, page: 0 });
}

/**
 * The whole screen, to look at: the CRM scrolls inside <main>, so the window grows to its full
 * height for the picture (a full-page capture would also stretch to the width of inner scrollers).
 */
async function fullScreenshot(target: Page, name: string) {
  const viewport = target.viewportSize()!;
  const height = await target.evaluate(() => {
    const main = document.querySelector('main')!;
    return main.getBoundingClientRect().top + main.scrollHeight;
  });
  await target.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(height)) });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await target.setViewportSize(viewport);
}

/**
 * The same screen on a phone (same session, same followed bulk sync), for a look at the layout.
 * The picture is taken once `ready` shows; `check` then looks at the layout.
 */
async function phoneScreenshot(screen: string, name: string, ready: (target: Page) => Locator, check: (target: Page) => Promise<void>) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await answerCookieBanner(phone);
  await phone.addCookies(await context.cookies());
  const followed = await page.evaluate((key) => localStorage.getItem(key), FOLLOWED_BATCH_KEY);
  if (followed) await phone.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [FOLLOWED_BATCH_KEY, followed]);
  const small = await phone.newPage();
  await small.goto(`${server.baseUrl}${screen}`);
  await expectVisible(ready(small), `${name}: the screen`);
  await fullScreenshot(small, name);
  expect(await seriousA11yViolations(small)).toEqual([]);
  await check(small);
  await phone.close();
}

describe('Kit integration screen', () => {
  beforeAll(() => startWith({ keySaved: false }));

  it('asks for an API key while none is saved', async () => {
    await page.goto(`${server.baseUrl}${KIT_PAGE}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kit Integration');
    const keyCard = region(page, 'Configure API Key');
    await expectVisible(keyCard.getByText('Kit API key not configured'), 'the call to configure the key');
    expect(await keyCard.getByLabel('API key', { exact: true }).isVisible()).toBe(true);
    expect(await region(page, 'Connection').getByText('Not connected: no API key is saved.').isVisible()).toBe(true);
    // Nothing from Kit is shown (or asked for) without a key.
    expect(await region(page, 'Subscribers').count()).toBe(0);
    expect(kit.log.length).toBe(0);
    await fullScreenshot(page, 'kit-no-key');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await phoneScreenshot(KIT_PAGE, 'kit-no-key-phone', (small) => small.getByText('Kit API key not configured'), expectNoSidewaysScroll);
  });

  it('refuses an empty key and says so when saving fails', async () => {
    const keyCard = region(page, 'Configure API Key');
    await keyCard.getByRole('button', { name: 'Save API Key' }).click();
    await expectVisible(keyCard.getByText('API key is required'), 'the required-key message');

    await page.route('**/api/kit/settings', (route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback()));
    await keyCard.getByLabel('API key', { exact: true }).fill(RIGHT_KEY);
    await keyCard.getByRole('button', { name: 'Save API Key' }).click();
    await expectVisible(keyCard.getByText('Failed to save API key'), 'the text for a failed save');
    await page.unroute('**/api/kit/settings');
    // The browser reports the request that was cut off; nothing else went wrong.
    expect(errors).toEqual(['console: Failed to load resource: net::ERR_FAILED']);
    errors.length = 0;
  });

  it('saves a wrong key: the connection test fails with HTTP 401: Unauthorized', async () => {
    const keyCard = region(page, 'Configure API Key');
    await keyCard.getByLabel('API key', { exact: true }).fill(WRONG_KEY);
    await keyCard.getByRole('button', { name: 'Save API Key' }).click();
    await expectToast(page, 'Kit API key saved');
    // Masked: only the last four characters are ever shown.
    expect(await keyCard.getByLabel('Saved API key').textContent()).toBe('••••••••0000');
    expect(await page.content()).not.toContain(WRONG_KEY);
    const connection = region(page, 'Connection');
    await expectVisible(connection.getByText('Connection failed: HTTP 401: Unauthorized'), 'the failed connection test');
    await expectVisible(page.getByText('The connection to Kit failed.', { exact: false }), 'why nothing else shows');
    expect(await region(page, 'Subscribers').count()).toBe(0);
  });

  it('tests a typed key before saving it, then saves the right key', async () => {
    const keyCard = region(page, 'Configure API Key');
    await keyCard.getByRole('button', { name: 'Replace Key' }).click();
    await keyCard.getByLabel('New API key').fill(RIGHT_KEY);
    await keyCard.getByRole('button', { name: 'Test Key' }).click();
    await expectVisible(keyCard.getByText('Connection OK: Fake Kit account (owner@fake-kit.test)'), 'the typed key works');
    await keyCard.getByRole('button', { name: 'Save API Key' }).click();
    await expect.poll(() => keyCard.getByLabel('Saved API key').textContent()).toBe('••••••••b5f0');
    await expectVisible(region(page, 'Connection').getByText('Connection OK: Fake Kit account (owner@fake-kit.test)'), 'connected');
  });

  it('shows the real statistics, the forms and the tags from Kit', async () => {
    const stats = page.getByRole('region', { name: 'Kit statistics' });
    const stat = (name: string) => stats.getByRole('group', { name });
    await expect.poll(() => stat('Total Subscribers').textContent()).toContain(String(SEEDED_ACTIVE + SEEDED_CANCELLED));
    await expect.poll(() => stat('Active Subscribers').textContent()).toContain(String(SEEDED_ACTIVE));
    await expect.poll(() => stat('Forms').textContent()).toContain('2');
    await expect.poll(() => stat('Tags').textContent()).toContain('3');

    const forms = page.getByRole('list', { name: 'Kit forms' });
    expect(await forms.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Newsletter sign-up'),
      expect.stringContaining('Webinar landing page'),
    ]);
    const tags = page.getByRole('list', { name: 'Kit tags' });
    expect(await tags.getByRole('listitem').count()).toBe(3);
    expect(await tags.textContent()).toContain('webinar');
  });

  it('pages through the subscribers with Kit cursors and finds one by email', async () => {
    const card = region(page, 'Subscribers');
    const rows = card.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    const firstPageTop = await rows.first().textContent();
    expect(firstPageTop).toContain(`reader${SEEDED_ACTIVE + SEEDED_CANCELLED}@example.net`); // newest first
    expect(await card.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await card.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows.count()).toBe(10);
    expect(await card.getByText('Page 2', { exact: true }).isVisible()).toBe(true);
    expect(await rows.last().textContent()).toContain('reader1@example.net');
    expect(await card.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await card.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => rows.count()).toBe(50);
    expect(await rows.first().textContent()).toBe(firstPageTop);

    await card.getByLabel('Subscriber email').fill('reader7@example.net');
    await card.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Reader 7');
    await card.getByLabel('Subscriber email').fill('nobody@example.net');
    await card.getByRole('button', { name: 'Search' }).click();
    await expectVisible(card.getByText('No Kit subscriber has the email nobody@example.net.'), 'the empty search');
    await card.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(50);
  });

  it('creates the custom fields the CRM sends', async () => {
    const card = region(page, 'Custom Fields');
    await card.getByRole('button', { name: 'Create Custom Fields in Kit' }).click();
    await expectVisible(card.getByText('Created 6 custom fields in Kit.'), 'the result');
    await expectToast(page, 'Created in Kit: phone, address, country, linkedin, source, status');
    expect(await card.getByRole('listitem').filter({ hasText: 'last_name' }).textContent()).toContain('already in Kit');
    expect(kit.state.customFields.map((f) => f.key).sort()).toEqual(['address', 'country', 'last_name', 'linkedin', 'phone', 'source', 'status']);
    await card.getByRole('button', { name: 'Create Custom Fields in Kit' }).click();
    await expectVisible(card.getByText('All custom fields already exist in Kit.'), 'nothing left to create');
    await expectToast(page, 'All custom fields already exist in Kit.');
  });

  it('links CRM tags to Kit tags by name, creating the missing ones on request', async () => {
    for (const name of ['newsletter', 'vip']) {
      const response = await page.request.post(`${server.baseUrl}/api/tags`, { data: { name } });
      expect(response.status()).toBe(201);
    }
    await page.reload();
    const card = region(page, 'Link CRM Tags to Kit');
    const row = (name: string) => card.getByRole('listitem').filter({ hasText: name });
    await expectVisible(row('vip'), 'the CRM tags');
    expect(await row('newsletter').textContent()).toContain('Not linked');

    await card.getByRole('button', { name: 'Link Tags by Name' }).click();
    await expectVisible(row('vip').getByText('No Kit tag with this name'), 'vip has no Kit tag');
    const newsletterId = [...kit.state.tags.values()].find((t) => t.name === 'newsletter')!.id;
    expect(await row('newsletter').textContent()).toContain(`Maps to newsletter #${newsletterId}`);

    await card.getByLabel('Create missing tags in Kit').check();
    await card.getByRole('button', { name: 'Link Tags by Name' }).click();
    await expectVisible(row('vip').getByText('Created in Kit and linked'), 'vip created in Kit');
    const vip = [...kit.state.tags.values()].find((t) => t.name === 'vip');
    expect(vip).toBeDefined();
    expect(await row('vip').textContent()).toContain(`#${vip!.id}`);
    expect(await row('newsletter').textContent()).toContain('Already linked');
    // The Kit tag list shows the new tag too.
    await expect.poll(() => page.getByRole('list', { name: 'Kit tags' }).getByRole('listitem').count()).toBe(4);

    await expectNoSidewaysScroll(page);
    await fullScreenshot(page, 'kit-connected');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await phoneScreenshot(KIT_PAGE, 'kit-connected-phone', (small) => region(small, 'Subscribers').locator('tbody tr').first(), expectNoSidewaysScroll);
    expect(errors).toEqual([]);
  });
});

describe('Kit on the contacts screen', () => {
  const CONTACTS = '/crm/contacts';
  const BULK = ['bulk1@example.com', 'bulk2@example.com', 'bulk3@example.com', 'bulk4@example.com'];
  const contactRow = (email: string) => page.getByRole('row').filter({ hasText: email });
  // The default columns: Contact, Email, Tags, Status, Created, Kit ID.
  const kitCell = (email: string) => contactRow(email).locator('td').nth(5);
  beforeAll(async () => {
    await startWith({ keySaved: true });
    // The fields the CRM sends exist in Kit (the Kit screen makes them; Kit drops unknown ones).
    expect((await page.request.post(`${server.baseUrl}/api/kit/custom-fields`)).ok()).toBe(true);
  });

  it("shows each contact's Kit ID and sync state", async () => {
    const contacts = [
      { email: 'reader7@example.net', first_name: 'Reader', last_name: 'Seven' },
      { email: 'newbie@example.com', first_name: 'Nina', last_name: 'Newbie' },
      { email: 'bea@example.com', first_name: 'Bea', last_name: 'Beta', phone: '+49 30 1234567', country: 'Germany' },
      ...BULK.map((email, i) => ({ email, first_name: `Bulk ${i + 1}` })),
    ];
    for (const contact of contacts) {
      const response = await page.request.post(`${server.baseUrl}/api/contacts`, { data: contact });
      expect(response.status()).toBe(201);
    }
    const stateRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/kit/sync-state') && stateRequests.push(request.url()));
    await page.goto(`${server.baseUrl}${CONTACTS}`);
    await expectVisible(contactRow('bea@example.com'), 'the contacts');
    await expect.poll(() => kitCell('bea@example.com').textContent()).toContain('Never synced');
    // The rows' states came in one request.
    expect(stateRequests).toHaveLength(1);
    expect(new URL(stateRequests[0]!).searchParams.get('contact_ids')!.split(',')).toHaveLength(contacts.length);
  });

  it('checks contacts in Kit: found, not found, and Kit failing', async () => {
    await contactRow('reader7@example.net').getByRole('button', { name: 'Check in Kit' }).click();
    await expectToast(page, 'reader7@example.net is in Kit (Kit ID 500007).');
    await expect.poll(() => kitCell('reader7@example.net').textContent()).toContain('500007');

    await contactRow('newbie@example.com').getByRole('button', { name: 'Check in Kit' }).click();
    await expectToast(page, 'newbie@example.com is not a Kit subscriber.');
    expect(await kitCell('newbie@example.com').textContent()).toContain('No Kit ID');

    kit.setFailure('500');
    try {
      await contactRow('newbie@example.com').getByRole('button', { name: 'Check in Kit' }).click();
      await expectToast(page, 'Failed to check Kit status: Kit API error: 500 GET');
    } finally {
      kit.setFailure('none');
    }
    // The browser logs the failed answer (502: Kit failed); nothing else went wrong.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 502 (Bad Gateway)']);
    errors.length = 0;
  });

  it('syncs one contact through the modal: via_mycrm preselected, success, auto-close', async () => {
    await contactRow('bea@example.com').getByRole('button', { name: 'Sync to Kit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync to Kit' });
    await expectVisible(dialog.getByLabel('webinar'), 'the Kit tags');
    expect(await dialog.getByLabel('via_mycrm').isChecked()).toBe(true);
    expect(await dialog.getByLabel('webinar').isChecked()).toBe(false);
    await dialog.getByLabel('webinar').check();
    await fullScreenshot(page, 'kit-sync-modal');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Sync to Kit' }).click();
    await expectVisible(dialog.getByText('Contact successfully synced to Kit!'), 'the success text');
    // It closes by itself (after 2000 ms) and the row shows the new Kit ID.
    await expect.poll(() => dialog.count()).toBe(0);
    const subscriber = kit.state.subscriberByEmail('bea@example.com')!;
    expect(subscriber).toBeDefined();
    expect(subscriber.first_name).toBe('Bea');
    expect(subscriber.fields).toMatchObject({ last_name: 'Beta', phone: '+49 30 1234567', country: 'Germany' });
    const tagNames = [...subscriber.tag_ids].map((id) => kit.state.tags.get(id)!.name).sort();
    expect(tagNames).toEqual(['via_mycrm', 'webinar']);
    await expect.poll(() => kitCell('bea@example.com').textContent()).toContain(String(subscriber.id));
    expect(await kitCell('bea@example.com').textContent()).toContain('Synced at');
  });

  it('shows a failed sync in the modal, and syncs on the next try', async () => {
    await contactRow('newbie@example.com').getByRole('button', { name: 'Sync to Kit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync to Kit' });
    await expectVisible(dialog.getByLabel('via_mycrm'), 'the tag picker');
    kit.setFailure('500');
    try {
      await dialog.getByRole('button', { name: 'Sync to Kit' }).click();
      await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Kit API error: 500 POST' }), 'the sync error');
    } finally {
      kit.setFailure('none');
    }
    expect(kit.state.subscriberByEmail('newbie@example.com')).toBeUndefined();
    await dialog.getByRole('button', { name: 'Sync to Kit' }).click();
    await expectVisible(dialog.getByText('Contact successfully synced to Kit!'), 'the success text');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => kitCell('newbie@example.com').textContent()).toContain(String(kit.state.subscriberByEmail('newbie@example.com')!.id));
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 502 (Bad Gateway)']);
    errors.length = 0;
  });

  it('bulk-syncs the selected contacts with progress; a failure is listed and retried', async () => {
    for (const email of BULK) await contactRow(email).getByRole('checkbox').check();
    await page.getByRole('button', { name: `Sync ${BULK.length} to Kit` }).click();
    const picker = page.getByRole('dialog', { name: `Sync ${BULK.length} contacts to Kit` });
    await expectVisible(picker.getByLabel('via_mycrm'), 'the tag picker');
    expect(await picker.getByLabel('via_mycrm').isChecked()).toBe(true);

    const upserts = kit.calls['POST /subscribers'] ?? 0;
    kit.setFailure({ kind: '500', times: 1 }); // the first request of the batch fails: one contact fails
    await picker.getByRole('button', { name: 'Sync Selected' }).click();
    const details = page.getByRole('dialog', { name: 'Sync to Kit' });
    await expectVisible(details.getByRole('progressbar', { name: 'Kit sync progress' }), 'the progress');
    await expectVisible(details.getByText('Kit sync finished: 3 synced, 1 failed'), 'the batch finishing');
    expect(await details.getByRole('progressbar', { name: 'Kit sync progress' }).getAttribute('aria-valuenow')).toBe('4');
    const failures = await details.getByRole('list', { name: 'Failed syncs' }).getByRole('listitem').allTextContents();
    expect(failures).toHaveLength(1);
    const failed = /^Failed to sync (bulk\d@example\.com): Kit API error: 500 POST \S+\/v4\/subscribers - Internal Server Error$/.exec(failures[0]!);
    expect(failed, failures[0]).not.toBeNull();
    const failedEmail = failed![1]!;
    expect(kit.calls['POST /subscribers']).toBe(upserts + BULK.length);
    await fullScreenshot(page, 'kit-bulk-progress');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await details.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => kitCell(failedEmail).textContent()).toContain('Failed: Kit API error: 500 POST');

    // The progress survives a reload; the retry syncs the failed contact.
    await page.reload();
    const banner = page.getByRole('region', { name: 'Kit sync progress' });
    await expectVisible(banner.getByText('Kit sync finished: 3 synced, 1 failed'), 'the progress after a reload');
    await banner.getByRole('button', { name: 'Details' }).click();
    await details.getByRole('button', { name: 'Retry' }).click();
    await expectVisible(details.getByText('Kit sync finished: all 4 synced'), 'the retried batch');
    expect(kit.calls['POST /subscribers']).toBe(upserts + BULK.length + 1);
    for (const email of BULK) {
      const subscriber = kit.state.subscriberByEmail(email);
      expect(subscriber, email).toBeDefined();
      expect([...subscriber!.tag_ids].map((id) => kit.state.tags.get(id)!.name)).toEqual(['via_mycrm']);
    }
    await details.getByRole('button', { name: 'Done' }).click();
    for (const email of BULK) {
      await expect.poll(() => kitCell(email).textContent(), { message: email }).toContain(String(kit.state.subscriberByEmail(email)!.id));
    }
    await fullScreenshot(page, 'kit-contacts');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The Kit ID column, scrolled into view.
    await page.getByRole('region', { name: 'Contacts table' }).evaluate((table) => table.scrollBy(2000, 0));
    await fullScreenshot(page, 'kit-contacts-kit-column');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The contacts table scrolls sideways in its own area; the progress banner fits the screen.
    const progressBanner = (target: Page) => target.getByRole('region', { name: 'Kit sync progress' });
    await phoneScreenshot(CONTACTS, 'kit-contacts-phone', progressBanner, async (small) => {
      const banner = (await progressBanner(small).boundingBox())!;
      expect(banner.x).toBeGreaterThanOrEqual(0);
      expect(banner.x + banner.width).toBeLessThanOrEqual(390);
      await small.getByRole('listitem').filter({ hasText: 'bea@example.com' }).getByRole('button', { name: 'Sync to Kit' }).click();
      await expectVisible(small.getByRole('dialog', { name: 'Sync to Kit' }).getByLabel('webinar'), 'the sync modal on a phone');
      await fullScreenshot(small, 'kit-sync-modal-phone');
      expect(await seriousA11yViolations(small)).toEqual([]);
    });

    await banner.getByRole('button', { name: 'Dismiss Kit sync progress' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await expectVisible(contactRow('bea@example.com'), 'the contacts');
    expect(await banner.count()).toBe(0);
  });

  it('says how to set the key when it is cleared', async () => {
    await page.goto(`${server.baseUrl}${KIT_PAGE}`);
    const keyCard = region(page, 'Configure API Key');
    await keyCard.getByRole('button', { name: 'Clear Key' }).click();
    await page.getByRole('dialog', { name: 'Clear the Kit API key?' }).getByRole('button', { name: 'Clear Key' }).click();
    await expectVisible(keyCard.getByText('Kit API key not configured'), 'the call to configure the key again');

    await page.goto(`${server.baseUrl}${CONTACTS}`);
    await contactRow('newbie@example.com').getByRole('button', { name: 'Check in Kit' }).click();
    await expectToast(page, 'Kit API key not set. Go to Kit Integration → Configure API Key, save your key, then retry.');
    await contactRow('newbie@example.com').getByRole('button', { name: 'Sync to Kit' }).click();
    await expectVisible(
      page.getByRole('dialog', { name: 'Sync to Kit' }).getByText('Failed to load Kit forms and tags. Please check your API key.'),
      'the load error in place of the form',
    );
    // The browser logs the refused requests (409: no key): the check, and the modal's forms and tags.
    expect(errors).toEqual(Array(3).fill('console: Failed to load resource: the server responded with a status of 409 (Conflict)'));
  });
});
