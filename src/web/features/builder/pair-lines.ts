import type { NavigationItem } from '@shared/landing-pages/fields.ts';
import { linesToList } from '@shared/landing-pages/input-rules.ts';

/**
 * Social links and navigation items are typed one per line as 'name | address'. A line without a
 * '|' is a name without an address yet; blank lines are dropped, as for every list.
 */
const SEPARATOR = ' | ';

function splitLine(line: string): [string, string] {
  const at = line.indexOf('|');
  return at === -1 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}

export function linesToNavigation(text: string): NavigationItem[] {
  return linesToList(text).map((line) => {
    const [name, href] = splitLine(line);
    return { name, href };
  });
}

export function navigationToLines(items: unknown): string {
  return Array.isArray(items) ? (items as NavigationItem[]).map((item) => `${item.name}${SEPARATOR}${item.href}`).join('\n') : '';
}

export function linesToLinkMap(text: string): Record<string, string> {
  return Object.fromEntries(linesToList(text).map(splitLine));
}

export function linkMapToLines(map: unknown): string {
  if (map === null || typeof map !== 'object') return '';
  return Object.entries(map as Record<string, unknown>)
    .map(([name, href]) => `${name}${SEPARATOR}${String(href)}`)
    .join('\n');
}
