/**
 * The contacts screen with 100,000 contacts, measured in Chromium as its owner uses it: how long
 * until the first rows show (a cold load of /crm/contacts, and from the dashboard inside the app),
 * how long a search takes to change the rows, and how smoothly the table scrolls through
 * thousands of loaded rows. Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/contacts-screen.ts
 *
 * The built app (dist/web) is served by the real server on a PGlite database in a temporary
 * directory, seeded by bench/seed-contacts.ts. Budget: the screen usable in under 1.5 s.
 *
 * BENCH_BASELINE_WEB=<another build's dist/web> also serves that build (same server code and
 * database) and alternates cold loads between the two, so a change is compared in one run on the
 * same machine state, e.g.: git worktree add /tmp/base <commit> && (cd /tmp/base && npm ci && npm run build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { upsertUser } from '../src/server/auth/users.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { CONSENT_STORAGE_KEY } from '../src/web/features/site/consent/consent-store.ts';
import { launchBrowser } from '../tests/e2e/helpers/browser.ts';
import { signIn } from '../tests/e2e/helpers/sign-in.ts';
import { seedContacts } from './seed-contacts.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BASELINE_WEB = process.env.BENCH_BASELINE_WEB;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password that is long enough';
const ROW = 'tbody tr[aria-rowindex]';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * Runs in the page before its scripts: records (performance.now(), so from the navigation's start)
 * every moment contact rows appear where there were none, and hides the cookie banner.
 */
async function prepare(context: BrowserContext) {
  await context.addInitScript(
    ({ consentKey, row }) => {
      localStorage.setItem(consentKey, 'declined');
      const shown: number[] = [];
      (window as unknown as { __rowsShown: number[] }).__rowsShown = shown;
      let present = false;
      new MutationObserver(() => {
        const now = document.querySelector(row) !== null;
        if (now && !present) shown.push(performance.now());
        present = now;
      }).observe(document, { childList: true, subtree: true });
    },
    { consentKey: CONSENT_STORAGE_KEY, row: ROW },
  );
}

const rowsShown = (page: Page) => page.evaluate(() => (window as unknown as { __rowsShown: number[] }).__rowsShown);

interface ColdLoad {
  firstRows: number;
  /** When the last script arrived, and when the first page of contacts was asked for and arrived (ms from navigation start). */
  scriptsDone: number;
  listAsked: number;
  listDone: number;
  count: string;
}

async function coldLoad(context: BrowserContext, baseUrl: string): Promise<ColdLoad> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/crm/contacts`);
  await page.waitForSelector(ROW);
  const [firstRows] = await rowsShown(page);
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = entries.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
    const list = entries.find((e) => /\/api\/contacts\?/.test(e.name));
    return { scriptsDone: Math.max(...scripts.map((e) => e.responseEnd)), listAsked: list?.startTime ?? NaN, listDone: list?.responseEnd ?? NaN };
  });
  const count = (await page.getByText(/^[\d,]+ contacts$/).textContent()) ?? '';
  await page.close();
  return { firstRows: firstRows!, ...timing, count };
}

async function inAppNavigation(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/crm`);
  await page.getByRole('group', { name: 'Total Contacts' }).getByText(/\d/).waitFor();
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await page.waitForSelector(ROW);
  return (await rowsShown(page)).at(-1)! - clickedAt;
}

/** From the last keystroke until the table shows the first match (includes the 250 ms pause for typing). */
async function search(page: Page, term: string): Promise<number> {
  const box = page.getByLabel('Search contacts');
  await box.fill('');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('search'));
  const firstEmail = () => page.locator(`${ROW} td:nth-child(2)`).first().textContent();
  const before = await firstEmail();
  await box.fill(term);
  const typedAt = await page.evaluate(() => performance.now());
  // No named functions in evaluated code: tsx would wrap them in a helper the page does not have.
  const changedAt = await page.evaluate(
    async ({ row, before }) => {
      for (;;) {
        const first = document.querySelector(`${row} td:nth-child(2)`)?.textContent;
        if (first && first !== before) return performance.now();
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    },
    { row: ROW, before },
  );
  return changedAt - typedAt;
}

