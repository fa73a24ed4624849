import { defineConfig } from 'vitest/config';
import { E2E_WAIT_MS } from './tests/e2e/helpers/wait.ts';

/**
 * Browser tests: Debian's Chromium driven by playwright-core against the built app. One file at a time.
 * Every wait has one generous limit, set here: a test waits for the condition it checks, and a slow or
 * busy machine only makes it wait longer (a failing condition still fails, after E2E_WAIT_MS).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    expect: { poll: { timeout: E2E_WAIT_MS, interval: 50 } },
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
