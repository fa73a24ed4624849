// Bundles the server to dist/server (dependencies stay in node_modules) and copies the migrations and the
// embedded database's worker (it runs on a thread of its own, loaded by path) beside it.
import { build } from 'esbuild';
import fs from 'node:fs';

await build({
  entryPoints: { main: 'src/server/main.ts', 'user-create': 'src/server/cli/user-create.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
fs.copyFileSync('src/server/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
