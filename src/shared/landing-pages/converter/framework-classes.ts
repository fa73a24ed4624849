import type { ParentNode } from 'domhandler';
import { attr, classTokens, isElement } from './dom.ts';

/**
 * CSS frameworks' class names as a converted page keeps them. A published page is styled by Tailwind
 * from its classes, so a framework class that is also a Tailwind utility with another meaning changes
 * the page silently (Bootstrap's `collapse` hides a navigation that Tailwind's `collapse` collapses
 * away; Bootstrap's `mt-5` is 3rem, Tailwind's 1.25rem; `h-100` is 100% in one and 25rem in the
 * other). On a page written for a framework each such class is translated into the Tailwind classes
 * of the same look, or dropped; a class passes through only when it is a Tailwind utility meaning the
 * same in that framework (text-white, text-center, invisible), or no utility at all (navbar, card).
 * Pages written with Tailwind, or with no framework the converter knows, keep their classes as written.
 */
export type Framework = 'bootstrap' | 'bulma' | 'foundation';

type Translation = string | ((...parts: string[]) => string);
/** Exact class names and what they become ('' drops the class). */
type NameTable = Readonly<Record<string, string>>;
/** Patterns whose captures build the Tailwind classes. */
type PatternTable = ReadonlyArray<readonly [RegExp, Translation]>;

// ---- Shared pieces

const prefixed = (breakpoint: string | undefined, classes: string) =>
  breakpoint
    ? classes
        .split(' ')
        .map((each) => `${breakpoint}:${each}`)
        .join(' ')
    : classes;

/** Tailwind's class for a colour on a property ('text', 'bg', 'border'): 'white' and 'black' have no shade. */
const colourClass = (property: string, colour: string) => `${property}-${colour}`;

const SIDE = { '': '', t: 't', b: 'b', s: 's', e: 'e', x: 'x', y: 'y', l: 'l', r: 'r' } as const;

// ---- Bootstrap 4 and 5

/** Bootstrap's breakpoints by Tailwind's names (xxl is Tailwind's 2xl; the widths are close enough). */
const BS_BREAKPOINT: Readonly<Record<string, string>> = { sm: 'sm', md: 'md', lg: 'lg', xl: 'xl', xxl: '2xl' };
const bsBreakpoint = (name: string | undefined) => (name ? BS_BREAKPOINT[name] : undefined);
/** Bootstrap's spacers (0, .25, .5, 1, 1.5, 3rem) on Tailwind's scale (steps of .25rem). */
const BS_SPACE: Readonly<Record<string, string>> = { '0': '0', '1': '1', '2': '2', '3': '4', '4': '6', '5': '12', auto: 'auto' };

/** Bootstrap's theme colours as Tailwind colours: background, text on it, and the colour as text on white. */
const BS_COLOURS: Readonly<Record<string, { bg: string; on: string; text: string }>> = {
  primary: { bg: 'blue-600', on: 'white', text: 'blue-600' },
  secondary: { bg: 'gray-500', on: 'white', text: 'gray-500' },
  success: { bg: 'green-700', on: 'white', text: 'green-700' },
  danger: { bg: 'red-600', on: 'white', text: 'red-600' },
  warning: { bg: 'yellow-400', on: 'gray-900', text: 'yellow-600' },
  info: { bg: 'cyan-400', on: 'gray-900', text: 'cyan-600' },
  light: { bg: 'gray-100', on: 'gray-900', text: 'gray-100' },
  dark: { bg: 'gray-900', on: 'white', text: 'gray-900' },
  white: { bg: 'white', on: 'gray-900', text: 'white' },
  black: { bg: 'black', on: 'white', text: 'black' },
  body: { bg: 'white', on: 'gray-900', text: 'gray-900' },
  muted: { bg: 'gray-100', on: 'gray-900', text: 'gray-500' },
};
const BS_COLOUR = `(${Object.keys(BS_COLOURS).join('|')})`;
const bs = (name: string) => BS_COLOURS[name]!;

