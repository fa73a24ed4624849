import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { __unstable__loadDesignSystem, compile, optimize } from '@tailwindcss/node';
import { PAGE_THEME_CSS } from '../../render/page-theme.ts';

/**
 * CSS for exactly the Tailwind classes a page uses, compiled by Tailwind itself against the landing
 * pages' theme (src/render/page-theme.ts) and minified. Each distinct set of classes is built once
 * and kept (most pages share few class sets, and a set's CSS is a few kB), by a compiler of its own:
 * a Tailwind compiler keeps every class it ever built and puts them all in its next build.
 */

/** Where `@import "tailwindcss"` is resolved from: this module's folder, whose ancestors hold node_modules. */
const BASE = path.dirname(fileURLToPath(import.meta.url));
const MAX_CACHED_SETS = 500;

const cache = new Map<string, { css: string; hash: string }>();

/** Every class token in the HTML's class attributes (what the page renders, the renderer's own classes included). */
export function classesInHtml(html: string): string[] {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const token of match[1]!.split(/\s+/)) if (token) classes.add(decodeEntities(token));
  }
  return [...classes].sort();
}

/** React escapes attribute values; Tailwind needs the class as written (e.g. `bg-[url('x')]`). */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[name]!);
}

/** The minified CSS for these classes and a short hash of it (for ETags and cache keys). */
export async function cssForClasses(classes: string[]): Promise<{ css: string; hash: string }> {
  const key = classes.join(' ');
  const hit = cache.get(key);
  if (hit) return hit;
  const built = (await compile(PAGE_THEME_CSS, { base: BASE, onDependency: () => {} })).build(classes);
  const css = optimize(built, { minify: true }).code;
  const entry = { css, hash: createHash('sha256').update(css).digest('base64url').slice(0, 16) };
  if (cache.size >= MAX_CACHED_SETS) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry;
}

let designSystem: ReturnType<typeof __unstable__loadDesignSystem> | undefined;

/** The classes Tailwind (with the landing pages' theme) makes no CSS for: the builder marks them as not recognized. */
export async function unknownClasses(classes: string[]): Promise<string[]> {
  designSystem ??= __unstable__loadDesignSystem(PAGE_THEME_CSS, { base: BASE });
  const css = (await designSystem).candidatesToCss(classes);
  return classes.filter((_, index) => css[index] == null);
}
