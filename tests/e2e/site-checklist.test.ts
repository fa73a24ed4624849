import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteChecklist } from '../../src/server/dashboard/site-checklist.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { signIn } from './helpers/sign-in.ts';
import { consentedContext, staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * The owner checklist on the dashboard: what the built public site still shows from the shipped
 * sample (the repository's own public/content, as `npm run build` copied it), with where to change it.
 */

let server: StaffSession['server'];
let page: Page;
let errors: string[];
const staff = staffSession();
beforeAll(() => void ({ server, page, errors } = staff));

const expected = siteChecklist(loadConfig({ NODE_ENV: 'test' }).webDir);
const card = (target: Page = page) => target.getByRole('region', { name: 'Public site checklist' });
const items = (target: Page = page) => card(target).getByRole('listitem');

describe('the public site checklist', () => {
  it('lists the sample values of the built site, five first, with the file and field of each', async () => {
    expect(expected.length).toBeGreaterThan(5); // the shipped sample: example.com links, XXXXXXXXXXX videos, Musterstraße
    await page.goto(`${server.baseUrl}/crm`);
    await expect.poll(() => items().count()).toBe(5);
    expect(await card().innerText()).toContain(`${expected.length} sample values are still live on your public site`);
    const first = expected[0]!;
    const firstText = await items().first().innerText();
    for (const part of [first.problem, first.value, first.file, first.path]) expect(firstText).toContain(part);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-site-checklist');
  });

  it('shows all of them and fewer again from the keyboard', async () => {
    const more = card().getByRole('button', { name: `Show all ${expected.length}` });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items().count()).toBe(expected.length);
    const less = card().getByRole('button', { name: 'Show fewer' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    const texts = await items().allInnerTexts();
    expected.forEach((item, i) => expect(texts[i]).toContain(item.path));
    await page.keyboard.press('Enter');
    await expect.poll(() => items().count()).toBe(5);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Show all ${expected.length}`);
  });

  it('says so when nothing is left, and offers to try again when it cannot load', async () => {
    await page.route('**/api/dashboard/site-checklist', (route) => route.fulfill({ json: { items: [] } }));
    await page.reload();
    await expect.poll(() => card().innerText()).toContain('Your public site shows none of the sample content.');
    await screenshot(page, 'dashboard-site-checklist-done');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.unroute('**/api/dashboard/site-checklist');
    await page.route('**/api/dashboard/site-checklist', (route) => route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }));
    await page.reload();
    await expect.poll(() => card().getByRole('alert').innerText(), { timeout: 15_000 }).toContain('The checklist could not be loaded.');
    await page.unroute('**/api/dashboard/site-checklist');
    await card().getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => items().count()).toBe(5);
    errors.splice(0); // the provoked 500
  });

  it('fits a phone', async () => {
    const context = await consentedContext(staff.browser, 375);
    const phone = await context.newPage();
    await signIn(phone, server.baseUrl, server.email, server.password);
    await phone.goto(`${server.baseUrl}/crm`);
    await expect.poll(() => items(phone).count()).toBe(5);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'dashboard-site-checklist-phone');
    await context.close();
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
