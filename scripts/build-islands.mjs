// Builds the public pages' islands: the landing pages' (src/render/islands/*.ts) and the public site's
// (src/web/features/site/islands/*.ts), each a small, minified script of its own, content-hashed under
// dist/web/assets/islands/ (cached for a year), with .br/.gz copies and a manifest (name -> URL) that the
// server (/lp) and the prerender (the site) read to link exactly the islands a page contains.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = 'dist/web/assets/islands';
const DIRS = ['src/render/islands', 'src/web/features/site/islands'];
// attributes.ts holds the site islands' markers, for the islands and the prerender: no island itself.
const isIsland = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'attributes.ts';
const entries = DIRS.flatMap((dir) => fs.readdirSync(dir).filter(isIsland).map((file) => [file.replace(/\.ts$/, ''), `${dir}/${file}`]));
if (new Set(entries.map(([name]) => name)).size !== entries.length) throw new Error('two islands share a name');

fs.rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: Object.fromEntries(entries),
  outdir: OUT,
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  platform: 'browser',
  metafile: true,
  // Written for tools (bench:pages checks what each island contains); never served, nothing points to them.
  sourcemap: 'external',
  logLevel: 'warning',
});

const manifest = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!output.entryPoint) continue; // source maps
  const name = path.basename(output.entryPoint, '.ts');
  manifest[name] = `/${path.relative('dist/web', file).split(path.sep).join('/')}`;
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
fs.writeFileSync(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
