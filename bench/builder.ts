/**
 * The builder with a large page, measured in headless Chromium as its owner uses it: how long the
 * editor takes to open a page of N components (sections, grids with cells, nested containers), and
 * the time from an input to the next painted frame for typing into a text prop, adding, duplicating,
 * deleting, moving (buttons, and drag and drop: a pointer move during a drag, the drop), undoing and
 * redoing (goal: p95 under 50 ms, typing under 16 ms). A key shows in the property editor's field first and on
 * the canvas in the frame after (src/web/features/builder/use-drawn-doc.ts): both are printed, and
 * first the floor: the same keys typed into a bare text box on an empty page.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/builder.ts            (BENCH_COMPONENTS=1000,100 by default: one run per size)
 *
 * A deletion asks first (the browser's confirm dialog): its figure counts from the OK, the moment the
 * person's input ends, to the painted frame; from the click it also includes the dialog's round trip
 * through the automation, printed next to it.
 *
 * Beside each latency, the work it cost the page's main thread (Chromium's own counters: task time,
 * and how many style recalculations and layouts ran), read around the action until two frames after
 * it. Latency on a shared machine moves by a third between identical runs; the work moves little and
 * the counts not at all, so a change is judged on them.
 *
 * BENCH_BASELINE_WEB=<another build's dist/web> also serves that build (same server code and
 * database), in a browser of its own, and the two builds take turns sample by sample (a burst of
 * keys when typing), BENCH_RUNS pages of each (4 by default then), so both meet the machine in the
 * same state; each figure is printed for both, e.g.:
 * git worktree add /tmp/base <commit> && (cd /tmp/base && npm ci && npm run build).
 * BENCH_BASELINE_WEB=dist/web compares the build with itself: the spread that shows is noise. (Whole
 * runs taking turns read a build 15 % slower on drops than a copy of itself, for going first twice
 * in three runs, and one figure moved by 50 points between runs: 2026-11-27.)
 * BENCH_WEB=<a dist/web> serves that build as "this build" instead of dist/web (e.g. a copy, so a
 * rebuild meanwhile cannot change it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { upsertUser } from '../src/server/auth/users.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { landingPages } from '../src/server/db/schema.ts';
import { createComponent, createSection } from '../src/shared/landing-pages/create.ts';
import { serializeContent } from '../src/shared/landing-pages/parse-content.ts';
import type { ComponentNode, SectionNode } from '../src/shared/landing-pages/types.ts';
import { CONSENT_STORAGE_KEY } from '../src/web/features/site/consent/consent-store.ts';
import { launchBrowser } from '../tests/e2e/helpers/browser.ts';
import { signIn } from '../tests/e2e/helpers/sign-in.ts';
import { Turns } from './helpers/turns.ts';

const SIZES = (process.env.BENCH_COMPONENTS ?? '1000,100').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const BASELINE_WEB = process.env.BENCH_BASELINE_WEB;
const RUNS = Number(process.env.BENCH_RUNS ?? (BASELINE_WEB ? 4 : 1));
const KEY_INTERVAL_MS = 100;
/** Keys typed in one turn when two builds take turns: a burst, so keys back to back still queue behind each other. */
const TYPING_BURST = 5;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password that is long enough';

