// `npm test`: type check, lint, unit + integration tests on PGlite, the same on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests against the built app. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from '../tests/e2e/helpers/browser.ts';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = '.test-artifacts/reports';
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

function vitest(title: string, args: string[], env: Record<string, string>, report: string): void {
  const ok = run(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportDir}/${report}.json`], env);
  try {
    const json = JSON.parse(fs.readFileSync(`${reportDir}/${report}.json`, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    if (json.numTotalTests === 0) failures.push(`${title}: no tests ran`);
  } catch {
    if (ok) failures.push(`${title}: no report`);
    failed += 1;
  }
}

run('type check', 'npx', ['tsc', '--noEmit', '-p', '.']);
run('lint', 'npx', ['eslint', '.']);
vitest('unit and integration tests (PGlite)', [], {}, 'pglite');

if (process.env.TEST_DATABASE_URL) {
  vitest('integration tests (PostgreSQL)', ['src/server', 'tests'], { TEST_DB: 'postgres' }, 'postgres');
} else {
  console.log('\n━━ integration tests (PostgreSQL) ━━\nskipped: set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too (.ci/run does).');
}

const chromium = findChromium();
if (chromium) {
  if (run('build', 'npm', ['run', 'build'])) vitest('browser tests (Chromium)', ['-c', 'vitest.e2e.config.ts'], {}, 'e2e');
} else if (CI) {
  console.log('\n━━ browser tests ━━\nChromium is missing and CI=true: failing. Install it with `apt-get install -y chromium`.');
  failures.push('browser tests: Chromium missing');
} else {
  console.log('\n━━ browser tests ━━\nSKIPPED: Chromium not found. Install Debian\'s package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH, then run `npm test` again.');
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join('; ')}` : 'All steps passed.'}`);
console.log(`npm test: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
