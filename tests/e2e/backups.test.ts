import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openArchive, verifyArchive } from '../../src/server/backup/read-backup.ts';
import { BACKUP_NAME_PATTERN } from '../../src/shared/backup/api.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/** Settings -> Backups as the owner uses it: make a backup from the keyboard, see it listed, download it. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-e2e-backups-'));
const secret = randomBytes(32);

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: dataDir, MYCRM_SECRET_KEY: secret.toString('base64'), BACKUP_HOUR: '3', BACKUP_KEEP: '5' } });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The card: the rounded box around its heading. */
const card = () => page.getByRole('heading', { name: 'Backups', level: 2 }).locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
const rows = () => page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ has: page.getByRole('cell') });

describe('Settings → Backups', () => {
  it('says there are none yet and how the server backs up', async () => {
    await page.goto(`${server.baseUrl}/crm/settings`);
    await expect.poll(() => card().getByText('No backups yet.', { exact: false }).isVisible()).toBe(true);
    expect(await card().innerText()).toContain('Every night at 03:00 UTC and when you ask; the newest 5 are kept on the server.');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('makes a backup from the keyboard and lists it with its time and size', async () => {
    const button = page.getByRole('button', { name: 'Back up now' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Backup made (' }).count()).toBe(1);
    await expect.poll(() => rows().count()).toBe(1);
    const cells = await rows().first().getByRole('cell').allInnerTexts();
    expect(cells[1]).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
    const time = await rows().first().locator('time').getAttribute('datetime');
    expect(Math.abs(Date.parse(time!) - Date.now())).toBeLessThan(5 * 60_000);
    expect(await button.isEnabled()).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-backups');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('downloads the backup: the same bytes as on the server, an archive that decrypts with the instance secret', async () => {
    const [stored] = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(stored).toMatch(BACKUP_NAME_PATTERN);
    const [download] = await Promise.all([page.waitForEvent('download'), rows().first().getByRole('link', { name: `Download the backup ${stored}` }).click()]);
    expect(download.suggestedFilename()).toBe(stored);
    const file = await download.path();
    expect(fs.readFileSync(file).equals(fs.readFileSync(path.join(dataDir, 'backups', stored!)))).toBe(true);
    const verified = await verifyArchive(await openArchive(file, { kind: 'instance-secret', secret }));
    expect(verified.totals.tables.users).toBe(1);
    expect(errors).toEqual([]);
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-backups-listed');
  });
});