/** One section of 100 components: 30 paragraphs, 5 containers of 6 paragraphs, a grid of 2 cells of 16 paragraphs. */
function bigSection(index: number): SectionNode {
  const paragraph = (text: string): ComponentNode => createComponent('paragraph', { text });
  const containers = Array.from({ length: 5 }, (_, c) => ({
    ...createComponent('container'),
    components: Array.from({ length: 6 }, (_, p) => paragraph(`Section ${index} container ${c} paragraph ${p}`)),
  }));
  const grid = createComponent('grid');
  const cells = grid.components!.map((cell, c) => ({ ...cell, components: Array.from({ length: 16 }, (_, p) => paragraph(`Section ${index} cell ${c} paragraph ${p}`)) }));
  const components = [...Array.from({ length: 30 }, (_, p) => paragraph(`Section ${index} paragraph ${p}`)), ...containers, { ...grid, components: cells }];
  return { ...createSection(), components };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const median = (values: number[]) => percentile(values, 50);
const figure = (values: number[]) => `median ${median(values).toFixed(1)} ms   p95 ${percentile(values, 95).toFixed(1)} ms`;
const report = (name: string, values: number[]) => console.log(`${name.padEnd(28)} ${figure(values)}   (${values.length} samples)`);

/** The main thread's work for one action: task time (ms) and its script, style and layout parts, style recalculations, layouts. */
interface Work {
  task: number;
  script: number;
  style: number;
  layout: number;
  styles: number;
  layouts: number;
}
const workFigure = (work: Work[]) => {
  const ms = (key: 'task' | 'script' | 'style' | 'layout') => median(work.map((w) => w[key])).toFixed(1);
  return `work ${ms('task')} ms (script ${ms('script')}, style ${ms('style')}, layout ${ms('layout')}), ${median(work.map((w) => w.styles))} styles, ${median(work.map((w) => w.layouts))} layouts`;
};

/** Each measured action's samples, in the order measured; runs of one build add to the same lists. */
type Figures = Map<string, { latency: number[]; work: Work[] }>;
function record(figures: Figures, name: string, latency: number[], work: Work[] = []) {
  const entry = figures.get(name) ?? { latency: [], work: [] };
  figures.set(name, { latency: [...entry.latency, ...latency], work: [...entry.work, ...work] });
}

const change = (ours: number, base: number) => {
  const percent = Math.round((ours / base - 1) * 100);
  return Number.isFinite(percent) ? `${percent > 0 ? '+' : ''}${percent} %` : '?';
};

/** This build's figures beside the baseline's, and how much the medians moved. */
function compare(ours: Figures, baseline: Figures) {
  for (const [name, { latency, work }] of ours) {
    const base = baseline.get(name) ?? { latency: [], work: [] };
    console.log(`${name.padEnd(28)} ${figure(latency)}   baseline ${figure(base.latency)}   (median ${change(median(latency), median(base.latency))}, ${latency.length} samples each)`);
    if (work.length && base.work.length) {
      const task = change(median(work.map((w) => w.task)), median(base.work.map((w) => w.task)));
      console.log(`${''.padEnd(28)} ${workFigure(work)}   baseline ${workFigure(base.work)}   (task time ${task})`);
    }
  }
}

/** Reads the page's main-thread counters around actions (Chromium's Performance domain). */
async function workMeter(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async (): Promise<Work> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return {
      task: value('TaskDuration') * 1000,
      script: value('ScriptDuration') * 1000,
      style: value('RecalcStyleDuration') * 1000,
      layout: value('LayoutDuration') * 1000,
      styles: value('RecalcStyleCount'),
      layouts: value('LayoutCount'),
    };
  };
  /** The work from now until two frames after `act` ends (what a change draws lands in those). */
  return async <T>(act: () => Promise<T>): Promise<{ result: T; work: Work }> => {
    const before = await read();
    const result = await act();
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    const after = await read();
    const work = Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - before[key as keyof Work]])) as unknown as Work;
    return { result, work };
  };
}

/**
 * The time from the next `type` event to the frame painted after it: armed in the page before acting.
 * `key`: a keydown's key, for a shortcut, whose modifier comes down first in an event of its own.
 */
async function measure(page: Page, type: string, act: () => Promise<void>, key?: string): Promise<number> {
  await page.evaluate(
    ([eventType, eventKey]) => {
      const slot = window as unknown as { __measured?: Promise<number> };
      slot.__measured = new Promise<number>((resolve) => {
        const heard = new AbortController();
        window.addEventListener(
          eventType,
          (event) => {
            if (eventKey !== undefined && (event as KeyboardEvent).key.toLowerCase() !== eventKey) return;
            heard.abort();
            const start = event.timeStamp;
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          },
          { capture: true, signal: heard.signal },
        );
      });
    },
    [type, key] as const,
  );
  await act();
  return page.evaluate(() => (window as unknown as { __measured: Promise<number> }).__measured);
}

