import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, landingPages, landingPageViews, leadSubmissions } from '../../src/server/db/schema.ts';
import { LANDING_PAGE_MESSAGES, LANDING_PAGE_PATHS, PAGE_PREVIEW_MESSAGES, PREVIEW_LENGTH } from '../../src/shared/landing-pages/api.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { VIEWER_MESSAGES } from '../../src/shared/landing-pages/viewer.ts';
import { SLUG_MESSAGES } from '../../src/shared/landing-pages/slug.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { signIn } from './helpers/sign-in.ts';
import { consentedContext, staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * The landing pages admin as its owner uses it, from an empty list: add pages (the slug derived
 * from the title, every slug rule, a taken slug), edit, search, deactivate and activate, preview in
 * a new tab, delete after a confirmation; on a desktop and on a phone, checked with axe-core.
 */

let server: StaffSession['server'];
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const staff = staffSession();
beforeAll(() => void ({ server, browser, context, page, errors } = staff));

const newContext = (width: number) => consentedContext(browser, width);

const dialog = (target: Page = page) => target.getByRole('dialog');
const card = (title: string, target: Page = page) => target.getByRole('article', { name: title, exact: true });
const cardTitles = () => page.getByRole('article').locator('h2').allTextContents();
const slugInput = () => dialog().getByLabel('URL slug');
const titleInput = () => dialog().getByLabel('Title');
const submitButton = (name: string) => dialog().getByRole('button', { name, exact: true });
/** What the slug field says under it: the first broken rule, or the live check's state. */
const slugStatus = async () => {
  const ids = (await slugInput().getAttribute('aria-describedby'))!.split(' ');
  return (await page.locator(`[id="${ids[0]}"]`).innerText()).trim();
};

async function openScreen(target: Page = page) {
  await target.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Landing Pages' }).click();
  await expect.poll(() => target.getByRole('heading', { level: 1 }).textContent()).toBe('Landing Pages');
}

async function openAddDialog() {
  await page.getByRole('button', { name: 'Add Landing Page' }).first().click();
  await expect.poll(() => dialog().getByRole('heading', { name: 'Add Landing Page' }).isVisible()).toBe(true);
}

async function expectToast(text: string, target: Page = page) {
  const toast = target.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
  await expect.poll(() => toast.count(), { message: `toast "${text}"` }).toBeGreaterThan(0);
}

async function expectDialogClosed() {
  await expect.poll(() => dialog().count(), { message: 'dialog closed' }).toBe(0);
}

/** The element that has the keyboard focus, by its accessible label or its text. */
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

const storedPages = () => server.db.select().from(landingPages);

/** The browser logs every 4xx response; the 409 of a slug taken behind the live check's back is provoked on purpose. */
const provoked = (error: string) => /status of 409 \(Conflict\)/.test(error);

describe('landing pages admin', () => {
  it('shows the empty state with its Add button, and passes axe-core', async () => {
    await openScreen();
    const empty = page.getByRole('heading', { name: 'No landing pages yet' });
    await expect.poll(() => empty.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Landing Page' }).count()).toBe(2);
    // The buttons of later issues are not here as dead ends.
    expect(await page.getByRole('button', { name: /Convert HTML/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lp-admin-empty');
  });

  it('adds a page: the slug follows the title, each rule speaks, typing strips, an edited slug stays', async () => {
    await openAddDialog();
    expect(await dialog().getByLabel('Active').isChecked()).toBe(true);
    expect(await dialog().getByLabel('Page type').locator('option').allTextContents()).toEqual(['HTML', 'React', 'Builder']);

    await titleInput().pressSequentially('Spring Sale 2026!');
    expect(await slugInput().inputValue()).toBe('spring-sale-2026');
    await expect.poll(slugStatus).toBe('Available');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lp-admin-dialog');

    // Each rule, in the specified order, with its message (rule 4 cannot be typed: see below).
    const rules: Array<[string, string]> = [
      ['', SLUG_MESSAGES.required],
      ['ab', SLUG_MESSAGES.tooShort],
      ['a'.repeat(51), SLUG_MESSAGES.tooLong],
      ['-spring', SLUG_MESSAGES.edgeHyphen],
      ['spring-', SLUG_MESSAGES.edgeHyphen],
      ['spring--sale', SLUG_MESSAGES.doubleHyphen],
    ];
    for (const [slug, message] of rules) {
      await slugInput().fill(slug);
      await slugInput().blur();
      await expect.poll(slugStatus, { message: `slug "${slug}"` }).toBe(message);
      expect(await slugInput().getAttribute('aria-invalid')).toBe('true');
    }
    // Fifty characters are allowed.
    await slugInput().fill('a'.repeat(50));
    await expect.poll(slugStatus).toBe('Available');

    // Characters other than lowercase letters, digits and hyphens never get in.
    await slugInput().fill('');
    await slugInput().pressSequentially('My Offer_2026!');
    expect(await slugInput().inputValue()).toBe('yffer2026');
    await slugInput().fill('');
    await slugInput().pressSequentially('spring offer');
    expect(await slugInput().inputValue()).toBe('springoffer');

    // A slug the person typed is theirs: the title no longer changes it.
    await slugInput().fill('spring-offer');
    await titleInput().fill('Spring Offer');
    expect(await slugInput().inputValue()).toBe('spring-offer');
    await expect.poll(slugStatus).toBe('Available');

    // Title, slug and content are required; nothing is sent while the content is missing.
    await submitButton('Create Page').click();
    await expect.poll(() => dialog().getByText(LANDING_PAGE_MESSAGES.contentRequired).isVisible()).toBe(true);
    expect(await storedPages()).toHaveLength(0);

    await dialog().getByLabel('Content').fill('<h1>Spring offer</h1><p>Ten percent off everything.</p>');
    await submitButton('Create Page').click();
    await expectDialogClosed();
    await expectToast('Landing page created');
    // Keyboard users land where they were: on the button that opened the dialog.
    await expect.poll(() => focused()).toBe('Add Landing Page');

    const created = card('Spring Offer');
    await expect.poll(() => created.isVisible()).toBe(true);
    const text = await created.innerText();
    expect(text).toContain('/lp/spring-offer');
    expect(text).toContain('Active');
    expect(text).toContain('HTML');
    expect(text).toContain('<h1>Spring offer</h1><p>Ten percent off everything.</p>');
    expect(await storedPages()).toMatchObject([{ title: 'Spring Offer', slug: 'spring-offer', page_type: 'html', is_active: true }]);
  });

  it('shows a taken slug as taken and blocks the submit; a slug taken behind the check’s back comes back on the field', async () => {
    await openAddDialog();
    await titleInput().fill('Spring Offer');
    expect(await slugInput().inputValue()).toBe('spring-offer');
    await expect.poll(slugStatus).toBe(SLUG_MESSAGES.taken);
    expect(await slugInput().getAttribute('aria-invalid')).toBe('true');
    expect(await submitButton('Create Page').isDisabled()).toBe(true);
    await screenshot(page, 'lp-admin-dialog-taken');

    // Another page, inactive, of the builder type, with more content than a card shows.
    const content = `{"sections":[${'"x",'.repeat(40)}"y"]}`;
    await titleInput().fill('Summer Sale');
    await expect.poll(slugStatus).toBe('Available');
    expect(await submitButton('Create Page').isDisabled()).toBe(false);
    await dialog().getByLabel('Content').fill(content);
    await dialog().getByLabel('Page type').selectOption('builder');
    await dialog().getByLabel('Active').uncheck();

    // Someone else saves a page at this address after the check said it was free.
    await server.db.insert(landingPages).values({ title: 'Intruder', slug: 'summer-sale', content: 'x', page_type: 'html' });
    await submitButton('Create Page').click();
    await expect.poll(slugStatus).toBe(SLUG_MESSAGES.taken);
    expect(await submitButton('Create Page').isDisabled()).toBe(true);
    await server.db.delete(landingPages).where(eq(landingPages.slug, 'summer-sale'));

    await slugInput().fill('summer-sale-2026');
    await expect.poll(slugStatus).toBe('Available');
    await submitButton('Create Page').click();
    await expectDialogClosed();
    await expectToast('Landing page created');

    const summer = card('Summer Sale');
    await expect.poll(() => summer.isVisible()).toBe(true);
    const text = await summer.innerText();
    expect(text).toContain('/lp/summer-sale-2026');
    expect(text).toContain('Inactive');
    expect(text).toContain('Builder');
    // The preview stops at 100 characters.
    expect(text).toContain(`${content.slice(0, PREVIEW_LENGTH)}...`);
    expect(text).not.toContain(content.slice(0, PREVIEW_LENGTH + 1));
    // …and all of those 100 wrap inside the card: JSON has no spaces to break at.
    const preview = summer.getByText(content.slice(0, 20));
    expect(await preview.evaluate((p) => p.scrollWidth <= p.clientWidth && p.scrollHeight <= p.clientHeight)).toBe(true);
    // Newest first.
    expect(await cardTitles()).toEqual(['Summer Sale', 'Spring Offer']);
  });

  it('edits a page: its whole content loads, its own slug counts as available, focus returns to Edit', async () => {
    await card('Spring Offer').getByRole('button', { name: 'Edit Spring Offer' }).click();
    await expect.poll(() => dialog().getByRole('heading', { name: 'Edit Landing Page' }).isVisible()).toBe(true);
    await expect.poll(() => titleInput().inputValue()).toBe('Spring Offer');
    expect(await dialog().getByLabel('Content').inputValue()).toBe('<h1>Spring offer</h1><p>Ten percent off everything.</p>');
    await expect.poll(slugStatus).toBe('Available');

    // The slug still is the title's: it follows the title until edited by hand, and the new one is checked.
    await titleInput().fill('Spring Offer Extended');
    expect(await slugInput().inputValue()).toBe('spring-offer-extended');
    await expect.poll(slugStatus).toBe('Available');
    // Another page's slug is taken, even while editing.
    await slugInput().fill('summer-sale-2026');
    await expect.poll(slugStatus).toBe(SLUG_MESSAGES.taken);
    await slugInput().fill('spring-offer');
    await expect.poll(slugStatus).toBe('Available');
    await dialog().getByLabel('Content').fill('<h1>Spring offer</h1><p>Now twenty percent off.</p>');
    await submitButton('Save Changes').click();
    await expectDialogClosed();
    await expectToast('Landing page updated');
    await expect.poll(() => focused()).toBe('Edit Spring Offer Extended');

    const edited = card('Spring Offer Extended');
    await expect.poll(() => edited.isVisible()).toBe(true);
    expect(await edited.innerText()).toContain('Now twenty percent off.');
    expect(await edited.innerText()).toContain('/lp/spring-offer');
    expect(await cardTitles()).toEqual(['Summer Sale', 'Spring Offer Extended']);
  });

  it('shows what each page earned over the last 30 days: views, sign-ups, conversion and a sparkline', async () => {
    const [spring] = await server.db.select().from(landingPages).where(eq(landingPages.slug, 'spring-offer'));
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    const isoDay = (daysAgo: number) => day(daysAgo).toISOString().slice(0, 10);
    // 40 views in the window; the 100 of 40 days ago are older than the card looks.
    await server.db.insert(landingPageViews).values([
      { landing_page_id: spring!.id, day: isoDay(0), views: 30 },
      { landing_page_id: spring!.id, day: isoDay(10), views: 10 },
      { landing_page_id: spring!.id, day: isoDay(40), views: 100 },
    ]);
    const people = await server.db
      .insert(contacts)
      .values(['ann@example.com', 'bob@example.com', 'cy@example.com'].map((email) => ({ email, source: 'landing_page' as const })))
      .returning();
    await server.db.insert(leadSubmissions).values([
      { contact_id: people[0]!.id, landing_page_id: spring!.id, created_at: day(1) },
      { contact_id: people[1]!.id, landing_page_id: spring!.id, created_at: day(3) },
      { contact_id: people[2]!.id, landing_page_id: spring!.id, created_at: day(45) },
    ]);
    await page.reload();

    const figures = (title: string) => card(title).getByRole('group', { name: 'Last 30 days' });
    const figureText = async (title: string) => (await figures(title).innerText()).replace(/\s+/g, ' ').trim();
    await expect.poll(() => figureText('Spring Offer Extended')).toBe('Views 40 Sign-ups 2 Conversion 5% Last 30 days');
    expect(await figures('Spring Offer Extended').getByRole('img').getAttribute('aria-label')).toBe(
      'Views per day over the last 30 days: 40 in all, at most 30 a day',
    );
    expect(await figureText('Summer Sale')).toBe('Views 0 Sign-ups 0 Conversion — Last 30 days');
  });

  it('searches title and slug on the server', async () => {
    const search = page.getByLabel('Search landing pages');
    const searched: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname === LANDING_PAGE_PATHS.list && url.searchParams.has('search')) searched.push(url.searchParams.get('search')!);
    };
    page.on('request', onRequest);
    await search.pressSequentially('summer');
    await expect.poll(cardTitles).toEqual(['Summer Sale']);
    await expect.poll(() => page.getByText('1 landing page found').isVisible()).toBe(true);
    expect(searched).toContain('summer');
    page.off('request', onRequest);
    await search.fill('EXTENDED');
    await expect.poll(cardTitles).toEqual(['Spring Offer Extended']);
    await search.fill('sale-2026');
    await expect.poll(cardTitles).toEqual(['Summer Sale']);
    await search.fill('nothing like this');
    await expect.poll(() => page.getByRole('heading', { name: 'No landing pages found matching your search' }).isVisible()).toBe(true);
    await screenshot(page, 'lp-admin-no-results');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(cardTitles).toEqual(['Summer Sale', 'Spring Offer Extended']);
    expect(await search.inputValue()).toBe('');
    await screenshot(page, 'lp-admin-list');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('deactivates and activates a page', async () => {
    const spring = card('Spring Offer Extended');
    const stored = async () => (await storedPages()).find((p) => p.slug === 'spring-offer')?.is_active;
    await spring.getByRole('button', { name: 'Deactivate Spring Offer Extended' }).click();
    await expect.poll(() => spring.getByText('Inactive').isVisible()).toBe(true);
    await expectToast('Landing page deactivated');
    await expect.poll(stored).toBe(false);
    await spring.getByRole('button', { name: 'Activate Spring Offer Extended' }).click();
    await expect.poll(() => spring.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await expectToast('Landing page activated');
    await expect.poll(stored).toBe(true);
  });

  it('previews a page at /lp/{slug} in a new tab that cannot reach back', async () => {
    const link = card('Spring Offer Extended').getByRole('link', { name: /Preview Spring Offer Extended/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const [preview] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect.poll(() => preview.url()).toBe(`${server.baseUrl}/lp/spring-offer`);
    expect(await preview.evaluate(() => window.opener)).toBeNull();
    await preview.close();
  });

  it('deletes a page only after the browser confirmation', async () => {
    const summer = card('Summer Sale');
    let asked = '';
    page.once('dialog', (confirmation) => {
      asked = confirmation.message();
      void confirmation.dismiss();
    });
    await summer.getByRole('button', { name: 'Delete Summer Sale' }).click();
    await expect.poll(() => asked).toBe(LANDING_PAGE_MESSAGES.deleteConfirm);
    expect(await summer.isVisible()).toBe(true);
    expect(await storedPages()).toHaveLength(2);

    page.once('dialog', (confirmation) => void confirmation.accept());
    await summer.getByRole('button', { name: 'Delete Summer Sale' }).click();
    await expectToast('Landing page deleted');
    await expect.poll(cardTitles).toEqual(['Spring Offer Extended']);
    expect((await storedPages()).map((p) => p.slug)).toEqual(['spring-offer']);
  });

  it('shows a failed load with a way to try again', async () => {
    const failing = (url: URL) => url.pathname === LANDING_PAGE_PATHS.list;
    await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"boom","message":"Boom"}}' }));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load landing pages' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await screenshot(page, 'lp-admin-load-failed');
    await page.unroute(failing);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(cardTitles).toEqual(['Spring Offer Extended']);
    // The failures above were provoked; nothing else went wrong.
    expect(errors.filter((e) => !provoked(e) && !/status of 500/.test(e) && !/Failed to load landing pages/.test(e))).toEqual([]);
  });

  it('fits a 390 px phone: no sideways scrolling, the dialog usable, and passes axe-core', async () => {
    const phoneContext = await newContext(390);
    const phone = await phoneContext.newPage();
    await signIn(phone, server.baseUrl, server.email, server.password);
    await phone.goto(`${server.baseUrl}/crm/landing-pages`);
    await expect.poll(() => card('Spring Offer Extended', phone).isVisible()).toBe(true);
    const overflow = () =>
      phone.evaluate(() => {
        const main = document.querySelector('main')!;
        return { main: main.scrollWidth - main.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
      });
    expect(await overflow()).toEqual({ main: 0, page: 0 });
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'lp-admin-phone');

    await phone.getByRole('button', { name: 'Add Landing Page' }).click();
    const phoneDialog = phone.getByRole('dialog');
    await expect.poll(() => phoneDialog.isVisible()).toBe(true);
    await phoneDialog.getByLabel('Title').fill('Phone Page');
    await expect.poll(() => phoneDialog.getByText('Available').isVisible()).toBe(true);
    const box = (locator: Locator) => locator.boundingBox();
    const dialogBox = (await box(phoneDialog))!;
    expect(dialogBox.width).toBeLessThanOrEqual(390);
    const slugBox = (await box(phoneDialog.getByLabel('URL slug')))!;
    expect(slugBox.x + slugBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'lp-admin-phone-dialog');
    // Escape closes it, nothing is saved, and the keyboard is back on the button that opened it.
    await phone.keyboard.press('Escape');
    await expect.poll(() => phoneDialog.count()).toBe(0);
    await expect.poll(() => phone.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Add Landing Page');
    expect(await storedPages()).toHaveLength(1);
    await phoneContext.close();
  });
});

describe('previewing a page that is not live', () => {
  const draft = serializeContent([
    {
      ...createSection('hero'),
      components: [
        createComponent('heading', { text: 'Autumn retreat for coaches', level: 'h1', tailwindClasses: 'text-4xl font-bold' }),
        createComponent('paragraph', { text: 'Three days by the lake, twelve places.' }),
        createComponent('input', { type: 'email', label: 'Email', required: 'true' }),
        createComponent('button', { type: 'submit', text: 'Hold my place' }),
      ],
    },
  ]);

  it('opens the staff preview from the card: the page with its form and a notice, not Page Not Found; visitors still get Page Not Found', async () => {
    const [row] = await server.db.insert(landingPages).values({ title: 'Autumn Draft', slug: 'autumn-draft', content: draft, page_type: 'builder', is_active: false }).returning();
    const previewUrl = `${server.baseUrl}${LANDING_PAGE_PATHS.preview.path({ id: row!.id })}`;
    await page.reload();
    const link = card('Autumn Draft').getByRole('link', { name: 'Preview (not live) Autumn Draft (opens in a new tab)' });
    expect((await link.textContent())?.trim()).toBe(PAGE_PREVIEW_MESSAGES.notLiveLink);
    expect(await link.getAttribute('rel')).toContain('noopener');

    const [preview] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect.poll(() => preview.url()).toBe(previewUrl);
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).textContent()).toBe('Autumn retreat for coaches');
    expect(await preview.getByText('Three days by the lake, twelve places.').isVisible()).toBe(true);
    expect(await preview.getByLabel('Email').isVisible()).toBe(true);
    expect(await preview.getByRole('button', { name: 'Hold my place' }).isVisible()).toBe(true);
    expect(await preview.getByText(VIEWER_MESSAGES.notFound).count()).toBe(0);
    const notice = preview.getByRole('complementary', { name: 'Staff preview' });
    expect(await notice.textContent()).toBe(PAGE_PREVIEW_MESSAGES.notLive('/lp/autumn-draft'));
    // The notice sits above the page, not over it.
    const [noticeBox, headingBox] = [await notice.boundingBox(), await preview.getByRole('heading', { level: 1 }).boundingBox()];
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(headingBox!.y);
    expect(await preview.evaluate(() => window.opener)).toBeNull();
    expect(await seriousA11yViolations(preview)).toEqual([]);
    await screenshot(preview, 'lp-admin-preview-not-live');
    await preview.close();

    // A visitor, without a session: Page Not Found at /lp, and nothing of the page at the preview's address.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const published = await visitor.goto(`${server.baseUrl}/lp/autumn-draft`);
    expect(published?.status()).toBe(404);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(VIEWER_MESSAGES.notFoundTitle);
    const staffOnly = await visitor.goto(previewUrl);
    expect(staffOnly?.status()).toBe(401);
    expect(await visitor.content()).not.toContain('Autumn retreat');
    await visitorContext.close();
  });
});
