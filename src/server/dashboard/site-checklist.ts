import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { findPlaceholders, type ContentFile, type SitePlaceholder } from '../../shared/site/placeholders.ts';

/**
 * The public site's content as the server serves it: the build copies public/ into the web directory,
 * and the pages were prerendered from these files. Named by where the owner edits them (public/…).
 */
function readSiteContent(webDir: string): ContentFile[] {
  const relative = [
    'content/site.json',
    ...['en', 'de'].flatMap((language) => jsonFiles(webDir, `content/${language}`)),
    ...jsonFiles(webDir, '.').filter((file) => file.startsWith('webinar-content')),
  ];
  return relative.flatMap((file) => {
    const full = path.join(webDir, file);
    if (!fs.existsSync(full)) return [];
    return [{ file: path.posix.join('public', file), content: JSON.parse(fs.readFileSync(full, 'utf8')) as unknown }];
  });
}

function jsonFiles(webDir: string, dir: string): string[] {
  const full = path.join(webDir, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.posix.join(dir, name));
}

export const siteChecklist = (webDir: string): SitePlaceholder[] => findPlaceholders(readSiteContent(webDir));

/** Once at start: the owner sees in the console what the public site still shows from the sample. */
export function logSiteChecklist(log: Pick<FastifyBaseLogger, 'warn'>, items: readonly SitePlaceholder[]) {
  if (items.length === 0) return;
  log.warn(`The public site still shows ${items.length} sample value${items.length === 1 ? '' : 's'} (also listed on the dashboard); change them, then run npm run build:`);
  for (const item of items) log.warn(`  ${item.file} → ${item.path}: ${JSON.stringify(item.value)} (${item.problem})`);
}
