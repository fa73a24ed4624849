import fs from 'node:fs';
import path from 'node:path';

/** The islands' script URLs by name, from the build's manifest (scripts/build-islands.mjs); none when not built. */
export type IslandScripts = Readonly<Record<string, string>>;

export function loadIslandScripts(webDir: string): IslandScripts {
  const file = path.join(webDir, 'assets', 'islands', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as IslandScripts) : {};
}