const BS_ALIGN: Readonly<Record<string, string>> = { start: 'start', end: 'end', center: 'center', between: 'between', around: 'around', evenly: 'evenly', baseline: 'baseline', stretch: 'stretch' };
const BS_ALIGN_PROPERTY: Readonly<Record<string, string>> = { 'justify-content': 'justify', 'align-items': 'items', 'align-self': 'self', 'align-content': 'content' };
const BS_ROUNDED: Readonly<Record<string, string>> = { '0': 'none', '1': 'sm', '2': '', '3': 'lg', '4': 'xl', '5': '2xl', circle: 'full', pill: 'full' };
const BS_ROUNDED_SIDE: Readonly<Record<string, string>> = { top: 't', end: 'e', bottom: 'b', start: 's' };
const BS_FRACTION: Readonly<Record<string, string>> = { '25': '1/4', '50': '1/2', '75': '3/4', '100': 'full', auto: 'auto' };
const BS_WEIGHT: Readonly<Record<string, string>> = { bold: 'bold', bolder: 'extrabold', semibold: 'semibold', medium: 'medium', normal: 'normal', light: 'light', lighter: 'extralight' };
/** display-1 … display-6, fs-1 … fs-6 and h1 … h6 as Tailwind sizes. */
const BS_DISPLAY_SIZE = ['', 'text-7xl', 'text-6xl', 'text-5xl', 'text-5xl', 'text-4xl', 'text-4xl'];
const BS_HEADING_SIZE = ['', 'text-4xl', 'text-3xl', 'text-2xl', 'text-xl', 'text-lg', 'text-base'];

const BOOTSTRAP_NAMES: NameTable = {
  // Shown by Bootstrap's script or its navbar at desktop width: Tailwind's collapse (visibility) would hide it.
  collapse: '',
  collapsing: '',
  'navbar-collapse': '',
  show: '',
  fade: '',
  active: '',
  row: '',
  'row-cols-auto': '',
  col: '',
  'col-auto': '',
  container: 'mx-auto w-full max-w-7xl px-4',
  'container-fluid': 'w-full px-4',
  'navbar-dark': 'text-white',
  'navbar-light': 'text-gray-900',
  lead: 'text-xl font-light',
  small: 'text-sm',
  mark: 'bg-yellow-100',
  initialism: 'text-sm uppercase',
  'text-muted': 'text-gray-500',
  'text-body-secondary': 'text-gray-500',
  'text-body-tertiary': 'text-gray-400',
  'text-body-emphasis': 'text-black',
  'text-white-50': 'text-white/50',
  'text-white-75': 'text-white/75',
  'text-black-50': 'text-black/50',
  'text-reset': 'text-inherit',
  'text-truncate': 'truncate',
  'text-break': 'break-words',
  'text-decoration-none': 'no-underline',
  'text-decoration-underline': 'underline',
  'text-decoration-line-through': 'line-through',
  'text-lowercase': 'lowercase',
  'text-uppercase': 'uppercase',
  'text-capitalize': 'capitalize',
  'fst-italic': 'italic',
  'fst-normal': 'not-italic',
  'bg-gradient': '',
  'bg-body-secondary': 'bg-gray-100',
  'bg-body-tertiary': 'bg-gray-50',
  'visually-hidden': 'sr-only',
  'visually-hidden-focusable': 'sr-only focus:not-sr-only',
  'sr-only-focusable': 'focus:not-sr-only',
  'list-unstyled': 'list-none pl-0',
  'list-inline': 'flex list-none flex-wrap gap-2 pl-0',
  'list-inline-item': '',
  'img-fluid': 'h-auto max-w-full',
  'img-thumbnail': 'h-auto max-w-full rounded border border-gray-200 p-1',
  'mw-100': 'max-w-full',
  'mh-100': 'max-h-full',
  'vw-100': 'w-screen',
  'vh-100': 'h-screen',
  'min-vw-100': 'min-w-screen',
  'min-vh-100': 'min-h-screen',
  'fixed-top': '',
  'fixed-bottom': '',
  'sticky-top': 'sticky top-0 z-10',
  'sticky-bottom': 'sticky bottom-0 z-10',
  'flex-fill': 'flex-1',
  'translate-middle': '-translate-x-1/2 -translate-y-1/2',
  'translate-middle-x': '-translate-x-1/2',
  'translate-middle-y': '-translate-y-1/2',
  clearfix: '',
  'stretched-link': '',
  hstack: 'flex flex-row items-center',
  vstack: 'flex flex-col',
  vr: '',
  btn: '',
  'btn-lg': 'px-6 py-3 text-lg',
  'btn-sm': 'px-3 py-1.5 text-sm',
  'btn-block': 'w-full',
  'btn-link': '',
  badge: 'inline-block rounded px-2 py-0.5 text-xs font-semibold',
  alert: 'rounded-md border p-4',
  'lh-1': 'leading-none',
  'lh-sm': 'leading-snug',
  'lh-base': 'leading-normal',
  'lh-lg': 'leading-relaxed',
  'z-n1': '-z-1',
  'border-top': 'border-t',
  'border-end': 'border-e',
  'border-bottom': 'border-b',
  'border-start': 'border-s',
};