/**
 * For an action that asks first (window.confirm, accepted by the automation): the times from the
 * click and from the OK to the frame painted after it.
 */
async function measureConfirmed(page: Page, act: () => Promise<void>): Promise<{ fromClick: number; fromOk: number }> {
  await page.evaluate(() => {
    const slot = window as unknown as { __confirmed?: Promise<{ fromClick: number; fromOk: number }> };
    const ask = window.confirm.bind(window);
    slot.__confirmed = new Promise((resolve) => {
      window.addEventListener(
        'click',
        (event) => {
          const clicked = event.timeStamp;
          window.confirm = (message) => {
            const answer = ask(message);
            const ok = performance.now();
            window.confirm = ask;
            requestAnimationFrame(() => setTimeout(() => resolve({ fromClick: performance.now() - clicked, fromOk: performance.now() - ok }), 0));
            return answer;
          };
        },
        { once: true, capture: true },
      );
    });
  });
  await act();
  return page.evaluate(() => (window as unknown as { __confirmed: Promise<{ fromClick: number; fromOk: number }> }).__confirmed);
}

/**
 * The time from the next input event to the frame painted after the canvas changed (for typing in
 * the property editor, whose field shows a key before the canvas does).
 */
async function armCanvasChange(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const slot = window as unknown as { __canvasDrawn?: Promise<number> };
    slot.__canvasDrawn = new Promise<number>((resolve) => {
      window.addEventListener(
        'input',
        (event) => {
          const start = event.timeStamp;
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          });
          observer.observe(document.querySelector('main.lp-canvas')!, { subtree: true, childList: true, characterData: true });
        },
        { once: true, capture: true },
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { __canvasDrawn: Promise<number> }).__canvasDrawn);
}

const TYPING_PACES = [
  ['typing in a text prop', 0],
  ['typing, 10 keys a second', KEY_INTERVAL_MS],
] as const;

/**
 * The same measure of typing where only the browser works: a bare text box on an empty page. No
 * editor can type faster than this floor (a key that comes after a pause waits for the browser to
 * start drawing frames again).
 */
async function benchFloor(page: Page) {
  await page.setContent('<label>Text <textarea rows="3"></textarea></label>');
  await page.getByLabel('Text').focus();
  console.log('The browser alone, typing into a bare text box on an empty page');
  for (const [label, pause] of TYPING_PACES) {
    const typing: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (pause > 0) await page.waitForTimeout(pause);
      typing.push(await measure(page, 'input', () => page.keyboard.type('x')));
    }
    report(label, typing);
  }
}

/**
 * Opens one page in the builder and measures every action on it; returns the node count and the
 * figures. `turn` is awaited before each sample (a burst of keys when typing): the other build's
 * sample runs then, when two are compared.
 */
