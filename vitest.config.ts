import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. They run on PGlite; with TEST_DB=postgres and TEST_DATABASE_URL set,
 * the same tests run on PostgreSQL (`npm run test:pg`). Browser tests have their own config.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // From Node 25 on, Node's own localStorage (inert without --localstorage-file) shadows jsdom's in
    // the web tests' environment; Node 20 does not know the flag that turns it off.
    execArgv: Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
