/** Lighthouse runs for the benchmarks (bench/public-pages.ts, bench/lp.ts), against Debian's Chromium. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

interface LighthouseReport {
  categories: { performance: { score: number }; seo: { score: number; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, { numericValue: number; score: number | null; title: string }>;
  environment: { benchmarkIndex: number };
}

/**
 * Lighthouse's default mobile run (simulated slow 4G and a 4x slower CPU), `runs` times per page;
 * prints the median run of each page, with its SEO score, and returns whether every page scored
 * `goal` or more for performance (and `seoGoal` or more for SEO, when given).
 */
export async function lighthouse(base: string, chromePath: string, pages: readonly string[], runs: number, goal: number, seoGoal?: number): Promise<boolean> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-lighthouse-'));
  const seoGoalText = seoGoal === undefined ? '' : `, SEO ${seoGoal} or more`;
  console.log(`\nLighthouse ${lighthouseVersion()} mobile performance and SEO (median of ${runs} runs; goal performance ${goal} or more${seoGoalText})`);
  console.log(`  ${'page'.padEnd(30)} ${'score'.padStart(5)}  runs          FCP     LCP     TBT    CLS   benchmarkIndex    SEO`);
  let allMet = true;
  for (const pagePath of pages) {
    const reports: LighthouseReport[] = [];
    for (let attempt = 0; attempt < runs; attempt++) {
      const output = path.join(dir, `report-${attempt}.json`);
      reports.push(await lighthouseRun(cli, `${base}${pagePath}`, output, chromePath));
    }
    reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const median = reports[Math.floor(reports.length / 2)]!;
    const score = Math.round(median.categories.performance.score * 100);
    const seo = Math.round(median.categories.seo.score * 100);
    allMet &&= score >= goal && (seoGoal === undefined || seo >= seoGoal);
    const seconds = (audit: string) => `${(median.audits[audit]!.numericValue / 1000).toFixed(1)} s`.padStart(7);
    console.log(
      `  ${pagePath.padEnd(30)} ${String(score).padStart(5)}  ${reports.map((r) => Math.round(r.categories.performance.score * 100)).join(', ').padEnd(12)} ${seconds('first-contentful-paint')} ${seconds('largest-contentful-paint')} ${`${Math.round(median.audits['total-blocking-time']!.numericValue)} ms`.padStart(7)} ${median.audits['cumulative-layout-shift']!.numericValue.toFixed(3).padStart(6)}   ${String(Math.round(median.environment.benchmarkIndex)).padEnd(14)} ${String(seo).padStart(5)}`,
    );
    // What cost SEO points, so a score under 100 says what to fix.
    for (const { id, weight } of median.categories.seo.auditRefs) {
      const audit = median.audits[id];
      if (weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`    SEO: ${audit.title}`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`  goal: ${allMet ? 'met' : 'NOT met'}`);
  return allMet;
}

/** One Lighthouse run; a run that fails to record its trace (it happens) is tried again, twice at most. */
async function lighthouseRun(cli: string, url: string, output: string, chromePath: string): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Asynchronously: the server under test runs in this process and must keep answering.
      await execFileAsync(
        process.execPath,
        [cli, url, '--quiet', '--only-categories=performance,seo', '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
        { env: { ...process.env, CHROME_PATH: chromePath } },
      );
      return JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (Lighthouse run failed, trying again: ${(error as Error).message.split('\n').find((l) => l.includes('Runtime error')) ?? 'see above'})`);
    }
  }
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
}