const BOOTSTRAP_PATTERNS: PatternTable = [
  // Spacing on Bootstrap's scale, with its breakpoints and negative margins (mt-n3).
  [/^([mp])([tbsexylr]?)-(?:(sm|md|lg|xl|xxl)-)?(n?)([0-5]|auto)$/, (kind, side, breakpoint, negative, size) => prefixed(bsBreakpoint(breakpoint), `${negative ? '-' : ''}${kind}${SIDE[side as keyof typeof SIDE]}-${BS_SPACE[size!]}`)],
  [/^(gap|row-gap|column-gap)-(?:(sm|md|lg|xl|xxl)-)?([0-5])$/, (property, breakpoint, size) => prefixed(bsBreakpoint(breakpoint), `${property === 'gap' ? 'gap' : property === 'row-gap' ? 'gap-y' : 'gap-x'}-${BS_SPACE[size!]}`)],
  [/^g([xy]?)-(?:(sm|md|lg|xl|xxl)-)?([0-5])$/, (axis, breakpoint, size) => prefixed(bsBreakpoint(breakpoint), `gap${axis ? `-${axis}` : ''}-${BS_SPACE[size!]}`)],
  // The grid: the converter lays out rows of columns itself.
  [/^(?:col|row-cols|offset)(?:-(?:sm|md|lg|xl|xxl))?-(?:\d{1,2}|auto)$/, ''],
  [/^col-(?:sm|md|lg|xl|xxl)$/, ''],
  [/^d-(?:(sm|md|lg|xl|xxl)-)?(none|block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|table-row|table-cell|contents)$/, (breakpoint, display) => prefixed(bsBreakpoint(breakpoint), display === 'none' ? 'hidden' : display!)],
  [/^d-print-/, ''],
  [/^text-(?:(sm|md|lg|xl|xxl)-)?(start|end|center|left|right|justify)$/, (breakpoint, align) => prefixed(bsBreakpoint(breakpoint), `text-${align}`)],
  [new RegExp(`^text-bg-${BS_COLOUR}$`), (name) => `${colourClass('bg', bs(name!).bg)} ${colourClass('text', bs(name!).on)}`],
  [new RegExp(`^(?:text|link)-${BS_COLOUR}$`), (name) => colourClass('text', bs(name!).text)],
  [new RegExp(`^bg-${BS_COLOUR}$`), (name) => colourClass('bg', bs(name!).bg)],
  [new RegExp(`^border-${BS_COLOUR}$`), (name) => colourClass('border', bs(name!).bg)],
  [new RegExp(`^btn-${BS_COLOUR}$`), (name) => `${colourClass('bg', bs(name!).bg)} ${colourClass('text', bs(name!).on)}`],
  [new RegExp(`^btn-outline-${BS_COLOUR}$`), (name) => `border bg-transparent ${colourClass('border', bs(name!).bg)} ${colourClass('text', name === 'light' ? 'white' : bs(name!).text)}`],
  [new RegExp(`^alert-${BS_COLOUR}$`), (name) => `${colourClass('bg', bs(name!).bg)} ${colourClass('text', bs(name!).on)}`],
  [/^(?:btn|bg|text|border|link|table|alert|badge|list-group-item)-(?:opacity|subtle|emphasis)/, ''],
  [/^border(?:-(top|end|bottom|start))?-0$/, (side) => (side ? `border-${BS_ROUNDED_SIDE[side]}-0` : 'border-0')],
  [/^display-([1-6])$/, (n) => `${BS_DISPLAY_SIZE[Number(n)]} font-light`],
  [/^(?:fs-|h)([1-6])$/, (n) => BS_HEADING_SIZE[Number(n)]!],
  [/^fw-(bold|bolder|semibold|medium|normal|light|lighter)$/, (weight) => `font-${BS_WEIGHT[weight!]}`],
  [/^(justify-content|align-items|align-self|align-content)-(?:(sm|md|lg|xl|xxl)-)?(start|end|center|between|around|evenly|baseline|stretch)$/, (property, breakpoint, value) => prefixed(bsBreakpoint(breakpoint), `${BS_ALIGN_PROPERTY[property!]}-${BS_ALIGN[value!]}`)],
  [/^flex-(?:(sm|md|lg|xl|xxl)-)?(row|column|row-reverse|column-reverse)$/, (breakpoint, direction) => prefixed(bsBreakpoint(breakpoint), `flex-${direction!.replace('column', 'col')}`)],
  [/^flex-(?:(sm|md|lg|xl|xxl)-)?(grow|shrink)-([01])$/, (breakpoint, which, on) => prefixed(bsBreakpoint(breakpoint), on === '1' ? which! : `${which}-0`)],
  [/^order-(?:(sm|md|lg|xl|xxl)-)?(first|last|[0-5])$/, (breakpoint, order) => prefixed(bsBreakpoint(breakpoint), `order-${order}`)],
  [/^float-(?:(sm|md|lg|xl|xxl)-)?(start|end|none|left|right)$/, (breakpoint, side) => prefixed(bsBreakpoint(breakpoint), `float-${side}`)],
  [/^([wh])-(25|50|75|100|auto)$/, (axis, size) => `${axis}-${BS_FRACTION[size!]}`],
  [/^rounded(?:-(top|end|bottom|start))?(?:-([0-5]|circle|pill))?$/, (side, size) => ['rounded', side ? BS_ROUNDED_SIDE[side] : '', size ? BS_ROUNDED[size] : ''].filter(Boolean).join('-')],
  [/^position-(static|relative|absolute|fixed|sticky)$/, (position) => position!],
  [/^(top|bottom|start|end)-(0|50|100)$/, (side, at) => `${side}-${at === '0' ? '0' : at === '50' ? '1/2' : 'full'}`],
];

