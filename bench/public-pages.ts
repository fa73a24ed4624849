/**
 * The public site's weight and speed, on the built app (`npm run build`, which prerenders the
 * public pages):
 * 1. bytes transferred per public page on a first visit (Chromium, cold cache), and how many requests;
 * 2. that no JavaScript a public page loads contains CRM or builder code (checked module by module
 *    through the bundles' source maps);
 * 3. how long a newsletter link ending in #signup takes to show its sign-up dialog (goal under 500 ms);
 * 4. Lighthouse mobile performance for /, /learning-ecosystem-mastery and /learning-ecosystem-webinar
 *    (median of LIGHTHOUSE_RUNS runs, default 3; goal 95 or more).
 *
 *   npx tsx bench/public-pages.ts [web dir, default dist/web]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
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

/** Modules a public page must never load: the staff area, its data layer, the builder. */
const FORBIDDEN_MODULES = [
  /src\/web\/features\/(?!site\/|not-found\/)[^/]+\//,
  /src\/web\/app\/(providers|require-session)\.tsx/,
  /node_modules\/(@tanstack\/|sonner\/|@dnd-kit\/|react-hook-form\/|papaparse\/)/,
];

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
    if (!(await lighthouse(base, chromePath, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS, 95))) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Loads each page in a fresh browser (cold cache, phone viewport) and adds up what came over the wire. */
async function measureWeight(base: string, chromePath: string): Promise<Set<string>> {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: CHROME_FLAGS.slice(1) });
  const allScripts = new Set<string>();
  console.log(`\nPublic page weight (first visit, cold cache, 390 px; as served: brotli where the browser accepts it)`);
  console.log(`  ${'page'.padEnd(30)} ${'requests'.padStart(8)} ${'transferred'.padStart(12)} ${'of which JS'.padStart(12)} ${'HTML'.padStart(9)}`);
  for (const pagePath of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map<string, { url: string; type: string }>();
    let total = 0;
    let js = 0;
    let html = 0;
    cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type }));
    cdp.on('Network.loadingFinished', (e) => {
      const request = requests.get(e.requestId);
      total += e.encodedDataLength;
      if (request?.type === 'Script') {
        js += e.encodedDataLength;
        allScripts.add(new URL(request.url).pathname);
      }
      if (request?.type === 'Document') html += e.encodedDataLength;
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    console.log(`  ${pagePath.padEnd(30)} ${String(requests.size).padStart(8)} ${kb(total).padStart(12)} ${kb(js).padStart(12)} ${kb(html).padStart(9)}`);
    await context.close();
  }
  await browser.close();
  return allScripts;
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
    if (!fs.existsSync(mapFile)) {
      // Two files have no source map: the prerender's one-line starter, which may only import the
      // app's entry, and the bundler's own module runtime.
      const code = fs.readFileSync(path.join(WEB_DIR, script), 'utf8');
      if (/^\/assets\/start-[0-9a-f]{8}\.js$/.test(script) && /import\("\/assets\/index-[\w-]+\.js"\)/.test(code)) continue;
      if (/^\/assets\/rolldown-runtime-[\w-]+\.js$/.test(script) && code.length < 4096) continue;
      throw new Error(`no source map for ${script}: cannot tell what it contains`);
    }
    const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    modules += sources.length;
    for (const source of sources) if (FORBIDDEN_MODULES.some((re) => re.test(source))) offenders.push(`${script}: ${source}`);
  }
  console.log(`\nCRM and builder code in the public pages' JavaScript`);
  console.log(`  ${scripts.size} scripts, ${modules} modules checked: ${offenders.length === 0 ? 'none (PASS)' : 'FOUND (FAIL)'}`);
  for (const offender of offenders) console.log(`    ${offender}`);
  if (offenders.length) process.exitCode = 1;
}

await main();
