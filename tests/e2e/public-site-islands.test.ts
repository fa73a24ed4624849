import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { openTestDatabase } from '../helpers/test-db.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';

/**
 * The public site as islands (`npm run build`): every page is server HTML that works without
 * JavaScript, links only the small scripts its interactive parts need (never the staff app), passes
 * axe-core in both languages, and keeps the cookie banner off its content without moving it.
 */

const PAGES = [
  { path: '/', h1: { en: 'Turn what you learn into knowledge', de: 'Mach aus dem, was du lernst, Wissen' }, islands: ['site'] },
  { path: '/learning-ecosystem-mastery', h1: { en: 'Learning Ecosystem Mastery:', de: 'Learning Ecosystem Mastery:' }, islands: ['site', 'signup'] },
  {
    path: '/learning-ecosystem-webinar',
    h1: { en: 'Your learning ecosystem with AI', de: 'Dein Lern-Ökosystem mit KI' },
    islands: ['site', 'signup', 'webinar-content'],
  },
  { path: '/webinar-danke', h1: { en: 'Your seat is saved', de: 'Dein Platz ist gesichert' }, islands: ['site'] },
  { path: '/2025-09-23-e3webinar', h1: { en: 'The Learning Ecosystem webinar replay', de: 'Die Aufzeichnung des Learning-Ecosystem-Webinars' }, islands: ['site'] },
  { path: '/impressum', h1: { en: 'Legal notice (Impressum)', de: 'Impressum' }, islands: ['site'] },
  { path: '/cookie-policy', h1: { en: 'Cookie policy', de: 'Cookie-Richtlinie' }, islands: ['site'] },
  { path: '/appointments', h1: { en: "Let's talk", de: 'Lass uns sprechen' }, islands: ['site'] },
  { path: '/subscription-confirmed', h1: { en: 'Welcome aboard', de: 'Willkommen an Bord' }, islands: ['site'] },
  { path: '/no/such/page', h1: { en: 'Oops! Page not found', de: 'Hoppla! Seite nicht gefunden' }, islands: ['site'] },
] as const;

let server: { baseUrl: string; close(): Promise<void> };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.test-artifacts/e2e-data', PUBLIC_RATE_LIMIT_PER_MINUTE: '200' }),
    webDir: path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web'),
  };
  const database: Database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  server = {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

async function visitor(options: { language?: 'en' | 'de'; width?: number; height?: number; javaScript?: boolean; consent?: 'declined' } = {}) {
  const { language = 'en', width = 1280, height = 900, javaScript = true } = options;
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-US',
    viewport: { width, height },
    javaScriptEnabled: javaScript,
  });
  contexts.push(context);
  if (options.consent) await context.addInitScript(`localStorage.setItem('mycrm.cookie-consent', '${options.consent}')`);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();

