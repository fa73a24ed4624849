import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_NAV } from '../../src/shared/routes.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { spawnBuiltServer } from './helpers/server.ts';
import { seriousA11yViolations } from './helpers/axe.ts';

/** The whole first-run path, as a new owner walks it, on the built product and a new data directory. */
const EMAIL = 'coach@example.com';
const PASSWORD = 'a long and private passphrase';

let server: Awaited<ReturnType<typeof spawnBuiltServer>>;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await spawnBuiltServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Staff screens set no cookies and embed nothing: no cookie banner, and no space kept for one. */
async function expectNoCookieBanner(target: Page) {
  expect(await target.getByRole('region', { name: 'Your privacy' }).count()).toBe(0);
  expect(await target.evaluate(() => document.documentElement.getAttribute('data-consent'))).toBeNull();
}

/** The text of the button a tap at the centre of the named button reaches, without scrolling (null when something covers it). */
async function buttonAtItsCentre(target: Page, name: string) {
  const box = (await target.getByRole('button', { name }).boundingBox())!;
  return target.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
}

describe('first run', () => {
  it('creates the first admin from the setup link printed at start', async () => {
    await page.goto(server.setupLink!);
    await expect.poll(() => page.getByRole('heading', { name: 'Create your admin account' }).isVisible()).toBe(true);
    await screenshot(page, 'setup');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A visitor who has not answered the cookie banner: the public site asks, the staff app does not.
    await expectNoCookieBanner(page);
    expect(await buttonAtItsCentre(page, 'Create admin account')).toBe('Create admin account');

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('too short');
    await page.getByLabel('Confirm password').fill('too short');
    await page.getByRole('button', { name: 'Create admin account' }).click();
    await expect.poll(() => page.getByText('Password must be at least 12 characters').isVisible()).toBe(true);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create admin account' }).click();
    await page.waitForURL(/\/login\?setup=done/);
    await expect.poll(() => page.getByText('Your administrator account is ready').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
  });

  it('closes the setup link once an admin exists', async () => {
    const other = await browser.newPage();
    await other.goto(server.setupLink!);
    await expect.poll(() => other.getByRole('heading', { name: 'Setup link not valid' }).isVisible()).toBe(true);
    await other.close();
  });

  it('shows "Invalid email or password" for a wrong password and keeps the user on /login', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await screenshot(page, 'login');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expectNoCookieBanner(page);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-error');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('toggles the password between hidden and shown', async () => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('signs in and lands in the CRM shell with its sidebar entries', async () => {
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/crm`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(CRM_NAV.map((n) => n.label));
    await screenshot(page, 'shell-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('opens every sidebar entry at its route', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const { path, label } of [...CRM_NAV].reverse()) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL(`${server.baseUrl}${path}`);
      await expect.poll(() => nav.getByRole('link', { name: label }).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBeTruthy();
      await expectNoCookieBanner(page);
    }
  });

  it('collapses the sidebar to 20 units and expands it to 64 (80 px and 256 px)', async () => {
    const aside = page.locator('aside');
    expect((await aside.boundingBox())!.width).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await aside.boundingBox())!.width).toBe(80);
    await screenshot(page, 'shell-collapsed');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await expect.poll(async () => (await page.locator('aside').boundingBox())?.width).toBe(80); // remembered
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await aside.boundingBox())!.width).toBe(256);
  });

  it('sends a signed-in user who opens /login on to /crm', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.waitForURL(`${server.baseUrl}/crm`);
  });

  it('uses a slide-over menu on a phone', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.baseUrl}/crm`);
    await expect.poll(() => phone.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    expect(await phone.locator('aside').isVisible()).toBe(false);
    await screenshot(phone, 'shell-mobile');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await screenshot(phone, 'shell-mobile-menu');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await menu.getByRole('link', { name: 'Tags' }).click();
    await phone.waitForURL(`${server.baseUrl}/crm/tags`);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await phone.close();
  });

  it('signs out on the server and returns to /login; the CRM then asks for sign-in again', async () => {
    await page.goto(`${server.baseUrl}/crm/contacts`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    const status = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.status));
    expect(status).toBe(401);
    await page.goto(`${server.baseUrl}/crm/tags`);
    await page.waitForURL(`${server.baseUrl}/login?next=%2Fcrm%2Ftags`);
    // Signing in again returns to the page the user wanted.
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/crm/tags`);
  });

  it('shows the 404 page for an unknown path, with a 404 status and a link home', async () => {
    const response = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(response!.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A public page, where the same visitor still gets the cookie banner.
    expect(await page.getByRole('region', { name: 'Your privacy' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    // Let the home page finish loading before the next test restarts the server under it.
    await page.waitForLoadState('networkidle');
    expect(server.output()).toContain('/no/such/page');
  });

  it('keeps its data across a restart: the session survives, the admin signs in again, no setup link', async () => {
    await server.close({ keepData: true });
    server = await spawnBuiltServer({ dataDir: server.dataDir });
    expect(server.output()).not.toContain('/setup?token=');
    // Cookies ignore ports: the session from before the restart is still valid, since it lives in the database.
    await page.goto(`${server.baseUrl}/crm/contacts`);
    await expect.poll(() => page.getByRole('heading', { name: 'Contacts', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/crm`);
  });

  it('ran without page errors', () => {
    // The 404 page logs the path on purpose; a wrong password is a 401 the browser reports.
    const unexpected = errors.filter((e) => !e.includes('404 Error') && !e.includes('status of 401') && !e.includes('status of 404'));
    expect(unexpected).toEqual([]);
  });
});
