// `npm test`: type check, lint, unit + integration tests on PGlite, the same on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests against the built app. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findChromium } from '../tests/e2e/helpers/browser.ts';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = '.test-artifacts/reports';
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failed test, named with its file and first error line, repeated at the end: CI shows a log's tail. */
const failedTests: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

const firstLine = (text: unknown): string => (String(text ?? '').split('\n')[0] ?? '').slice(0, 300);

/** `node`: the Node binary that runs vitest (and so its workers); unset, the one npx finds. */
function vitest(title: string, args: string[], env: Record<string, string>, report: string, node?: string): void {
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportDir}/${report}.json`];
  const ok = node ? run(title, node, ['node_modules/vitest/vitest.mjs', ...vitestArgs], env) : run(title, 'npx', ['vitest', ...vitestArgs], env);
  try {
    const json = JSON.parse(fs.readFileSync(`${reportDir}/${report}.json`, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    for (const file of json.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = firstLine(test.failureMessages?.[0]);
        failedTests.push(`${title}: ${path.relative(process.cwd(), file.name)} > ${test.fullName}\n    ${reason}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t: { status: string }) => t.status === 'failed')) {
        failedTests.push(`${title}: ${path.relative(process.cwd(), file.name)}\n    ${firstLine(file.message)}`);
      }
    }
    if (json.numTotalTests === 0) failures.push(`${title}: no tests ran`);
  } catch {
    if (ok) failures.push(`${title}: no report`);
    failed += 1;
  }
}

run('type check', 'npx', ['tsc', '--noEmit', '-p', '.']);
run('lint', 'npx', ['eslint', '.']);
vitest('unit and integration tests (PGlite)', [], {}, 'pglite');

// The same tests on the current Node LTS (NODE_LTS_BIN, a node binary: .ci/run installs one), since
// the product supports both it and the older Node the machine has.
const nodeLts = process.env.NODE_LTS_BIN;
if (nodeLts) {
  const version = spawnSync(nodeLts, ['--version'], { encoding: 'utf8' }).stdout.trim();
  // First on PATH too, so that tests starting `node` by name start this one.
  const PATH = `${path.dirname(nodeLts)}${path.delimiter}${process.env.PATH ?? ''}`;
  vitest(`unit and integration tests (PGlite, Node ${version})`, [], { PATH }, 'pglite-node-lts', nodeLts);
} else {
  console.log('\n━━ unit and integration tests (PGlite, Node LTS) ━━\nskipped: set NODE_LTS_BIN to a node binary of the current LTS to run them on it too (.ci/run does).');
}

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

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${failures.length ? `Failed steps: ${failures.join('; ')}` : 'All steps passed.'}`);
console.log(`npm test: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
