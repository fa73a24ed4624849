import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { FETCH_MESSAGES } from '../../src/shared/landing-pages/converter/api.ts';
import { convertHtml } from '../../src/shared/landing-pages/converter/convert-html.ts';
import { CONVERTER_CUTS, CONVERTER_MESSAGES, HTML_READ_LIMITS } from '../../src/shared/landing-pages/converter/messages.ts';
import { HOSTILE_SHAPES } from '../../src/shared/landing-pages/converter/testing/hostile-markup.ts';
import { parseContent } from '../../src/shared/landing-pages/parse-content.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { readDownload, screenshot } from './helpers/browser.ts';
import { signIn } from './helpers/sign-in.ts';
import { consentedContext, staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * The HTML to JSON converter as its user meets it: paste a page, convert, read the summary and the
 * JSON, download it, save it as a new page; upload a file; the error texts; a URL refused by the
 * server's guard (the only address typed is the test server's own, which the guard refuses).
 */

const CORPUS = path.resolve('tests/fixtures/landing-pages');
const tailwindPage = fs.readFileSync(path.join(CORPUS, 'tailwind-saas.html'), 'utf8');

let server: StaffSession['server'];
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let downloaded = '';
let createdSlug = '';
let createdId = '';

const staff = staffSession({ acceptDownloads: true });
beforeAll(async () => {
  ({ server, browser, context, page, errors } = staff);
  await page.goto(`${server.baseUrl}/crm/landing-pages/convert`);
  await page.getByRole('heading', { level: 1, name: 'HTML to JSON Converter' }).waitFor();
});

const newContext = (width: number) => consentedContext(browser, width, { acceptDownloads: true });

const convertButton = () => page.getByRole('button', { name: 'Convert', exact: true });
const mode = (name: string) => page.getByRole('group', { name: 'Source' }).getByRole('button', { name });
const errorBox = () => page.getByRole('alert').filter({ hasText: CONVERTER_MESSAGES.errorHeading });
const results = () => page.getByRole('region', { name: 'Results' });
const summaryRows = () => page.getByRole('region', { name: 'Converted components' }).locator('tbody tr');

async function expectError(...lines: string[]) {
  await expect.poll(() => errorBox().count(), { message: 'the Conversion Error box' }).toBe(1);
  expect(await errorBox().getByRole('heading').textContent()).toBe('Conversion Error');
  const text = await errorBox().innerText();
  for (const line of lines) expect(text).toContain(line);
}

