/**
 * The HTML converter on a 1 MB page: `npx tsx bench/converter.ts` (npm run bench:converter).
 *
 * Builds one page of about 1 MB from the landing-page corpus (tests/fixtures/landing-pages): the
 * bodies of all eleven pages, repeated in turn, inside one document with every page's head. Converts
 * it RUNS times after a warm-up and prints the median, fastest and slowest time, and the size of the
 * result. The goal is under 1 s on the median (issue #14). Figures only; no pass or fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { convertHtml } from '../src/shared/landing-pages/converter/convert-html.ts';
import { serializeContent } from '../src/shared/landing-pages/parse-content.ts';
import { walk } from '../src/shared/landing-pages/tree.ts';

const TARGET_BYTES = 1024 * 1024;
const RUNS = Number(process.env.CONVERTER_RUNS ?? 9);
const WARMUP = 2;
const GOAL_MS = 1000;

const corpus = path.resolve(import.meta.dirname, '../tests/fixtures/landing-pages');
const pages = fs
  .readdirSync(corpus)
  .filter((name) => name.endsWith('.html'))
  .sort()
  .map((name) => fs.readFileSync(path.join(corpus, name), 'utf8'));
const part = (html: string, tag: 'head' | 'body') => new RegExp(`<${tag}[^>]*>([\\s\\S]*)</${tag}>`, 'i').exec(html)?.[1] ?? (tag === 'body' ? html : '');

const heads = pages.map((html) => part(html, 'head')).join('\n');
const bodies: string[] = [];
let size = Buffer.byteLength(heads);
for (let i = 0; size < TARGET_BYTES; i++) {
  const body = `<div class="page-${i}">${part(pages[i % pages.length]!, 'body')}</div>`;
  bodies.push(body);
  size += Buffer.byteLength(body);
}
const html = `<!doctype html><html lang="en"><head>${heads}</head><body>${bodies.join('\n')}</body></html>`;

const times: number[] = [];
let result = convertHtml(html);
for (let run = 0; run < WARMUP + RUNS; run++) {
  const start = performance.now();
  result = convertHtml(html);
  const ms = performance.now() - start;
  if (run >= WARMUP) times.push(ms);
}
if (!result.ok) throw new Error(`the bench page did not convert: ${result.message}`);

let nodes = 0;
walk(result.sections, () => nodes++);
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

console.log(`converter: ${kb(Buffer.byteLength(html))} of HTML (${bodies.length} corpus pages in one document)`);
console.log(`  result: ${result.sections.length} sections, ${nodes - result.sections.length} components, ${kb(Buffer.byteLength(serializeContent(result.sections)))} of JSON`);
console.log(`  ${RUNS} runs after ${WARMUP} warm-up: median ${median.toFixed(0)} ms, fastest ${times[0]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms`);
console.log(`  goal: median under ${GOAL_MS} ms: ${median < GOAL_MS ? 'met' : 'NOT met'}`);
