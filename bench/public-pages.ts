/**
 * The public site's weight and speed, on the built app (`npm run build`, which prerenders the
 * public pages and builds their islands):
 * 1. per public page on a first visit (Chromium, cold cache, 390 px): requests, bytes transferred, of
 *    which JavaScript (goal under 30 kB), and, in the page (PerformanceObserver, CPU slowed 4x as
 *    Lighthouse's mobile run does): long tasks, total blocking time, LCP and CLS;
 * 2. the JavaScript of a visit that uses every interaction of the page (the sign-up dialog opened,
 *    sent with errors, consent given, the embeds swapped in; goal under 60 kB);
 * 3. that no JavaScript a public page loads contains CRM, builder, React, zod or i18n code (checked
 *    module by module through the scripts' source maps);
 * 4. how long a newsletter link ending in #signup takes to show its sign-up dialog (goal under 500 ms);
 * 5. Lighthouse mobile performance for /, /learning-ecosystem-mastery and /learning-ecosystem-webinar
 *    (median of LIGHTHOUSE_RUNS runs, default 3; goal 98 or more).
 *
 *   npx tsx bench/public-pages.ts [web dir, default dist/web]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { findChromium } from '../tests/e2e/helpers/browser.ts';
import { CHROME_FLAGS, lighthouse } from './helpers/lighthouse.ts';

const WEB_DIR = path.resolve(process.argv[2] ?? 'dist/web');
const PAGES = [
  '/',
  '/learning-ecosystem-mastery',
  '/learning-ecosystem-webinar',
  '/webinar-danke',
  '/2025-09-23-e3webinar',
  '/impressum',
  '/cookie-policy',
  '/appointments',
  '/subscription-confirmed',
  '/this-page-does-not-exist',
];
const LIGHTHOUSE_PAGES = ['/', '/learning-ecosystem-mastery', '/learning-ecosystem-webinar'];
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Modules a public page must never load: the staff area and its app, the builder, and the libraries only the prerender needs. */
const FORBIDDEN_MODULES = [
  /src\/web\/features\/(?!site\/)[^/]+\//,
  /src\/web\/(app|lib)\//,
  /node_modules\/(@tanstack\/|sonner\/|@dnd-kit\/|react-hook-form\/|papaparse\/|react\/|react-dom\/|react-router\/|zod\/|i18next\/|react-i18next\/|radix-ui\/|@radix-ui\/)/,
];
const FIRST_VISIT_JS_GOAL = 30 * 1024;
const ALL_INTERACTIONS_JS_GOAL = 60 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  if (!fs.existsSync(path.join(WEB_DIR, 'prerendered'))) {
    throw new Error(`${WEB_DIR} has no prerendered pages: run \`npm run build\` (it prerenders the public site) first`);
  }
  const chromePath = findChromium();
  if (!chromePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');

  const database = await openPglite();
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), webDir: WEB_DIR };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  try {
    const scripts = await measureWeight(base, chromePath);
    checkNoStaffCode(scripts);
    await signupDialogTime(base, chromePath);
    if (!(await lighthouse(base, chromePath, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS, 98))) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

/** In the page from its start: long tasks (TBT counts each one's time over 50 ms), the last LCP candidate, and CLS. */
const PAGE_OBSERVERS = `(() => {
  const seen = { longTasks: 0, tbt: 0, lcp: 0, cls: 0 };
  window.__perf = seen;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { seen.longTasks++; seen.tbt += Math.max(0, e.duration - 50); } }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) seen.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
})()`;

interface Traffic {
  requests: number;
  total: number;
  js: number;
  html: number;
  scripts: Set<string>;
}

/** Counts what comes over the wire from our own server (third-party embeds are not ours to weigh), through the debugging protocol. */
async function watchTraffic(context: BrowserContext, page: Page, base: string): Promise<Traffic> {
  const traffic: Traffic = { requests: 0, total: 0, js: 0, html: 0, scripts: new Set() };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const requests = new Map<string, { url: string; type: string }>();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type }));
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (!request?.url.startsWith(base)) return;
    traffic.requests++;
    traffic.total += e.encodedDataLength;
    if (request.type === 'Script') {
      traffic.js += e.encodedDataLength;
      traffic.scripts.add(new URL(request.url).pathname);
    }
    if (request.type === 'Document') traffic.html += e.encodedDataLength;
  });
  return traffic;
}

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  // Nothing leaves this machine: the embeds (YouTube, Calendly) are answered empty.
  await context.route(/^https:\/\//, (route) => route.fulfill({ status: 204, body: '' }));
  const page = await context.newPage();
  await page.addInitScript(PAGE_OBSERVERS);
  return { context, page };
}

