import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/*
 * Imports flow one way. src/shared imports neither server nor web code; web and server meet only
 * over HTTP. A web feature never imports another feature (features are composed in src/web/app).
 * A server feature reaches another only through its service.ts (never its routes or tables' SQL).
 * Each table belongs to one server feature (<feature>/schema.ts); src/server/db/schema.ts only
 * gathers them for drizzle-kit, so feature code may not import it (tests may, to set up state).
 */
const SERVER_INFRASTRUCTURE = new Set(['db', 'http', 'cli', 'jobs']);
const serverFeatures = folders('src/server').filter((f) => !SERVER_INFRASTRUCTURE.has(f));
const webFeatures = folders('src/web/features');

const layerZones = [
  { target: './src/shared', from: './src/server', message: 'src/shared runs in the browser too: no server imports.' },
  { target: './src/shared', from: './src/web', message: 'src/shared may not import browser code.' },
  { target: './src/web', from: './src/server', message: 'Browser code talks to the server over HTTP only.' },
  { target: './src/server', from: './src/web', message: 'Server code may not import browser code.' },
  // The page renderer runs on the server (/lp) and in the builder canvas alike: it may use src/shared only.
  { target: './src/render', from: './src/server', message: 'src/render runs in the browser too: no server imports.' },
  { target: './src/render', from: './src/web', message: 'src/render is shared by server and builder: no browser-app imports.' },
  { target: './src/shared', from: './src/render', message: 'src/shared holds no React: render builds on shared, not the reverse.' },
];
const webFeatureZones = webFeatures.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`],
  message: 'A web feature may not import another feature: compose them in src/web/app.',
}));
const serverFeatureZones = (except) =>
  serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/server/${feature}`,
        from: `./src/server/${other}`,
        except,
        message: `Use ${other}/service.ts: a server feature reaches another only through its service.`,
      })),
  );
const gatheredSchemaZones = serverFeatures.map((feature) => ({
  target: `./src/server/${feature}`,
  from: './src/server/db/schema.ts',
  message: `db/schema.ts only gathers the tables for drizzle-kit: use ${feature}/schema.ts for this feature's own tables, and another feature's service.ts for its data.`,
}));
const restrictedPaths = (...zones) => ['error', { zones: [...layerZones, ...webFeatureZones, ...zones.flat()] }];
const SERVER_TESTS = ['src/server/**/*.test.{ts,tsx}', 'src/server/*/test-helpers.ts', 'src/server/*/test-images.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/server/db/migrations/**', '.test-artifacts/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Resolves the @shared/… and @web/… aliases through tsconfig.json, so the zones below see through them.
    settings: {
      // TypeScript files take part in the import graph (import-x/no-cycle follows only files it may parse).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ tsconfig: { configFile: path.resolve('tsconfig.json') }, extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // An import the resolver cannot follow would slip past the zones: refuse it instead.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': restrictedPaths(serverFeatureZones(['./service.ts']), gatheredSchemaZones),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests set up and check the database directly, through the gathered schema.
    files: SERVER_TESTS,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(serverFeatureZones(['./service.ts'])) },
  },
  {
    // A table may refer to another feature's table (a foreign key): only schema files may import schema files.
    files: ['src/server/*/schema.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(serverFeatureZones(['./service.ts', './schema.ts']), gatheredSchemaZones) },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*'], message: 'Import through @web/… or @shared/… instead of climbing out of the folder.' }] }],
    },
  },
);
