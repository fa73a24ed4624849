// Builds the public pages' islands (src/render/islands/*.ts): each a small, minified script of its own,
// content-hashed under dist/web/assets/islands/ (cached for a year), with .br/.gz copies and a manifest
// (name -> URL) the server reads to link exactly the islands a page contains.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = 'dist/web/assets/islands';
const entries = fs.readdirSync('src/render/islands').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

fs.rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: Object.fromEntries(entries.map((f) => [f.replace(/\.ts$/, ''), `src/render/islands/${f}`])),
  outdir: OUT,
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  platform: 'browser',
  metafile: true,
  logLevel: 'warning',
});

const manifest = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!output.entryPoint) continue;
  const name = path.basename(output.entryPoint, '.ts');
  manifest[name] = `/${path.relative('dist/web', file).split(path.sep).join('/')}`;
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
fs.writeFileSync(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
