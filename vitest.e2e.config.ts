import { defineConfig } from 'vitest/config';

/** Browser tests: Debian's Chromium driven by playwright-core against the built app. One file at a time. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
