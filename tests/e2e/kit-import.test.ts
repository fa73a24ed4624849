import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * A coach moving in with a list in Kit: on the Kit screen they start the import, confirm it, watch
 * its progress (paced by Kit's rate limit, slowed down here so the progress can be seen), read the
 * summary, and find the subscribers on the contacts screen with their Kit state.
 */
const KEY = 'kit_import_key_5c1e9a7b3d';
const SUBSCRIBERS = 2_400;
const SCREENSHOT_DIR = path.resolve('.test-artifacts/screenshots');
const STATES = ['active', 'inactive', 'cancelled', 'bounced', 'complained'] as const;

let kit: FakeKit;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // Two requests a second: the import's seven requests take a few seconds, long enough to watch.
  kit = await startFakeKit({ apiKey: KEY, customFields: ['Last Name'], rateLimit: { limit: 4, windowMs: 2_000 } });
  for (let i = 0; i < SUBSCRIBERS; i++) {
    kit.state.addSubscriber({
      email_address: `reader${String(i).padStart(4, '0')}@example.net`,
      first_name: `Reader ${i}`,
      state: STATES[i % STATES.length],
      fields: { last_name: `Kit${i}` },
      tags: i % 4 === 0 ? ['newsletter'] : i % 7 === 0 ? ['webinar'] : [],
    });
  }
  kit.state.addSubscriber({ email_address: 'broken-address', first_name: 'Nobody' });
  server = await startTestServer({
    env: { KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '4', KIT_RATE_WINDOW_MS: '2000', KIT_RECONCILE_MINUTES: '0' },
    kitImports: { pollMs: 100 },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
  expect((await page.request.put(`${server.baseUrl}/api/kit/settings`, { data: { api_key: KEY } })).ok()).toBe(true);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await kit?.close();
});

describe('import from Kit', () => {
  it('starts after a confirmation, shows its progress and summary, and the contacts list shows the subscribers with their Kit state', async () => {
    await page.goto(`${server.baseUrl}/crm/kit`);
    const card = page.getByRole('region', { name: 'Import from Kit' });
    await card.waitFor();
    await expect.poll(() => card.getByText('No import yet.').isVisible()).toBe(true);

    const start = card.getByRole('button', { name: 'Import from Kit' });
    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Import every subscriber from Kit?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('tags Kit does not have stay as they are in the CRM');
    // People erased here stay out unless the owner ticks this, fresh at every start.
    expect(await dialog.getByRole('checkbox', { name: /Also bring back people erased before/ }).isChecked()).toBe(false);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'kit-import-confirm.png') });
    // Cancelling starts nothing and gives the focus back to the button.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(kit.calls['GET /tags/:tag_id/subscribers']).toBeUndefined();
    expect((await (await page.request.get(`${server.baseUrl}/api/kit/import`)).json()).import).toBeNull();

    await start.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start import' }).click();

    // Progress: the phase, then n of total while the subscribers come in.
    const status = card.getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/Reading|Importing subscribers/);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/Importing subscribers: [\d,]+ of 2,401/);
    expect(await card.getByRole('progressbar', { name: 'Subscribers imported' }).isVisible()).toBe(true);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'kit-import-progress.png') });

    const summary = card.getByRole('definition');
    await card.getByLabel('Import summary').waitFor({ timeout: 60_000 });
    expect(await summary.allTextContents()).toEqual(['2,400', '0', '0', '1']);
    await card.getByText('Skipped subscribers and why').click();
    expect(await card.getByRole('listitem').filter({ hasText: 'broken-address' }).textContent()).toMatch(/^broken-address: .+/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'kit-import-summary.png') });

    // The contacts list, filtered to Kit's bounced subscribers: of reader0000-0009, the 4th and the 9th.
    await page.goto(`${server.baseUrl}/crm/contacts?kit_state=bounced&search=reader000`);
    const rows = page.getByRole('row').filter({ hasText: /reader000\d@example\.net/ });
    await rows.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => rows.allTextContents()).toHaveLength(2);
    const texts = await rows.allTextContents();
    expect(texts.map((t) => t.match(/reader000\d/)![0]).sort()).toEqual(['reader0003', 'reader0008']);
    expect(await page.getByText('Kit: Bounced').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'kit-import-contacts.png') });
    expect(errors).toEqual([]);
  });
});