// ---- Bulma

/** Bulma's breakpoints: mobile up to 768px, tablet from 769px, desktop from 1024px, widescreen from 1216px. */
const BULMA_HIDDEN: Readonly<Record<string, string>> = {
  mobile: 'max-md:hidden',
  tablet: 'md:hidden',
  'tablet-only': 'md:max-lg:hidden',
  touch: 'max-lg:hidden',
  desktop: 'lg:hidden',
  'desktop-only': 'lg:max-xl:hidden',
  widescreen: 'xl:hidden',
  'widescreen-only': 'xl:max-2xl:hidden',
  fullhd: '2xl:hidden',
};
const BULMA_COLOURS: Readonly<Record<string, { bg: string; text: string }>> = {
  white: { bg: 'white', text: 'white' },
  black: { bg: 'black', text: 'black' },
  light: { bg: 'gray-100', text: 'gray-100' },
  dark: { bg: 'gray-800', text: 'gray-800' },
  primary: { bg: 'teal-600', text: 'teal-700' },
  link: { bg: 'blue-600', text: 'blue-600' },
  info: { bg: 'sky-600', text: 'sky-700' },
  success: { bg: 'green-600', text: 'green-700' },
  warning: { bg: 'yellow-300', text: 'yellow-600' },
  danger: { bg: 'red-600', text: 'red-600' },
  grey: { bg: 'gray-500', text: 'gray-500' },
  'grey-dark': { bg: 'gray-700', text: 'gray-700' },
  'grey-darker': { bg: 'gray-800', text: 'gray-800' },
  'grey-light': { bg: 'gray-300', text: 'gray-300' },
  'grey-lighter': { bg: 'gray-200', text: 'gray-200' },
  'white-ter': { bg: 'gray-100', text: 'gray-100' },
  'white-bis': { bg: 'gray-50', text: 'gray-50' },
  'black-ter': { bg: 'gray-800', text: 'gray-800' },
  'black-bis': { bg: 'gray-900', text: 'gray-900' },
};
const BULMA_COLOUR = `(${Object.keys(BULMA_COLOURS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
/** Bulma's spacing helpers (0, .25, .5, .75, 1, 1.5, 3rem) on Tailwind's scale. */
const BULMA_SPACE: Readonly<Record<string, string>> = { '0': '0', '1': '1', '2': '2', '3': '3', '4': '4', '5': '6', '6': '12', auto: 'auto' };
/** is-size-1 … is-size-7: 3, 2.5, 2, 1.5, 1.25, 1 and .75rem. */
const BULMA_SIZE = ['', 'text-5xl', 'text-4xl', 'text-3xl', 'text-2xl', 'text-xl', 'text-base', 'text-xs'];

const BULMA_NAMES: NameTable = {
  'is-hidden': 'hidden',
  'is-invisible': 'invisible',
  'is-sr-only': 'sr-only',
  container: 'mx-auto w-full max-w-6xl',
  'is-fluid': 'max-w-none px-8',
  block: 'mb-6',
  content: '',
  columns: '',
  column: '',
  'is-clearfix': '',
  'is-clipped': 'overflow-hidden',
  'is-relative': 'relative',
  'is-pulled-left': 'float-left',
  'is-pulled-right': 'float-right',
  'is-uppercase': 'uppercase',
  'is-lowercase': 'lowercase',
  'is-capitalized': 'capitalize',
  'is-italic': 'italic',
  'is-underlined': 'underline',
  'has-text-centered': 'text-center',
  'has-text-left': 'text-left',
  'has-text-right': 'text-right',
  'has-text-justified': 'text-justify',
  'is-flex': 'flex',
  'is-block': 'block',
  'is-inline-block': 'inline-block',
  'is-inline-flex': 'inline-flex',
  'is-flex-direction-column': 'flex-col',
  'is-flex-wrap-wrap': 'flex-wrap',
  'is-justify-content-center': 'justify-center',
  'is-justify-content-space-between': 'justify-between',
  'is-align-items-center': 'items-center',
};

const BULMA_PATTERNS: PatternTable = [
  [/^is-hidden-(mobile|tablet|tablet-only|touch|desktop|desktop-only|widescreen|widescreen-only|fullhd)$/, (at) => BULMA_HIDDEN[at!]!],
  [new RegExp(`^has-text-${BULMA_COLOUR}$`), (name) => colourClass('text', BULMA_COLOURS[name!]!.text)],
  [new RegExp(`^has-background-${BULMA_COLOUR}$`), (name) => colourClass('bg', BULMA_COLOURS[name!]!.bg)],
  [/^has-text-weight-(light|normal|medium|semibold|bold)$/, (weight) => `font-${weight}`],
  [/^is-size-([1-7])$/, (n) => BULMA_SIZE[Number(n)]!],
  [/^is-size-[1-7]-(?:mobile|tablet|touch|desktop|widescreen|fullhd)$/, ''],
  [/^([mp])([tblrxy]?)-([0-6]|auto)$/, (kind, side, size) => `${kind}${SIDE[side as keyof typeof SIDE]}-${BULMA_SPACE[size!]}`],
];

// ---- Foundation 6

/** Foundation's breakpoints: small below 640px, medium from 640px (Tailwind's sm), large from 1024px. */
const FOUNDATION_NAMES: NameTable = {
  'show-for-sr': 'sr-only',
  'show-on-focus': 'sr-only focus:not-sr-only',
  hide: 'hidden',
  'hide-for-small-only': 'max-sm:hidden',
  'hide-for-medium': 'sm:hidden',
  'hide-for-medium-only': 'sm:max-lg:hidden',
  'hide-for-large': 'lg:hidden',
  'hide-for-large-only': 'lg:max-xl:hidden',
  'show-for-small-only': 'sm:hidden',
  'show-for-medium': 'max-sm:hidden',
  'show-for-medium-only': 'max-sm:hidden lg:hidden',
  'show-for-large': 'max-lg:hidden',
  'grid-container': 'mx-auto w-full max-w-6xl px-4',
  full: '',
  fluid: '',
  'grid-x': '',
  'grid-y': '',
  cell: '',
  auto: '',
  shrink: '',
  sticky: '',
  'sticky-container': '',
  clearfix: '',
  lead: 'text-xl',
  subheader: 'font-normal text-gray-500',
  stat: 'text-4xl',
  'float-center': 'mx-auto block',
  'align-left': 'justify-start',
  'align-center': 'justify-center',
  'align-right': 'justify-end',
  'align-justify': 'justify-between',
  'align-spaced': 'justify-around',
  'align-top': 'items-start',
  'align-middle': 'items-center',
  'align-bottom': 'items-end',
  'align-stretch': 'items-stretch',
};

const FOUNDATION_PATTERNS: PatternTable = [
  [/^(?:small|medium|large|xlarge|xxlarge)-(?:\d{1,2}|auto|shrink|up-\d|offset-\d{1,2}|order-\d|cell-block|text-(?:left|right|center|justify))$/, ''],
  [/^grid-(?:margin|padding)-[xy]$/, ''],
  [/^(?:small|medium|large)-(?:margin|padding)-collapse$/, ''],
];

// ---- Detection

const TABLES: Readonly<Record<Framework, { names: NameTable; patterns: PatternTable }>> = {
  bootstrap: { names: BOOTSTRAP_NAMES, patterns: BOOTSTRAP_PATTERNS },
  bulma: { names: BULMA_NAMES, patterns: BULMA_PATTERNS },
  foundation: { names: FOUNDATION_NAMES, patterns: FOUNDATION_PATTERNS },
};

/** Classes only a framework writes, and the file names of its stylesheet and script. */
const SIGNS: ReadonlyArray<readonly [Framework, RegExp, RegExp]> = [
  [
    'bootstrap',
    /^(?:navbar-expand(?:-(?:sm|md|lg|xl|xxl))?|col-(?:sm|md|lg|xl|xxl)-\d{1,2}|btn-(?:primary|secondary|outline-\w+|light|dark)|d-(?:sm|md|lg|xl)-\w+|visually-hidden|form-control|justify-content-\w+|align-items-\w+|g[xy]?-\d)$/,
    /bootstrap/i,
  ],
  ['bulma', /^(?:is-(?:primary|link|info|success|warning|danger)|has-text-\w+|has-background-\w+|navbar-burger|is-size-\d|is-hidden-\w+|is-sr-only|columns)$/, /bulma/i],
  ['foundation', /^(?:grid-x|grid-y|top-bar|callout|show-for-sr|hide-for-[\w-]+|show-for-[\w-]+|(?:small|medium|large)-\d{1,2}|grid-container)$/, /foundation/i],
];

/** Class lists remembered with their translation, per framework, across conversions. */
const MAX_REMEMBERED = 10_000;

/** Enough signs that a page is written for a framework (one class could be a coincidence). */
const SIGNS_NEEDED = 3;

/** The framework a page is written for: its stylesheet or script, or several classes only it writes. */
export function detectFramework(document: ParentNode): Framework | undefined {
  const counts = new Map<Framework, number>();
  // Stylesheets and scripts are not content (findElements passes them by): the whole tree is walked.
  const stack = [...document.children];
  let fromClasses: Framework | undefined;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (node.name === 'link' || node.name === 'script') {
      const address = attr(node, 'href') ?? attr(node, 'src') ?? '';
      for (const [framework, , file] of SIGNS) if (file.test(address)) return framework;
    }
    if (!fromClasses && node.attribs.class) {
      for (const token of classTokens(node)) {
        for (const [framework, sign] of SIGNS) {
          if (!sign.test(token)) continue;
          const count = (counts.get(framework) ?? 0) + 1;
          counts.set(framework, count);
          if (count >= SIGNS_NEEDED) fromClasses ??= framework;
        }
      }
    }
    for (const child of node.children) stack.push(child);
  }
  return fromClasses;
}

/** What one class of a framework's page becomes: Tailwind classes ('' for none), or undefined to keep it as written. */
export function translateClass(framework: Framework, name: string): string | undefined {
  const table = TABLES[framework];
  if (Object.hasOwn(table.names, name)) return table.names[name];
  for (const [pattern, translation] of table.patterns) {
    const match = pattern.exec(name);
    if (match) return typeof translation === 'string' ? translation : translation(...match.slice(1));
  }
  return undefined;
}

const translated: Record<Framework, Map<string, string>> = { bootstrap: new Map(), bulma: new Map(), foundation: new Map() };

/** A class list as the converted page keeps it: each framework class translated or dropped, duplicates once. */
export function translateClasses(framework: Framework | undefined, tokens: readonly string[]): string {
  const written = tokens.join(' ');
  if (!framework) return written;
  // Whole class lists repeat (every card of a page has the same ones): each is translated once.
  const remembered = translated[framework];
  let result = remembered.get(written);
  if (result === undefined) {
    const out = new Set<string>();
    for (const token of tokens) for (const each of (translateClass(framework, token) ?? token).split(' ')) if (each) out.add(each);
    result = [...out].join(' ');
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(written, result);
  }
  return result;
}
