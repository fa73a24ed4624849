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
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
  environment: { benchmarkIndex: number };
}

/**
 * Lighthouse's default mobile run (simulated slow 4G and a 4x slower CPU), `runs` times per page;
 * prints the median run of each page and returns whether every page scored `goal` or more.
 */
export async function lighthouse(base: string, chromePath: string, pages: readonly string[], runs: number, goal: number): Promise<boolean> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-lighthouse-'));
  console.log(`\nLighthouse ${lighthouseVersion()} mobile performance (median of ${runs} runs; goal ${goal} or more)`);
  console.log(`  ${'page'.padEnd(30)} ${'score'.padStart(5)}  runs          FCP     LCP     TBT    CLS   benchmarkIndex`);
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
    allMet &&= score >= goal;
    const seconds = (audit: string) => `${(median.audits[audit]!.numericValue / 1000).toFixed(1)} s`.padStart(7);
    console.log(
      `  ${pagePath.padEnd(30)} ${String(score).padStart(5)}  ${reports.map((r) => Math.round(r.categories.performance.score * 100)).join(', ').padEnd(12)} ${seconds('first-contentful-paint')} ${seconds('largest-contentful-paint')} ${`${Math.round(median.audits['total-blocking-time']!.numericValue)} ms`.padStart(7)} ${median.audits['cumulative-layout-shift']!.numericValue.toFixed(3).padStart(6)}   ${Math.round(median.environment.benchmarkIndex)}`,
    );
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
        [cli, url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
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

