import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTags, contacts, tags } from '../../src/server/db/schema.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';
import { signupConsent } from '../helpers/signup-consent.ts';

/*
 * Issue 15, bug 3 in the browser: the Tags screen shows which tag each sign-up form adds, a campaign
 * is bound to another tag there (kept after a reload), and sign-ups then carry that tag.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const card = () => page.getByRole('region', { name: 'Sign-up tags' });
const selectedText = (label: string) => card().getByLabel(label).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

describe('the sign-up tags setting', () => {
  beforeAll(async () => {
    await server.db.delete(contacts);
    await server.db.delete(campaignTags);
    await server.db.delete(tags);
    await server.db.insert(tags).values([
      { name: 'LEM_Waiting_List' },
      { name: 'Webinar Lead', kit_tag_name: 'webinar202509_2', kit_tag_id: 3 },
      { name: 'Autumn webinar' },
    ]);
  });

  it("shows each form's tag: its default tag, or the tag linked to the Kit tag of that name", async () => {
    await page.goto(`${server.baseUrl}/crm/tags`);
    await expect.poll(() => selectedText('Waiting list sign-ups')).toBe('LEM_Waiting_List');
    await expect.poll(() => selectedText('Webinar sign-ups')).toBe('Webinar Lead (Kit: webinar202509_2)');
    await screenshot(page, 'campaign-tags-card');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('binds the webinar form to another tag by keyboard, keeps it after a reload, and tags the next sign-up with it', async () => {
    const select = card().getByLabel('Webinar sign-ups');
    await select.focus();
    await select.selectOption({ label: 'Autumn webinar' });
    await expect.poll(() => page.getByText('Sign-up tag saved').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => selectedText('Webinar sign-ups')).toBe('Autumn webinar');

    const signUp = await page.request.post(`${server.baseUrl}/api/public/leads/webinar`, {
      data: { full_name: 'Otto Autumn', email: 'otto.autumn@example.com', ...signupConsent(server.baseUrl) },
      headers: { origin: server.baseUrl },
    });
    expect(signUp.status()).toBe(201);
    const [contact] = await server.db.select().from(contacts);
    expect(contact!.tags).toEqual(['Autumn webinar']);
    expect((await server.db.select().from(tags)).map((t) => t.name).sort()).toEqual(['Autumn webinar', 'LEM_Waiting_List', 'Webinar Lead']);
    expect(errors).toEqual([]);
  });
});