/** Loads each page in a fresh browser (cold cache, phone viewport, CPU slowed 4x), adds up what came over the wire and what the page observed. */
async function measureWeight(base: string, chromePath: string): Promise<Set<string>> {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: CHROME_FLAGS.slice(1) });
  const allScripts = new Set<string>();
  let heaviestJs = 0;
  console.log(`\nPublic page weight (first visit, cold cache, 390 px, CPU slowed 4x; as served: brotli where the browser accepts it)`);
  console.log(
    `  ${'page'.padEnd(30)} ${'requests'.padStart(8)} ${'transferred'.padStart(12)} ${'of which JS'.padStart(12)} ${'HTML'.padStart(9)} ${'long tasks'.padStart(10)} ${'TBT'.padStart(7)} ${'LCP'.padStart(7)} ${'CLS'.padStart(6)}`,
  );
  for (const pagePath of PAGES) {
    const { context, page } = await newVisitor(browser);
    const traffic = await watchTraffic(context, page, base);
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    const perf = (await page.evaluate('window.__perf')) as { longTasks: number; tbt: number; lcp: number; cls: number };
    traffic.scripts.forEach((script) => allScripts.add(script));
    heaviestJs = Math.max(heaviestJs, traffic.js);
    console.log(
      `  ${pagePath.padEnd(30)} ${String(traffic.requests).padStart(8)} ${kb(traffic.total).padStart(12)} ${kb(traffic.js).padStart(12)} ${kb(traffic.html).padStart(9)} ${String(perf.longTasks).padStart(10)} ${`${Math.round(perf.tbt)} ms`.padStart(7)} ${`${Math.round(perf.lcp)} ms`.padStart(7)} ${perf.cls.toFixed(3).padStart(6)}`,
    );
    await context.close();
  }
  const met = heaviestJs < FIRST_VISIT_JS_GOAL;
  console.log(`  JavaScript on a first visit: at most ${kb(heaviestJs)} (goal under ${kb(FIRST_VISIT_JS_GOAL)}): ${met ? 'met' : 'NOT met'}`);
  if (!met) process.exitCode = 1;
  await allInteractions(browser, base, allScripts);
  await browser.close();
  return allScripts;
}

/**
 * One visit per interactive page that uses everything it offers: the sign-up dialog opened and sent
 * empty (its checks), consent given (the embeds swap in, the pixel would start), the cookie policy's
 * "ask again". Adds up every script our server sent on the way.
 */
async function allInteractions(browser: Browser, base: string, allScripts: Set<string>) {
  console.log(`\nJavaScript with every interaction used (same visitor: 390 px, cold cache)`);
  let heaviest = 0;
  const accept = (page: Page) => page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept' }).click();
  const visits: Array<[string, (page: Page) => Promise<void>]> = [
    ['/learning-ecosystem-mastery', async (page) => {
      await accept(page);
      await page.getByRole('button', { name: 'Join the waiting list' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Join the waiting list' }).click();
      await page.getByRole('dialog').getByText('Full name is required').waitFor();
      await page.keyboard.press('Escape');
    }],
    ['/learning-ecosystem-webinar#signup', async (page) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Register for free' }).click();
      await page.getByRole('dialog').getByText('Full name is required').waitFor();
      await page.keyboard.press('Escape');
      await accept(page);
    }],
    ['/2025-09-23-e3webinar', accept],
    ['/cookie-policy', async (page) => {
      await accept(page);
      await page.getByRole('button', { name: 'Change cookie settings' }).click();
    }],
  ];
  for (const [pagePath, use] of visits) {
    const { context, page } = await newVisitor(browser);
    const traffic = await watchTraffic(context, page, base);
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    await use(page);
    await page.waitForLoadState('networkidle');
    traffic.scripts.forEach((script) => allScripts.add(script));
    heaviest = Math.max(heaviest, traffic.js);
    console.log(`  ${pagePath.padEnd(36)} ${String(traffic.scripts.size).padStart(2)} scripts ${kb(traffic.js).padStart(9)}`);
    await context.close();
  }
  const met = heaviest < ALL_INTERACTIONS_JS_GOAL;
  console.log(`  at most ${kb(heaviest)} (goal under ${kb(ALL_INTERACTIONS_JS_GOAL)}): ${met ? 'met' : 'NOT met'}`);
  if (!met) process.exitCode = 1;
}

const SIGNUP_LINK = '/learning-ecosystem-webinar#signup';
const SIGNUP_RUNS = 7;

/**
 * Navigation start to the first frame in which the sign-up dialog is visible, read in the page
 * (performance.now() counts from navigation start), cold cache each run.
 */
async function signupDialogTime(base: string, chromePath: string) {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: CHROME_FLAGS.slice(1) });
  const times: number[] = [];
  for (let run = 0; run < SIGNUP_RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
    await page.addInitScript(`(() => {
      const seen = () => {
        const dialog = document.querySelector('[role="dialog"]');
        if (dialog && dialog.getBoundingClientRect().height > 0) window.__shownAt = performance.now();
        else requestAnimationFrame(seen);
      };
      requestAnimationFrame(seen);
    })()`);
    await page.goto(`${base}${SIGNUP_LINK}`);
    await page.waitForFunction(() => '__shownAt' in window, undefined, { timeout: 30_000 });
    times.push(await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt));
    await context.close();
  }
  await browser.close();
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`\nSign-up dialog from a newsletter link (${SIGNUP_LINK}, 390 px, cold cache, ${SIGNUP_RUNS} runs; goal under 500 ms)`);
  console.log(`  median ${median.toFixed(0)} ms, fastest ${times[0]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms: goal ${median < 500 ? 'met' : 'NOT met'}`);
}

/** Every module inside every script the public pages loaded, read from the bundles' source maps. */
function checkNoStaffCode(scripts: Set<string>) {
  const offenders: string[] = [];
  let modules = 0;
  for (const script of scripts) {
    const mapFile = path.join(WEB_DIR, `${script}.map`);
    if (!fs.existsSync(mapFile)) throw new Error(`no source map for ${script}: cannot tell what it contains`);
    const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    modules += sources.length;
    for (const source of sources) if (FORBIDDEN_MODULES.some((re) => re.test(source))) offenders.push(`${script}: ${source}`);
  }
  console.log(`\nCRM, builder, React, zod and i18n code in the public pages' JavaScript`);
  console.log(`  ${scripts.size} scripts, ${modules} modules checked: ${offenders.length === 0 ? 'none (PASS)' : 'FOUND (FAIL)'}`);
  for (const offender of offenders) console.log(`    ${offender}`);
  if (offenders.length) process.exitCode = 1;
}

await main();