async function benchPage(page: Page, url: string, turn: () => Promise<void>): Promise<{ nodes: number; figures: Figures }> {
  const figures: Figures = new Map();
  const report = (name: string, values: number[], work?: Work[]) => record(figures, name, values, work);
  const metered = await workMeter(page);
  /** Measures one action's latency and work, adding both to `into`. */
  const sample = async (into: { latency: number[]; work: Work[] }, act: () => Promise<number>) => {
    const { result, work } = await metered(act);
    into.latency.push(result);
    into.work.push(work);
  };
  const samples = () => ({ latency: [] as number[], work: [] as Work[] });
  const opens: number[] = [];
  for (let i = 0; i < 3; i++) {
    await turn();
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector('[aria-busy="false"] main.lp-canvas');
    opens.push(Date.now() - started);
  }
  const nodes = await page.locator('main.lp-canvas [data-node-id]').count();
  report('open (navigation to canvas)', opens);

  const canvas = page.locator('main.lp-canvas');
  const target = () => canvas.locator('[data-node-id]').filter({ hasText: 'Section 0 paragraph 5' }).last();
  // A component's toolbar (above it) takes the pointer once the pointer is in its component.
  const hoverTarget = async () => {
    await target().evaluate((frame) => frame.scrollIntoView({ block: 'center' }));
    await target().hover();
  };
  /**
   * The control, found before the action is timed: Playwright's role and text search runs in the
   * page's main thread and grows with the page's elements, and counted in the window it would be
   * taken for the builder's own work.
   */
  const found = async (locator: Locator) => (await locator.elementHandle())!;
  await hoverTarget();
  await target().getByRole('button', { name: 'Edit properties' }).click();
  const text = page.getByRole('complementary', { name: 'Property editor' }).getByLabel('Text', { exact: true });
  await text.focus();
  // Keys as fast as the automation sends them, then as a fast typist's come, ten a second (120 words a
  // minute), each after the last one's frames. The field shows a key before the canvas does.
  for (const [label, pause] of TYPING_PACES) {
    const typing: number[] = [];
    const onCanvas: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i % TYPING_BURST === 0) await turn();
      if (pause > 0) await page.waitForTimeout(pause);
      const drawn = await armCanvasChange(page);
      typing.push(await measure(page, 'input', () => page.keyboard.type('x')));
      onCanvas.push(await drawn());
    }
    report(label, typing);
    report('  …until the canvas shows it', onCanvas);
  }

  // Undo and redo in turn, so that every sample changes the page: the typing above goes and comes back.
  const undo = samples();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < SAMPLES; i++) {
    await turn();
    await sample(undo, () => measure(page, 'keydown', () => page.keyboard.press(i % 2 ? 'Control+Shift+z' : 'Control+z'), 'z'));
  }
  report('undo / redo (Ctrl+Z, Ctrl+Shift+Z)', undo.latency, undo.work);

  const duplicate = samples();
  for (let i = 0; i < SAMPLES; i++) {
    await turn();
    await hoverTarget();
    const button = await found(target().getByRole('button', { name: 'Duplicate' }));
    await sample(duplicate, () => measure(page, 'click', () => button.click()));
  }
  report('duplicate', duplicate.latency, duplicate.work);

  const moves = samples();
  for (let i = 0; i < SAMPLES; i++) {
    await turn();
    await hoverTarget();
    const button = await found(target().getByRole('button', { name: i % 2 ? 'Move up' : 'Move down' }));
    await sample(moves, () => measure(page, 'click', () => button.click()));
  }
  report('move up / down', moves.latency, moves.work);

  // Drag and drop: a pointer move during a drag (the place under it found, the line moved) and the drop.
  const dragMoves: number[] = [];
  const drops = samples();
  const landmark = () => canvas.locator('[data-node-id]').filter({ hasText: 'Section 0 paragraph 9' }).last();
  for (let i = 0; i < SAMPLES; i++) {
    await turn();
    await hoverTarget();
    await target().getByRole('button', { name: 'Drag Paragraph' }).hover();
    await page.mouse.down();
    const box = (await landmark().boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 2, { steps: 4 });
    dragMoves.push(await measure(page, 'pointermove', () => page.mouse.move(box.x + 60, box.y + box.height * (i % 2 ? 0.8 : 0.2))));
    await sample(drops, () => measure(page, 'pointerup', () => page.mouse.up()));
  }
  report('drag: pointer move', dragMoves);
  report('drop (drag and drop)', drops.latency, drops.work);

  // dnd-kit swallows the click that follows a drag it ended; one on the page's corner takes it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const removes: { fromClick: number; fromOk: number }[] = [];
  const removeWork: Work[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await turn();
    await hoverTarget();
    const button = await found(target().getByRole('button', { name: 'Remove' }));
    const { result, work } = await metered(() => measureConfirmed(page, () => button.click()));
    removes.push(result);
    removeWork.push(work);
  }
  report('delete (from the OK)', removes.map((r) => r.fromOk), removeWork);
  report('  …from the click', removes.map((r) => r.fromClick));

  const adds = samples();
  const section = canvas.locator(':scope > [data-node-id]').first();
  for (let i = 0; i < SAMPLES; i++) {
    await turn();
    await section.getByRole('toolbar', { name: 'Section controls' }).getByRole('button', { name: 'Add Component' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Component' });
    const button = await found(dialog.getByRole('button', { name: 'Paragraph', exact: true }));
    await sample(adds, () => measure(page, 'click', () => button.click()));
    await page.keyboard.press('Escape');
  }
  report('add (palette pick)', adds.latency, adds.work);
  return { nodes, figures };
}

async function listen(server: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A browser of its own for each build, signed in, with one page: a second page in one browser would be a background tab, its frames throttled. */
async function openBrowser(url: string) {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // A figure, however slow, rather than a run cut short: on a busy machine opening 1,000 components can take longer than a test would wait.
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(120_000);
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, url, EMAIL, PASSWORD);
  return { browser, context, page };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-builder-bench-'));
  const database = await openPglite({ dataDir: dir });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir });
  const webDirs = [process.env.BENCH_WEB, ...(BASELINE_WEB ? [BASELINE_WEB] : [])];
  const apps = await Promise.all(webDirs.map((webDir) => buildApp({ config: webDir ? { ...config, webDir: path.resolve(webDir) } : config, database })));
  const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
  try {
    await upsertUser(database.db, EMAIL, PASSWORD);
    const builds = [];
    for (const app of apps) {
      const url = await listen(app);
      browsers.push(await openBrowser(url));
      builds.push({ url, page: browsers.at(-1)!.page });
    }
    // On a page of its own, closed after: while it is open, the builder's page is a background tab.
    const floor = await browsers[0]!.context.newPage();
    await benchFloor(floor);
    await floor.close();
    for (const size of SIZES) {
      const sections = Array.from({ length: Math.max(1, Math.round(size / 100)) }, (_, i) => bigSection(i));
      const figures = builds.map(() => new Map() as Figures);
      let nodes = 0;
      for (let run = 0; run < RUNS; run++) {
        // Each build first in every other run, so neither always meets the machine as the other left it.
        const turns = new Turns(builds.length, run % builds.length);
        await Promise.all(
          builds.map(async (build, player) => {
            await turns.begin(player);
            try {
              // A page of its own each run: no unsaved work of an earlier run is offered back.
              const [row] = await database.db
                .insert(landingPages)
                .values({ title: `Bench Page ${size}`, slug: `bench-page-${size}-${run}-${player}`, content: serializeContent(sections), page_type: 'builder' })
                .returning();
              const result = await benchPage(build.page, `${build.url}/crm/landing-pages/${row!.id}/builder`, () => turns.pass(player));
              nodes = result.nodes;
              for (const [name, { latency, work }] of result.figures) record(figures[player]!, name, latency, work);
            } finally {
              turns.leave(player);
            }
          }),
        );
      }
      if (builds.length === 1) {
        console.log(`Builder, page of ${nodes} nodes (${sections.length} sections)`);
        for (const [name, { latency, work }] of figures[0]!) {
          report(name, latency);
          if (work.length) console.log(`${''.padEnd(28)} ${workFigure(work)}`);
        }
      } else {
        console.log(`Builder, page of ${nodes} nodes (${sections.length} sections): this build, then the baseline build ${BASELINE_WEB} (${RUNS} runs each, taking turns sample by sample)`);
        compare(figures[0]!, figures[1]!);
      }
    }
  } finally {
    for (const { browser } of browsers) await browser.close();
    for (const app of apps) await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
