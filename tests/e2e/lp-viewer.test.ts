import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, landingPages } from '../../src/server/db/schema.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { RENDER_LIMITS, VIEWER_MESSAGES } from '../../src/shared/landing-pages/viewer.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * /lp/{slug} on the built app, for all three page types, as a visitor and as a signed-in staff member
 * whose session an html page's own script must never be able to use.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let staff: BrowserContext;
let staffPage: Page;

/** The raw HTML of an html page: its script tries the staff API and the cookies, and writes down what it got. */
const SNOOPING_PAGE = `<!doctype html><html><body><h1>Our raw offer</h1><p id="api">waiting</p><p id="cookie">waiting</p>
<script>
  try { document.getElementById('cookie').textContent = 'cookies: ' + document.cookie; } catch (e) { document.getElementById('cookie').textContent = 'no cookie access'; }
  fetch('/api/contacts', { credentials: 'include' })
    .then((r) => 'status ' + r.status, (e) => 'blocked: ' + e.name)
    .then((result) => { document.getElementById('api').textContent = result; });
</script></body></html>`;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  staffPage = await staff.newPage();
  await signIn(staffPage, server.baseUrl, server.email, server.password);
  const form = [
    {
      ...createSection('section', { tailwindClasses: 'mx-auto max-w-xl space-y-4 px-4 py-16' }),
      components: [
        createComponent('heading', { text: 'Get the free guide', level: 'h1' }),
        createComponent('input', { type: 'email', label: 'Email', required: 'true' }),
        createComponent('input', { label: 'Full name' }),
        createComponent('button', { type: 'submit', text: 'Send me the guide' }),
      ],
    },
  ];
  await server.db.insert(landingPages).values([
    { title: 'Free guide', slug: 'free-guide', content: serializeContent(form), page_type: 'builder' },
    { title: 'Raw offer', slug: 'raw-offer', content: SNOOPING_PAGE, page_type: 'html' },
    { title: 'Waiting list', slug: 'waiting', content: 'react', page_type: 'react' },
    { title: 'Switched off', slug: 'switched-off', content: '[]', page_type: 'builder', is_active: false },
    { title: 'Too big', slug: 'too-big', content: serializeContent([{ ...createSection('section'), components: Array.from({ length: RENDER_LIMITS.units }, () => createComponent('divider')) }]), page_type: 'builder' },
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const contactByEmail = async (email: string) => (await server.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`))[0];

describe('a builder page', () => {
  it('signs a visitor up in the background and says so; the contact comes from the landing page', async () => {
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/lp/free-guide?utm_source=newsletter`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Get the free guide');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/Email/).fill('guide.reader@example.com');
    await page.getByLabel('Full name').fill('Guide Reader');
    await page.getByRole('button', { name: 'Send me the guide' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(VIEWER_MESSAGES.submitSucceeded);
    expect(page.url()).toBe(`${server.baseUrl}/lp/free-guide?utm_source=newsletter`);
    expect(await page.getByLabel(/Email/).inputValue()).toBe('');
    await screenshot(page, 'lp-builder-form-sent-390');
    expect(await contactByEmail('guide.reader@example.com')).toMatchObject({ full_name: 'Guide Reader', source: 'landing_page', status: 'lead', url_parameters: { utm_source: 'newsletter' } });
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it('works without JavaScript: the form posts, and the page comes back announcing the result', async () => {
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/lp/free-guide`);
    await page.getByLabel(/Email/).fill('no.script@example.com');
    await page.getByRole('button', { name: 'Send me the guide' }).click();
    await page.waitForURL(/lead=ok/);
    expect(await page.getByRole('status').first().textContent()).toBe(VIEWER_MESSAGES.submitSucceeded);
    expect(await contactByEmail('no.script@example.com')).toMatchObject({ source: 'landing_page' });
    await visitor.close();
  });
});

describe('an html page', () => {
  it("runs its own script in a sandbox: with a staff member signed in, it cannot read the staff API nor the session cookie", async () => {
    await staffPage.goto(`${server.baseUrl}/lp/raw-offer`);
    const frame = staffPage.frameLocator('iframe[title="Raw offer"]');
    expect(await frame.getByRole('heading', { name: 'Our raw offer' }).textContent()).toBe('Our raw offer');
    await expect.poll(() => frame.locator('#api').textContent()).not.toBe('waiting');
    expect(await frame.locator('#api').textContent()).toMatch(/^blocked|^status 401$/);
    expect(await frame.locator('#cookie').textContent()).not.toContain('mycrm_session');
    // The same staff member's own pages still work: the session is intact, only the sandbox is shut out.
    expect((await staffPage.request.get(`${server.baseUrl}/api/contacts`)).status()).toBe(200);
  });

  it("opens the 'Get Started' form outside the frame and signs the visitor up", async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/lp/raw-offer`);
    await page.getByText(VIEWER_MESSAGES.getStarted, { exact: true }).first().click();
    const form = page.locator('form[data-lead-form]');
    await form.getByLabel(/Email/).fill('raw.visitor@example.com');
    await form.getByLabel('LinkedIn').fill('https://linkedin.com/in/raw');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(VIEWER_MESSAGES.submitSucceeded);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lp-html-get-started-1280');
    expect(await contactByEmail('raw.visitor@example.com')).toMatchObject({ linkedin: 'https://linkedin.com/in/raw', source: 'landing_page' });
    await visitor.close();
  });
});

describe('an html page without JavaScript', () => {
  it('posts the Get Started form, and the page comes back with the form open announcing the result', async () => {
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/lp/raw-offer`);
    await page.getByText(VIEWER_MESSAGES.getStarted, { exact: true }).first().click();
    const form = page.locator('form[data-lead-form]');
    await form.getByLabel(/Email/).fill('no.script.raw@example.com');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/lead=ok/);
    expect(await page.locator('details').getAttribute('open')).not.toBeNull();
    expect(await page.locator('form[data-lead-form]').getByRole('status').textContent()).toBe(VIEWER_MESSAGES.submitSucceeded);
    await screenshot(page, 'lp-html-outcome-no-js-1280');
    expect(await contactByEmail('no.script.raw@example.com')).toMatchObject({ source: 'landing_page' });
    await visitor.close();
    // axe needs JavaScript: the same page, as a browser with it gets it.
    const checker = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const same = await checker.newPage();
    await same.goto(`${server.baseUrl}/lp/raw-offer?lead=ok`);
    expect(await same.locator('form[data-lead-form]').getByRole('status').textContent()).toBe(VIEWER_MESSAGES.submitSucceeded);
    expect(await seriousA11yViolations(same)).toEqual([]);
    await checker.close();
  });
});

describe('a react page and pages that are not there', () => {
  it('shows the waiting-list page for a react page, without errors', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/lp/waiting`);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Learning Ecosystem Mastery');
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it("answers an unknown or inactive slug with 'Page Not Found', the slug and the reason", async () => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    for (const slug of ['no-such-page', 'switched-off']) {
      const response = await page.goto(`${server.baseUrl}/lp/${slug}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(VIEWER_MESSAGES.notFoundTitle);
      expect(await page.getByText(`/lp/${slug}`).isVisible()).toBe(true);
      expect(await page.getByText(VIEWER_MESSAGES.notFound).isVisible()).toBe(true);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await visitor.close();
  });

  it("answers a slug no page can have (an encoded '/') with 'Page Not Found', never with the page's own HTML", async () => {
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    const response = await page.goto(`${server.baseUrl}/lp/raw-offer%2Fcontent`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(VIEWER_MESSAGES.notFoundTitle);
    expect(await page.getByText('/lp/raw-offer/content').isVisible()).toBe(true);
    expect(await page.getByText('Our raw offer').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lp-not-found-390');
    await visitor.close();
  });

  it('shows a page over the render budget as an error panel that says why', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/lp/too-big`);
    expect(await page.getByRole('alert').textContent()).toContain(VIEWER_MESSAGES.tooLarge(RENDER_LIMITS.units + 1, RENDER_LIMITS.units));
    expect(await page.locator('hr').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lp-too-large-1280');
    await visitor.close();
  });
});