/** Scrolls the table down `step` px per frame for `frames` frames; frame times and what the DOM holds. */
async function scroll(page: Page, frames: number, step: number) {
  return page.evaluate(
    async ({ frames, row, step }) => {
      const table = document.querySelector<HTMLElement>('[aria-label="Contacts table"]')!;
      const frameTimes: number[] = [];
      let last = performance.now();
      for (let n = 0; n < frames; n++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        frameTimes.push(now - last);
        last = now;
        table.scrollTop += step;
      }
      return {
        frameTimes,
        // Rows are 56 px high: how far down the list the scroll got.
        scrolledRows: Math.round(table.scrollTop / 56),
        domRows: table.querySelectorAll(row).length,
      };
    },
    { frames, row: ROW, step },
  );
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function printColdLoads(label: string, loads: ColdLoad[]) {
  const cold = loads.map((l) => l.firstRows);
  console.log(`  first rows, cold load of /crm/contacts${label} (from navigation start):  median ${ms(median(cold))}  (min ${ms(Math.min(...cold))}, max ${ms(Math.max(...cold))})`);
  console.log(
    `    of which (medians): last script arrived at ${ms(median(loads.map((l) => l.scriptsDone)))}, ` +
      `first page of contacts asked for at ${ms(median(loads.map((l) => l.listAsked)))} and arrived at ${ms(median(loads.map((l) => l.listDone)))}`,
  );
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-screen-bench-'));
  const database = await openPglite({ dataDir: dir });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir });
  const app = await buildApp({ config, database });
  const baselineApp = BASELINE_WEB ? await buildApp({ config: { ...config, webDir: path.resolve(BASELINE_WEB) }, database }) : undefined;
  const browser = await launchBrowser();
  try {
    console.log(`Seeding ${CONTACTS.toLocaleString('en-US')} contacts...`);
    const started = performance.now();
    await seedContacts(database.db, CONTACTS);
    await database.db.execute(sql`analyze`);
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await upsertUser(database.db, EMAIL, PASSWORD);
    const baseUrl = await listen(app);
    const baselineUrl = baselineApp ? await listen(baselineApp) : undefined;

    const signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await prepare(signedIn);
    const page = await signedIn.newPage();
    await signIn(page, baseUrl, EMAIL, PASSWORD);
    const storageState = await signedIn.storageState();

    // Each cold load in a new context: an empty HTTP cache, as on a first visit after signing in.
    // With a baseline, its loads alternate with ours, so both see the same machine.
    const loads: ColdLoad[] = [];
    const baselineLoads: ColdLoad[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const [url, into] of [[baseUrl, loads], ...(baselineUrl ? [[baselineUrl, baselineLoads] as const] : [])] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
        await prepare(context);
        into.push(await coldLoad(context, url));
        await context.close();
      }
    }

    const inApp: number[] = [];
    for (let i = 0; i < RUNS; i++) inApp.push(await inAppNavigation(page, baseUrl));

    const searches: number[] = [];
    for (const term of ['schmidt', 'anna', 'gmail', 'weber', 'julia', 'koch', 'thomas']) searches.push(await search(page, term));
    await page.getByLabel('Search contacts').fill('');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('search'));
    await page.waitForSelector(ROW);

    // A steady fast scroll (120 px a frame, some 7,000 px/s) and a flick (a screenful a frame).
    const scrolls = [];
    for (const [label, step, frames] of [['steady', 120, 300], ['flick', 800, 120]] as const) {
      const result = await scroll(page, frames, step);
      const times = result.frameTimes.slice(1).sort((a, b) => a - b);
      scrolls.push({ label, step, frames, ...result, median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, max: times.at(-1)! });
    }

    console.log(`\nContacts screen, ${loads[0]!.count} (Chromium ${browser.version()}, 1280×900, PGlite; ${RUNS} runs each)`);
    printColdLoads('', loads);
    if (baselineLoads.length > 0) printColdLoads(`, baseline build ${BASELINE_WEB}`, baselineLoads);
    console.log(`  first rows, from the dashboard's Contacts link (from the click): median ${ms(median(inApp))}  (min ${ms(Math.min(...inApp))}, max ${ms(Math.max(...inApp))})`);
    console.log(`  search → first match shown (incl. 250 ms typing pause):           median ${ms(median(searches))}  (max ${ms(Math.max(...searches))})`);
    for (const s of scrolls) {
      console.log(
        `  scroll, ${s.label} (${s.step} px a frame, ${s.frames} frames): scrolled through ${s.scrolledRows.toLocaleString('en-US')} rows, ${s.domRows} rows in the DOM; ` +
          `frame time median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`,
      );
    }
    await signedIn.close();
  } finally {
    await browser.close();
    await app.close();
    await baselineApp?.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