describe('without JavaScript', () => {
  it('every page shows its content in the browser\'s language, and the language links switch it', async () => {
    const { page, context } = await visitor({ language: 'de', width: 390, javaScript: false });
    for (const { path: pagePath, h1: title } of PAGES) {
      await page.goto(`${server.baseUrl}${pagePath}`);
      expect(await h1(page), pagePath).toContain(title.de.replace(':', ''));
    }
    await page.goto(`${server.baseUrl}/learning-ecosystem-mastery?utm_source=nojs`);
    // No script ran: no banner to answer, no dialog open.
    expect(await page.getByRole('region', { name: 'Deine Privatsphäre' }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('group', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click();
    await expect.poll(() => h1(page)).toContain('Learning Ecosystem Mastery');
    // Back on the same page (a plain link cannot keep its other parameters), the choice stored for the next pages.
    expect(page.url()).toBe(`${server.baseUrl}/learning-ecosystem-mastery`);
    expect((await context.cookies()).map((c) => [c.name, c.value])).toEqual([['mycrm_language', 'en']]);
    await page.getByRole('link', { name: 'Legal notice' }).first().click();
    await expect.poll(() => h1(page)).toBe('Legal notice (Impressum)');
    await screenshot(page, 'public-no-javascript-impressum-390');
  });
});

describe('the islands', () => {
  it('each page links only the islands its parts need, never the staff app', async () => {
    for (const { path: pagePath, islands } of PAGES) {
      const html = await (await fetch(`${server.baseUrl}${pagePath}`)).text();
      const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts.map((src) => /^\/assets\/islands\/([a-z-]+)-[\w]+\.js$/.exec(src)?.[1]), pagePath).toEqual(islands);
      expect(html, pagePath).not.toContain('modulepreload');
    }
  });

  it('run without a console error on any page in either language, with the banner pending', async () => {
    for (const language of ['en', 'de'] as const) {
      const { page, errors } = await visitor({ language });
      const failed: string[] = [];
      page.on('response', (response) => response.request().resourceType() !== 'document' && response.status() >= 400 && failed.push(response.url()));
      for (const { path: pagePath } of PAGES) {
        await page.goto(`${server.baseUrl}${pagePath}`);
        await page.waitForLoadState('networkidle');
      }
      expect(failed).toEqual([]);
      // The one expected report: the 404 page's own status.
      expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    }
  });

  it('keep the address\'s parameters on the language links', async () => {
    const { page } = await visitor({ consent: 'declined' });
    await page.goto(`${server.baseUrl}/appointments?utm_source=newsletter`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('group', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await expect.poll(() => h1(page)).toContain('Lass uns sprechen');
    expect(page.url()).toBe(`${server.baseUrl}/appointments?utm_source=newsletter`);
  });
});

describe('accessibility (axe-core)', () => {
  it('no serious or critical violation on any page in either language, banner shown', async () => {
    for (const language of ['en', 'de'] as const) {
      const { page } = await visitor({ language, width: 390 });
      for (const { path: pagePath } of PAGES) {
        await page.goto(`${server.baseUrl}${pagePath}`);
        await page.waitForLoadState('networkidle');
        expect(await seriousA11yViolations(page), `${pagePath} (${language})`).toEqual([]);
      }
    }
  });

  it('none in the sign-up dialogs, their errors and the waiting-list confirmation', async () => {
    const { page } = await visitor({ consent: 'declined' });
    await page.goto(`${server.baseUrl}/learning-ecosystem-mastery`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Join the waiting list' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Join the waiting list' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect.poll(() => dialog.getByText('Full name is required').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Full name').fill('Axe Tester');
    await dialog.getByLabel('Email').fill('axe.tester@example.com');
    await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect.poll(() => page.getByRole('heading', { name: "You're on the waiting list!" }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.baseUrl}/learning-ecosystem-webinar#signup`);
    await expect.poll(() => page.getByRole('dialog', { name: 'Register for the webinar' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

/**
 * The page's layout shifts so far (CLS as the browser reports it, without the time windows), and what
 * moved: each shifted element and its rectangles, so a failure says where to look.
 */
const layoutShift = (page: Page) =>
  page.evaluate(
    `new Promise((resolve) => {
      const sum = (entries) => ({
        value: entries.reduce((total, e) => total + (e.hadRecentInput ? 0 : e.value), 0),
        moved: entries.flatMap((e) => e.sources.map((s) => (s.node ? s.node.nodeName + '.' + String(s.node.className || '').slice(0, 60) : '?') + ' ' + JSON.stringify(s.previousRect) + ' -> ' + JSON.stringify(s.currentRect))),
      });
      new PerformanceObserver((list, observer) => { observer.disconnect(); resolve(sum(list.getEntries())); }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(sum([])), 200);
    })`,
  ) as Promise<{ value: number; moved: string[] }>;

describe('the cookie banner', () => {
  it('keeps its height free below the page at 375 px: the page ends above it, and nothing shifts', async () => {
    for (const pagePath of ['/learning-ecosystem-mastery', '/cookie-policy', '/appointments']) {
      const { page, context } = await visitor({ width: 375, height: 667 });
      // A phone's slower CPU: frames are then painted while the parser is still inside the banner,
      // which is what CI's busy machine hit now and then (the banner grew upward: CLS 0.11).
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.baseUrl}${pagePath}`);
      const banner = page.getByRole('region', { name: 'Your privacy' });
      await expect.poll(() => banner.isVisible()).toBe(true);
      await page.waitForLoadState('networkidle');
      // Showing the banner and keeping its space moved nothing on the way in.
      const shift = await layoutShift(page);
      expect(shift.value, `${pagePath}: ${shift.moved.join('; ')}`).toBeLessThan(0.01);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // The last link of the footer, scrolled as far as it goes, sits above the banner.
      const lastLink = page.locator('footer a').last();
      await expect
        .poll(async () => ((await lastLink.boundingBox())!.y + (await lastLink.boundingBox())!.height) <= (await banner.boundingBox())!.y)
        .toBe(true);
      await screenshot(page, `public-banner-bottom-375${pagePath.replace(/\//g, '-')}`);
    }
  });

  it('leaves the staff sign-in button uncovered at 375 px: sign-in is a staff screen, so no banner shows there', async () => {
    for (const height of [812, 667]) {
      const { page } = await visitor({ width: 375, height });
      await page.goto(`${server.baseUrl}/login`);
      const signIn = page.getByRole('button', { name: 'Sign in' });
      await expect.poll(() => signIn.isVisible()).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('region', { name: 'Your privacy' }).count()).toBe(0);
      await signIn.scrollIntoViewIfNeeded();
      await screenshot(page, `login-375x${height}`);
      // The button is what a tap at its centre reaches.
      const box = (await signIn.boundingBox())!;
      expect(
        await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent, [box.x + box.width / 2, box.y + box.height / 2]),
        `375×${height}`,
      ).toBe('Sign in');
    }
  });

  it('leaves the sign-up dialog\'s button uncovered at 375 px', async () => {
    const { page } = await visitor({ width: 375, height: 667 });
    await page.goto(`${server.baseUrl}/learning-ecosystem-mastery`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Join the waiting list' }).first().click();
    const submit = page.getByRole('dialog').getByRole('button', { name: 'Join the waiting list' });
    await expect.poll(() => submit.isVisible()).toBe(true);
    // The modal sits above everything else: the button is what a tap at its centre reaches.
    const box = (await submit.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe(
      'Join the waiting list',
    );
  });
});
