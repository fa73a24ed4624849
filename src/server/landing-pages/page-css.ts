import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { __unstable__loadDesignSystem, compile, optimize } from '@tailwindcss/node';
import { PAGE_THEME_CSS } from '../../render/page-theme.ts';
import { confineCss, fixedRules } from './css-confinement.ts';

/**
 * CSS for exactly the Tailwind classes a page uses, compiled by Tailwind itself against the landing
 * pages' theme (src/render/page-theme.ts) and minified. Each distinct set of classes is built once
 * and kept (most pages share few class sets, and a set's CSS is a few kB), by a compiler of its own:
 * a Tailwind compiler keeps every class it ever built and puts them all in its next build.
 *
 * The same CSS styles the builder's canvas inside the staff app, so what a class compiles to is
 * confined to the page (css-confinement.ts): each class is judged on its own CSS first, a class whose
 * rules would reach outside its element is left out of the build, and the built CSS is confined again.
 */

/** Where `@import "tailwindcss"` is resolved from: this module's folder, whose ancestors hold node_modules. */
const BASE = path.dirname(fileURLToPath(import.meta.url));
const MAX_CACHED_SETS = 500;
const MAX_CACHED_VERDICTS = 20_000;

/**
 * Who gets the CSS: visitors of /lp (the content security policy decides what loads), or the
 * builder's canvas inside the staff app (nothing from another site, and no second copy of
 * Tailwind's preflight: the app has its own, and a later copy would override the app's base styles).
 */
export type CssReader = 'lp' | 'canvas';

/** What Tailwind and the confinement make of one class: ok, no CSS at all, CSS reaching outside the page, or CSS loading from another site. */
type Verdict = 'ok' | 'unknown' | 'not-allowed' | 'off-site';

const cache = new Map<string, { css: string; hash: string }>();
const verdicts = new Map<string, Verdict>();

let designSystem: ReturnType<typeof __unstable__loadDesignSystem> | undefined;
const loadDesignSystem = () => (designSystem ??= __unstable__loadDesignSystem(PAGE_THEME_CSS, { base: BASE }));

const build = async (classes: string[]) => optimize((await compile(PAGE_THEME_CSS, { base: BASE, onDependency: () => {} })).build(classes), { minify: true }).code;

let fixed: Promise<Set<string>> | undefined;
/** Tailwind's preflight and its animations' keyframes, as a page that uses every animation of the theme gets them. */
const loadFixed = () =>
  (fixed ??= (async () => {
    const animations = [...(await loadDesignSystem()).theme.namespace('--animate').keys()].filter((name) => name !== null).map((name) => `animate-${name}`);
    return fixedRules(await build(animations));
  })());

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

/** Each class judged on the CSS Tailwind makes of it alone; kept per class. */
async function verdictsOf(classes: string[]): Promise<Verdict[]> {
  const missing = [...new Set(classes.filter((name) => !verdicts.has(name)))];
  if (missing.length > 0) {
    const [system, fixedParts] = await Promise.all([loadDesignSystem(), loadFixed()]);
    const css = system.candidatesToCss(missing);
    missing.forEach((name, index) => {
      const own = css[index];
      let verdict: Verdict = 'unknown';
      if (own != null) {
        const { escaping, offSite } = confineCss(own, { classes: new Set([name]), sameOriginOnly: true, preflight: false, fixed: fixedParts });
        verdict = escaping > 0 ? 'not-allowed' : offSite > 0 ? 'off-site' : 'ok';
      }
      if (verdicts.size >= MAX_CACHED_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
      verdicts.set(name, verdict);
    });
  }
  return classes.map((name) => verdicts.get(name) ?? 'unknown');
}

/** The minified CSS for these classes, confined to the page, and a short hash of it (for ETags and cache keys). */
export async function cssForClasses(classes: string[], reader: CssReader = 'lp'): Promise<{ css: string; hash: string }> {
  const key = `${reader} ${classes.join(' ')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const judged = await verdictsOf(classes);
  const allowed = classes.filter((_, index) => judged[index] === 'ok' || (judged[index] === 'off-site' && reader === 'lp'));
  const canvas = reader === 'canvas';
  const { css } = confineCss(await build(allowed), { classes: new Set(allowed), sameOriginOnly: canvas, preflight: !canvas, fixed: await loadFixed() });
  const entry = { css, hash: createHash('sha256').update(css).digest('base64url').slice(0, 16) };
  if (cache.size >= MAX_CACHED_SETS) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry;
}

/**
 * What the builder's class input says of classes besides 'valid': those Tailwind makes no CSS for,
 * those left out for reaching outside the page, and those the canvas leaves out for loading from
 * another site (the published page keeps them).
 */
export async function classVerdicts(classes: string[]): Promise<{ unknown: string[]; notAllowed: string[]; offSite: string[] }> {
  const judged = await verdictsOf(classes);
  const named = (verdict: Verdict) => classes.filter((_, index) => judged[index] === verdict);
  return { unknown: named('unknown'), notAllowed: named('not-allowed'), offSite: named('off-site') };
}
