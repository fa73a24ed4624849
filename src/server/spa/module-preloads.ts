import fs from 'node:fs';
import path from 'node:path';
import { CRM_SCREEN_MODULES, CRM_SHELL_MODULES } from '../../shared/routes.ts';

/** What Vite's build manifest (.vite/manifest.json) says of a module. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Per CRM screen, the Link header entries that name all of its code: the app's first script with
 * its imports, the stylesheet, then the shell's and the screen's chunks with theirs. The browser
 * asks for them as soon as the response's headers arrive, before it has parsed the page, and in this
 * order: the code first, then the data the server names after it (site-pages.ts), so on the
 * embedded database, whose queries hold the server's thread, a query never delays a script (the
 * screen needs its data only once its code has run). Without a manifest (a build without it), no
 * entries: the app loads exactly as before.
 */
export function screenPreloads(webDir: string): Map<string, string[]> {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  const filesOf = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, into);
  };
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);

  const preloads = new Map<string, string[]>();
  for (const [page, module] of Object.entries(CRM_SCREEN_MODULES)) {
    const scripts = new Set<string>();
    if (entryKey) filesOf(entryKey, scripts);
    const entryScripts = [...scripts];
    for (const key of [...CRM_SHELL_MODULES, module]) filesOf(key, scripts);
    preloads.set(page, [
      ...entryScripts.map(modulePreload),
      // Like the page's <link rel="stylesheet" crossorigin>, so the browser uses this response for it.
      ...(entry?.css ?? []).map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
      ...[...scripts].filter((file) => !entryScripts.includes(file)).map(modulePreload),
    ]);
  }
  return preloads;
}

const modulePreload = (file: string) => `</${file}>; rel=modulepreload`;
