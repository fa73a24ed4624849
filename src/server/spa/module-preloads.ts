import fs from 'node:fs';
import path from 'node:path';
import { CRM_SCREEN_MODULES, CRM_SHELL_MODULES } from '../../shared/routes.ts';

/** What Vite's build manifest (.vite/manifest.json) says of a module. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The index.html of each CRM screen with modulepreload hints for its code: the shell's and the
 * screen's chunks with their static imports, except what index.html already loads. So the browser
 * fetches (and compiles) them while the app's first script still loads and runs, instead of asking
 * for them once it has run: a first visit saves a round of requests. Without a manifest (a build
 * without it), no hints: the app loads exactly as before.
 */
export function screenShells(webDir: string, indexHtml: string): Map<string, string> {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  const filesOf = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, into);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedByIndex = new Set<string>();
  if (entry) filesOf(entry, loadedByIndex);

  const shells = new Map<string, string>();
  for (const [page, module] of Object.entries(CRM_SCREEN_MODULES)) {
    const files = new Set<string>();
    for (const key of [...CRM_SHELL_MODULES, module]) filesOf(key, files);
    const hints = [...files]
      .filter((file) => !loadedByIndex.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    shells.set(page, indexHtml.replace('</head>', `${hints}</head>`));
  }
  return shells;
}