async function expectNoSeriousA11yViolations() {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The browser logs every 4xx response; the 422 of the refused address is provoked on purpose. */
const provoked = (error: string) => /status of 422/.test(error);

describe('the HTML to JSON converter', () => {
  it('offers paste, upload and URL, with Convert disabled while the input is blank', async () => {
    expect(await mode('Paste HTML').getAttribute('aria-pressed')).toBe('true');
    expect(await convertButton().isDisabled()).toBe(true);
    await page.getByLabel('HTML', { exact: true }).fill('   \n  ');
    expect(await convertButton().isDisabled()).toBe(true);
    await mode('Upload file').click();
    expect(await convertButton().isDisabled()).toBe(true);
    await mode('From URL').click();
    expect(await convertButton().isDisabled()).toBe(true);
    await mode('Paste HTML').click();
    await expectNoSeriousA11yViolations();
    await screenshot(page, 'converter-empty');
  });

  it('converts pasted HTML and shows the summary and the JSON', async () => {
    const expected = convertHtml(tailwindPage);
    if (!expected.ok) throw new Error(expected.message);
    await page.getByLabel('HTML', { exact: true }).fill(tailwindPage);
    await convertButton().click();
    await expect
      .poll(() => results().getByRole('status').textContent())
      .toContain(`Successfully converted ${expected.sections.length} sections`);

    // The summary: type, id, text, classes and children of each section and component.
    const heading = summaryRows().filter({ hasText: 'Analytics your whole team actually understands' });
    expect(await heading.count()).toBe(1);
    const cells = await heading.locator('td').allInnerTexts();
    expect(cells[0]).toBe('heading');
    expect(cells[1]).toMatch(/^heading-\d{13}-[a-z2-7]{8}$/);
    expect(cells[3]).toBe('text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl');
    expect(cells[4]).toBe('0');
    const firstSection = await summaryRows().first().locator('td').allInnerTexts();
    expect(firstSection[0]).toBe('section');
    expect(Number(firstSection[4])).toBe(expected.sections[0]!.components.length);

    const preview = await page.getByLabel('JSON preview').textContent();
    expect(preview).toContain('"type": "heading"');
    expect(preview).toContain('"text": "Analytics your whole team actually understands"');
    await expectNoSeriousA11yViolations();
    await results().scrollIntoViewIfNeeded();
    await screenshot(page, 'converter-results');
    await page.getByLabel('JSON preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'converter-json');
  });

  it('downloads the conversion as converted-landing-page.json', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('converted-landing-page.json');
    downloaded = await readDownload(download);
    const parsed = parseContent(downloaded);
    expect(parsed.ok && parsed.source).toBe('stored');
    expect(downloaded).toContain('Analytics your whole team actually understands');
  });

  it('creates an inactive builder page with the slug converted-{timestamp}', async () => {
    const before = Date.now();
    await page.getByRole('button', { name: 'Create landing page' }).click();
    await expect.poll(() => page.getByText('inactive until you activate it').count()).toBe(1);
    await page.getByText('inactive until you activate it').scrollIntoViewIfNeeded();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Landing page created' });
    expect(await toast.count()).toBe(1);

    const rows = await server.db.select().from(landingPages);
    expect(rows).toHaveLength(1);
    const [created] = rows;
    expect(created).toMatchObject({ page_type: 'builder', is_active: false, title: 'Pulseboard – Analytics your whole team understands' });
    expect(created!.slug).toMatch(/^converted-\d{13}$/);
    expect(Number(created!.slug.slice('converted-'.length))).toBeGreaterThanOrEqual(before);
    // The saved content is the JSON the page showed and downloaded.
    expect(created!.content).toBe(downloaded);
    createdSlug = created!.slug;
    createdId = created!.id;
    await screenshot(page, 'converter-created');
  });

  it('renders the created page at /lp, once activated, with its headings, links and images', async () => {
    const activated = await page.request.patch(`${server.baseUrl}/api/landing-pages/${createdId}`, { data: { is_active: true }, headers: { origin: server.baseUrl } });
    expect(activated.status()).toBe(200);
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/lp/${createdSlug}`);
    expect(await visitor.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Analytics your whole team actually understands']);
    expect(await visitor.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).count()).toBe(1);
    expect(await visitor.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('https://app.pulseboard.io/signup');
    expect(await visitor.getByRole('link', { name: 'getting started guide' }).getAttribute('href')).toBe('/docs/getting-started');
    expect(await visitor.locator('img[alt="Transistor"]').getAttribute('src')).toBe('https://cdn.pulseboard.io/logos/transistor-logo-gray-900.svg');
    expect(await visitor.locator('#pricing').count()).toBe(1);
    await screenshot(visitor, 'converter-lp');
    await visitor.close();
  });

  it('converts an uploaded .htm file', async () => {
    await mode('Upload file').click();
    const german = fs.readFileSync(path.join(CORPUS, 'german-praxis.html'));
    await page.getByLabel('HTML file').setInputFiles({ name: 'praxis.htm', mimeType: 'text/html', buffer: german });
    await expect.poll(() => page.getByText('praxis.htm').count()).toBe(1);
    await convertButton().click();
    await expect.poll(() => summaryRows().filter({ hasText: 'Essen, das Ihnen gut tut' }).count()).toBe(1);
    await results().scrollIntoViewIfNeeded();
    expect(await page.getByLabel('JSON preview').textContent()).toContain('Ernährungsberatung in München-Schwabing');
    // A new conversion is not yet a page: the created notice has gone.
    expect(await page.getByText('inactive until you activate it').count()).toBe(0);
    await screenshot(page, 'converter-upload');
  });

  it('says what is wrong under Conversion Error: a file that is not HTML, an empty file', async () => {
    await page.getByLabel('HTML file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('<p>hi</p>') });
    await expectError(CONVERTER_MESSAGES.fileType);
    expect(await convertButton().isDisabled()).toBe(true);

    await page.getByLabel('HTML file').setInputFiles({ name: 'empty.html', mimeType: 'text/html', buffer: Buffer.from('  \n') });
    await expect.poll(() => convertButton().isDisabled()).toBe(false);
    await convertButton().click();
    await expectError('Please enter HTML content');
    expect(await results().count()).toBe(0);
    await expectNoSeriousA11yViolations();
    await screenshot(page, 'converter-empty-input');
  });

  it('fetches from a URL through the server, which refuses a local address', async () => {
    await mode('From URL').click();
    await page.getByLabel('Page address').fill(`${server.baseUrl}/`);
    await convertButton().click();
    await expectError(CONVERTER_MESSAGES.fetchUrl, FETCH_MESSAGES.privateAddress);
    await page.getByLabel('Page address').fill('ftp://example.com/page');
    await convertButton().click();
    await expectError(CONVERTER_MESSAGES.invalidUrl);
    await screenshot(page, 'converter-url-refused');
  });

  it('clears the input, the results and the error', async () => {
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.getByLabel('Page address').inputValue()).toBe('');
    expect(await errorBox().count()).toBe(0);
    expect(await convertButton().isDisabled()).toBe(true);
    await mode('Paste HTML').click();
    expect(await page.getByLabel('HTML', { exact: true }).inputValue()).toBe('');
  });

  it('converts a megabyte of hostile markup within its limits and says, apart from the notes, what it cut', async () => {
    const html = `<section><h1>Imported page</h1><p>Intro</p></section>${'<div>'.repeat(HTML_READ_LIMITS.depth + 50)}<p>Deep text</p>${'</div>'.repeat(HTML_READ_LIMITS.depth + 50)}${HOSTILE_SHAPES['unclosed <p>'](1024 * 1024)}`;
    await page.getByLabel('HTML', { exact: true }).fill(html);
    const started = Date.now();
    await convertButton().click();
    const cuts = results().getByRole('region', { name: CONVERTER_MESSAGES.notAllConverted });
    await cuts.waitFor({ timeout: 60_000 });
    // Printed for the record, not asserted: the machine is shared.
    console.log(`converter e2e: ${(html.length / 1024 / 1024).toFixed(1)} MB of hostile markup converted and shown in ${Date.now() - started} ms`);
    expect(await cuts.getByRole('listitem').allInnerTexts()).toEqual([CONVERTER_CUTS.stopped, CONVERTER_CUTS.flattened]);
    expect(await results().getByRole('status').textContent()).toContain(CONVERTER_MESSAGES.notAllConverted);
    expect(await summaryRows().filter({ hasText: 'Deep text' }).count()).toBe(1);
    // It converted in the converter's worker, which the page keeps for the next conversion: the tab stayed responsive.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([expect.stringMatching(/^\/assets\/conversion-worker-[\w-]+\.js$/)]);
    await expectNoSeriousA11yViolations();
    await results().scrollIntoViewIfNeeded();
    await screenshot(page, 'converter-hostile-cuts');
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  it('works on a phone', async () => {
    const phone = await newContext(390);
    const small = await phone.newPage();
    await signIn(small, server.baseUrl, server.email, server.password);
    await small.goto(`${server.baseUrl}/crm/landing-pages/convert`);
    await small.getByLabel('HTML', { exact: true }).fill('<section class="py-8"><h1>Hello phone</h1><p>Short page</p></section>');
    await small.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => small.getByRole('region', { name: 'Converted components' }).locator('tbody tr').count()).toBe(3);
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'converter-phone');
    await phone.close();
  });

  it('names the chosen file once: the file input draws no name of its own, in normal and in forced colours', async () => {
    for (const forcedColors of ['none', 'active'] as const) {
      const desk = await newContext(1280);
      const other = await desk.newPage();
      await other.emulateMedia({ forcedColors });
      await signIn(other, server.baseUrl, server.email, server.password);
      await other.goto(`${server.baseUrl}/crm/landing-pages/convert`);
      await other.getByRole('group', { name: 'Source' }).getByRole('button', { name: 'Upload file' }).click();
      const input = other.getByLabel('HTML file');
      // The line that names the file, and around it the chooser.
      const hintId = await other.getByText('Choose or drop an .html or .htm file.').getAttribute('id');
      const hint = other.locator(`[id="${hintId}"]`);
      // What the chooser draws, that line masked: choosing a file may change only that line.
      const drawn = () => hint.locator('..').screenshot({ mask: [hint], animations: 'disabled', caret: 'hide' });
      const before = await drawn();
      await input.setInputFiles({ name: 'praxis-twice.htm', mimeType: 'text/html', buffer: Buffer.from('<h1>Hi</h1>') });
      await expect.poll(() => other.getByText('praxis-twice.htm').count()).toBe(1);
      await screenshot(other, `converter-file-chosen-${forcedColors}-colours`);
      expect(Buffer.compare(await drawn(), before), `the chooser drew more than its named line changing (forced colours ${forcedColors})`).toBe(0);
      // A click on the button the user sees opens the file chooser; so does the keyboard, which reaches it.
      const chooser = other.waitForEvent('filechooser');
      await other.getByText('Choose file', { exact: true }).click();
      expect((await chooser).isMultiple()).toBe(false);
      await other.getByRole('group', { name: 'Source' }).getByRole('button', { name: 'From URL' }).focus();
      await other.keyboard.press('Tab');
      expect(await other.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
      // …and the button the user sees shows the focus ring.
      expect(await other.getByText('Choose file', { exact: true }).evaluate((button) => getComputedStyle(button).outlineStyle)).toBe('solid');
      expect(await seriousA11yViolations(other)).toEqual([]);
      await desk.close();
    }
  });

  it('ran without page errors (other than the refusal it provoked)', () => {
    expect(errors.filter((e) => !provoked(e))).toEqual([]);
  });
});
