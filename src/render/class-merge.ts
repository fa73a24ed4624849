import { splitClassNames } from '../shared/landing-pages/class-names.ts';

/**
 * The renderer gives components a look of their own (a button's variant, a card's frame) and the
 * page's author adds tailwindClasses on top. Two classes for the same CSS property would be decided
 * by their order in the compiled CSS, not by who wrote them, so an author's class removes the
 * renderer's classes it conflicts with: 'bg-white' replaces the variant's 'bg-primary-600', while
 * 'hover:bg-white' replaces only its 'hover:bg-...'. Only the families the renderer's own classes use
 * are known here; anything else the author writes is simply added.
 */

/** Ordered: the first pattern that matches a utility names its family. */
const FAMILIES: ReadonlyArray<readonly [family: string, pattern: RegExp]> = [
  ['text-size', /^text-(?:xs|sm|base|lg|xl|\dxl|\[\d[^\]]*\])(?:\/.*)?$/],
  ['text-align', /^text-(?:left|center|right|justify|start|end)$/],
  ['text-color', /^text-/],
  ['font-weight', /^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ['font-family', /^font-/],
  ['font-style', /^(?:italic|not-italic)$/],
  ['text-decoration', /^(?:underline|overline|line-through|no-underline)$/],
  ['bg-size', /^bg-(?:auto|cover|contain)$/],
  ['bg-position', /^bg-(?:center|top|bottom|left|right)/],
  ['bg-repeat', /^bg-(?:no-)?repeat/],
  ['bg-image', /^bg-(?:gradient|linear|radial|conic|none|\[url)/],
  ['bg-color', /^bg-/],
  ['rounded', /^rounded/],
  ['border-width', /^border(?:-[xytrbl])?(?:-\d+)?$/],
  ['border-style', /^border-(?:solid|dashed|dotted|double|none)$/],
  ['border-color', /^border-/],
  ['ring-width', /^ring(?:-\d+)?$/],
  ['ring-color', /^ring-/],
  ['shadow', /^shadow/],
  ['display', /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table)$/],
  ['max-width', /^max-w-/],
  ['min-width', /^min-w-/],
  ['width', /^w-/],
  ['max-height', /^max-h-/],
  ['min-height', /^min-h-/],
  ['height', /^h-/],
  ['grid-cols', /^grid-cols-/],
  ['gap', /^gap-/],
  ['align-items', /^items-/],
  ['justify-content', /^justify-/],
  ['leading', /^leading-/],
  ['tracking', /^tracking-/],
  ['opacity', /^opacity-/],
  ['spacing', /^[pm][xytrblse]?-/],
];

/** A shorthand also replaces its longhands: an author's 'p-8' replaces the renderer's 'px-5' and 'py-2.5'. */
const LONGHAND_SIDES: Readonly<Record<string, string>> = { '': 'xytrblse', x: 'lrse', y: 'tb' };

/** Padding and margin by side ('p', 'px', 'pt', ...); with `covering`, a shorthand's longhands too. */
function spacingFamilies(utility: string, covering: boolean): string[] {
  const kind = utility[0]!;
  const side = utility[1] === '-' ? '' : utility[1]!;
  const sides = covering ? [side, ...(LONGHAND_SIDES[side] ?? '')] : [side];
  return sides.map((each) => `${kind}${each}`);
}

/** Splits 'md:hover:bg-white' into its variants ('md:hover:') and utility ('bg-white'), minding brackets. */
function splitVariants(name: string): { variants: string; utility: string } {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth = Math.max(0, depth - 1);
    else if (char === ':' && depth === 0) cut = i + 1;
  }
  return { variants: name.slice(0, cut), utility: name.slice(cut) };
}

/** The conflict keys of a class: its variants plus each family it sets; none for a class no family knows. */
function conflictKeys(name: string, covering: boolean): string[] {
  const { variants, utility } = splitVariants(name);
  const bare = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  const family = FAMILIES.find(([, pattern]) => pattern.test(bare))?.[0];
  if (!family) return [];
  const families = family === 'spacing' ? spacingFamilies(bare, covering) : [family];
  return families.map((each) => `${variants}${each}`);
}

/**
 * The renderer's base classes with the ones the author's classes override left out, then the
 * author's classes. An empty result is undefined, so no empty class attribute is written.
 */
export function mergeClassNames(base: string, author: unknown): string | undefined {
  const own = splitClassNames(author);
  const overridden = new Set(own.flatMap((name) => conflictKeys(name, true)));
  const kept = splitClassNames(base).filter((name) => !conflictKeys(name, false).some((key) => overridden.has(key)));
  const names = [...new Set([...kept, ...own])];
  return names.length > 0 ? names.join(' ') : undefined;
}
