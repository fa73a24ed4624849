import { Features, transform, type Declaration, type Rule, type Selector, type SelectorComponent } from 'lightningcss';

/**
 * The one rule for the CSS of a page's classes, on /lp and in the builder's canvas alike. The canvas
 * is part of the staff app, so a rule compiled from a class must not reach the app around it:
 * arbitrary variants can put the class anywhere in a selector (one compiling to
 * `:root:has(.x) button { visibility: hidden }` hides every button of the app; no such class is
 * spelt out in this file, since the app's own Tailwind build reads it for classes too). So the
 * compiled CSS is read with a real CSS parser and a style rule is kept only when each of its selectors
 *  - starts at the element carrying one of the page's classes (`.x`, or `:is(.x > *)` as `*:` writes it),
 *  - goes from there only into that element: children and descendants, and siblings only among those,
 *  - and looks at nothing outside it: no `:root`, `:scope` or `:host`, no combinator inside `:is()`,
 *    `:where()`, `:not()` or `nth-child(of)`, `:has()` only downwards. Tailwind's `group-*` and `peer-*`
 *    markers (`:is(:where(.group):hover *)`) are the exception: they read a marked ancestor or
 *    earlier sibling, and style only the element itself.
 * Around style rules only conditions may stand (`@media`, `@supports`, `@container`,
 * `@starting-style`). Tailwind's own fixed parts keep their exact shape: the theme's variables, its
 * preflight, the fallback of its registered properties and its animations' keyframes. Everything
 * else is dropped: other at-rules (`@scope`, `@page`, `@font-face`, `@import`, nested `@layer`, …),
 * `::backdrop` and the view-transition pseudo-elements (they belong to the whole document).
 *
 * In the builder the canvas also loads nothing from another site: with `sameOriginOnly`, a
 * declaration holding an http(s) address (in `url()` or a string, as `image-set()` and custom
 * properties take them) that resolves to another origin is dropped. On /lp the content security
 * policy decides what loads.
 */

export interface ConfineOptions {
  /** The classes whose rules may stay; a kept selector starts at one of them. */
  readonly classes: ReadonlySet<string>;
  readonly sameOriginOnly: boolean;
  /** Keep Tailwind's preflight: /lp needs it; the staff app around the canvas has the same one already. */
  readonly preflight: boolean;
  /** Tailwind's preflight and keyframes as `fixedRules` found them: kept only in exactly that shape. */
  readonly fixed: ReadonlySet<string>;
}

/** The CSS kept, and how many rules (or declarations) were dropped for reaching outside the page or loading from another site. */
export interface Confined {
  readonly css: string;
  readonly escaping: number;
  readonly offSite: number;
}

type Place = 'at' | 'in';
interface Compound {
  combinator: string | null;
  parts: SelectorComponent[];
}

const TAILWIND_LAYERS = new Set(['properties', 'theme', 'base', 'components', 'utilities']);

/** Pseudo-classes about the element's own state or place among its siblings. */
const STATE_PSEUDO_CLASSES = new Set([
  'hover', 'active', 'focus', 'focus-visible', 'focus-within', 'current', 'past', 'future', 'playing', 'paused', 'seeking',
  'buffering', 'stalled', 'muted', 'volume-locked', 'fullscreen', 'open', 'closed', 'modal', 'picture-in-picture', 'popover-open',
  'defined', 'any-link', 'link', 'local-link', 'visited', 'target', 'target-within', 'enabled', 'disabled', 'read-only', 'read-write',
  'placeholder-shown', 'default', 'checked', 'indeterminate', 'blank', 'valid', 'invalid', 'in-range', 'out-of-range', 'required',
  'optional', 'user-valid', 'user-invalid', 'autofill', 'first-child', 'last-child', 'only-child', 'empty', 'nth-col', 'nth-last-col',
  'nth-of-type', 'nth-last-of-type', 'first-of-type', 'last-of-type', 'only-of-type', 'lang', 'dir',
]);

/** Pseudo-elements that are parts of their element (not `::backdrop` or `::view-transition`, which cover the document). */
const OWN_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter', 'details-content', 'target-text', 'selection', 'placeholder', 'marker', 'file-selector-button', 'webkit-scrollbar']);
const VENDOR_NAME = /^-(webkit|moz)-[a-z-]+$/;
/** Tailwind's group and peer markers, plain or named (`group/item`). */
const MARKERS = { descendant: /^group(\/[\w-]+)?$/, 'later-sibling': /^peer(\/[\w-]+)?$/ } as const;

function compoundsOf(selector: Selector): Compound[] {
  const compounds: Compound[] = [{ combinator: null, parts: [] }];
  for (const component of selector) {
    if (component.type === 'combinator') compounds.push({ combinator: component.value, parts: [] });
    else compounds.at(-1)!.parts.push(component);
  }
  return compounds;
}

const isPseudoElement = (part: SelectorComponent) => part.type === 'pseudo-element';

function isOwnPseudoElement(part: SelectorComponent): boolean {
  if (part.type !== 'pseudo-element') return false;
  return OWN_PSEUDO_ELEMENTS.has(part.kind) || (part.kind === 'custom' && VENDOR_NAME.test(part.name));
}

/** A simple selector that is about the element itself (pseudo-elements are checked where they stand). */
function isLocal(part: SelectorComponent): boolean {
  switch (part.type) {
    case 'class':
    case 'id':
    case 'type':
    case 'universal':
    case 'attribute':
      return true;
    case 'namespace':
      return part.kind !== 'named';
    case 'pseudo-class':
      return isLocalPseudoClass(part);
    default:
      return false;
  }
}

function isLocalPseudoClass(part: Extract<SelectorComponent, { type: 'pseudo-class' }>): boolean {
  switch (part.kind) {
    case 'not':
    case 'is':
    case 'where':
    case 'any':
      return part.selectors.every((argument) => isLocalCompound(argument) || isMarker(argument));
    case 'has':
      return part.selectors.every(isDownwards);
    case 'nth-child':
    case 'nth-last-child':
      return !part.of || part.of.every(isLocalCompound);
    case 'custom':
      return VENDOR_NAME.test(part.name);
    default:
      return STATE_PSEUDO_CLASSES.has(part.kind);
  }
}

/** One compound selector about the element itself: no combinator, no pseudo-element. */
const isLocalCompound = (selector: Selector) => selector.every((part) => part.type !== 'combinator' && !isPseudoElement(part) && isLocal(part));

/** `:where(.group):hover *` (group-hover) or `:where(.peer):checked ~ *` (peer-checked). */
function isMarker(selector: Selector): boolean {
  const compounds = compoundsOf(selector);
  if (compounds.length !== 2) return false;
  const [marked, subject] = compounds as [Compound, Compound];
  const marker = MARKERS[subject.combinator as keyof typeof MARKERS];
  if (!marker || subject.parts.length !== 1 || subject.parts[0]!.type !== 'universal') return false;
  const isMarkerPart = (part: SelectorComponent) =>
    part.type === 'pseudo-class' && part.kind === 'where' && part.selectors.length === 1 && part.selectors[0]!.length === 1 && part.selectors[0]![0]!.type === 'class' && marker.test(part.selectors[0]![0]!.name);
  return marked.parts.some(isMarkerPart) && marked.parts.every((part) => isMarkerPart(part) || (!isPseudoElement(part) && isLocal(part)));
}

/** The argument of `:has()`: from the element down into it (a leading `:scope` names the element itself). */
function isDownwards(selector: Selector): boolean {
  const compounds = compoundsOf(selector);
  const leading = compounds[0]!.parts.length === 1 && compounds[0]!.parts[0]!.type === 'pseudo-class' && compounds[0]!.parts[0]!.kind === 'scope';
  let place: Place = 'at';
  return (leading ? compounds.slice(1) : [{ ...compounds[0]!, combinator: 'descendant' }, ...compounds.slice(1)]).every(({ combinator, parts }) => {
    if (combinator === 'descendant' || combinator === 'child') place = 'in';
    else if (!(place === 'in' && (combinator === 'next-sibling' || combinator === 'later-sibling'))) return false;
    return parts.every((part) => !isPseudoElement(part) && isLocal(part));
  });
}

/**
 * Where the subject of a selector lies: at the element carrying one of `classes`, or inside it; null
 * when it may lie, or look, anywhere else.
 */
function placeOf(selector: Selector, classes: ReadonlySet<string>): Place | null {
  const compounds = compoundsOf(selector);
  let place = anchorPlace(compounds[0]!.parts, classes);
  for (const [index, { combinator, parts }] of compounds.entries()) {
    if (place === null) return null;
    if (index > 0) {
      if (combinator === 'descendant' || combinator === 'child') place = 'in';
      else if (!(place === 'in' && (combinator === 'next-sibling' || combinator === 'later-sibling'))) return null;
      if (!parts.every((part) => (isPseudoElement(part) ? isOwnPseudoElement(part) : isLocal(part)))) return null;
    }
    if (index < compounds.length - 1 && parts.some(isPseudoElement)) return null;
  }
  return place;
}

/** The first compound: it must carry one of the classes, or be `:is()`/`:where()` of selectors that start at one. */
function anchorPlace(parts: SelectorComponent[], classes: ReadonlySet<string>): Place | null {
  let place: Place | null = parts.some((part) => part.type === 'class' && classes.has(part.name)) ? 'at' : null;
  const anchoring = new Set<SelectorComponent>();
  for (const part of parts) {
    if (part.type !== 'pseudo-class' || (part.kind !== 'is' && part.kind !== 'where' && part.kind !== 'any')) continue;
    const places = part.selectors.map((argument) => placeOf(argument, classes));
    if (places.length === 0 || places.includes(null)) continue;
    anchoring.add(part);
    place = places.every((inner) => inner === 'in') ? 'in' : (place ?? 'at');
  }
  const othersLocal = parts.every((part) => anchoring.has(part) || (isPseudoElement(part) ? isOwnPseudoElement(part) : isLocal(part)));
  return othersLocal ? place : null;
}

const isConfinedSelector = (selector: Selector, classes: ReadonlySet<string>) => placeOf(selector, classes) !== null;

/** The two bases an address is resolved against: the staff app's scheme is either. */
const SAME_ORIGIN_BASES = ['https://same-origin.invalid/', 'http://same-origin.invalid/'];

/** Whether a text, taken as an address the browser would fetch, goes to another origin (http(s) only: data: stays in the page). */
function isOffSite(text: string): boolean {
  // What the URL parser reads: tabs and newlines removed, leading controls and spaces trimmed. Without
  // a scheme or a leading `//` (or `\\`, read the same) an address stays on the page's origin.
  const read = text.replace(/[\t\n\r]/g, '').replace(/^[\0-\x20]+/, '');
  if (!read.includes(':') && !/^[/\\]{2}/.test(read)) return false;
  return SAME_ORIGIN_BASES.some((base) => {
    if (!URL.canParse(text, base)) return false;
    const url = new URL(text, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== new URL(base).origin;
  });
}

/** Every string in a parsed value: addresses, quoted strings and names alike. */
function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, found);
  return found;
}

type StyleRule = Extract<Rule, { type: 'style' }>;
const declarationsOf = (rule: StyleRule) => [...(rule.value.declarations?.declarations ?? []), ...(rule.value.declarations?.importantDeclarations ?? [])];

const canonical = (rule: Rule) => JSON.stringify(rule, (key, value: unknown) => (key === 'loc' ? undefined : value));

/**
 * How Tailwind's `optimize` writes CSS (@tailwindcss/node): for the same browsers, so CSS that is
 * rewritten here keeps its prefixes and its media queries as Tailwind wrote them.
 */
const AS_TAILWIND_WRITES = {
  drafts: { customMedia: true },
  nonStandard: { deepSelectorCombinator: true },
  include: Features.Nesting | Features.MediaQueries,
  exclude: Features.LogicalProperties | Features.DirSelector | Features.LightDark,
  targets: { safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8), firefox: 128 << 16, chrome: 111 << 16 },
} as const;

/** Where a rule starts in the CSS: the same rule met again in another parse of the same text. */
function placeInSource(rule: Rule): string | null {
  const loc = 'value' in rule ? (rule.value as { loc?: { line: number; column: number } }).loc : undefined;
  return loc ? `${rule.type}@${loc.line}:${loc.column}` : null;
}

/**
 * Reads `css` with nesting resolved (Tailwind writes `.x { @supports … { … } }`, and rules are judged
 * as the browser reads them) and hands its rules to `read`. Null when the parser cannot take it apart
 * (it fails on `@scope (html) { display: none }`): such CSS is kept from everyone.
 */
function readCss(css: string, read: (rules: Rule[]) => void): { flat: string; invalid: number } | null {
  try {
    const flat = transform({ filename: 'page.css', code: Buffer.from(css), ...AS_TAILWIND_WRITES, minify: true, errorRecovery: true });
    transform({ filename: 'page.css', code: flat.code, visitor: { StyleSheet: (sheet) => void read(sheet.rules) } });
    return { flat: flat.code.toString(), invalid: flat.warnings.length };
  } catch {
    return null;
  }
}

/**
 * `flat` without the rules at `places` and the declarations `dropDeclaration` names, minified. Only
 * removes: lightningcss cannot read some of its own values back (`var(--x, "a b")`), so nothing
 * parsed is handed back to it.
 */
function removeFrom(flat: string, places: ReadonlySet<string>, dropDeclaration?: (declaration: Declaration) => boolean): string {
  return transform({
    filename: 'page.css',
    code: Buffer.from(flat),
    ...AS_TAILWIND_WRITES,
    minify: true,
    visitor: {
      Rule: (rule) => {
        const place = placeInSource(rule);
        return place !== null && places.has(place) ? [] : undefined;
      },
      ...(dropDeclaration ? { Declaration: (declaration: Declaration) => (dropDeclaration(declaration) ? [] : undefined) } : {}),
    },
  }).code.toString();
}

/** Tailwind's fixed parts of `css` (its preflight, its keyframes), for `ConfineOptions.fixed`. */
export function fixedRules(css: string): Set<string> {
  const fixed = new Set<string>();
  readCss(css, (rules) => {
    for (const rule of rules) {
      if (rule.type === 'keyframes') fixed.add(canonical(rule));
      if (rule.type === 'layer-block' && rule.value.name?.join('.') === 'base') for (const inner of rule.value.rules) fixed.add(canonical(inner));
    }
  });
  return fixed;
}

/** The page's CSS with only what the rule above allows (see the module's comment), and what was taken out. */
export function confineCss(css: string, { classes, sameOriginOnly, preflight, fixed }: ConfineOptions): Confined {
  const dropped = new Set<Rule>();
  let escaping = 0;
  let offSite = 0;
  const drop = (rule: Rule) => {
    escaping++;
    dropped.add(rule);
  };
  const dropUnless = (keep: boolean, rule: Rule) => (keep ? undefined : drop(rule));
  const fetchesOffSite = (value: unknown) => sameOriginOnly && stringsIn(value).some(isOffSite);

  const judgeStyle = (rule: StyleRule, shape: (selector: Selector) => boolean) => {
    if ((rule.value.rules && rule.value.rules.length > 0) || !rule.value.selectors.every(shape)) return drop(rule);
    offSite += declarationsOf(rule).filter(fetchesOffSite).length;
  };

  /** A rule compiled from the page's classes: a confined style rule, or a condition holding such rules. */
  const judgePageRule = (rule: Rule): void => {
    switch (rule.type) {
      case 'style':
        return judgeStyle(rule, (selector) => isConfinedSelector(selector, classes));
      case 'media':
      case 'supports':
      case 'container':
      case 'starting-style':
        return rule.value.rules.forEach(judgePageRule);
      default:
        return drop(rule);
    }
  };

  /** `:root, :host { --name: value }`: the theme's variables. */
  const judgeTheme = (rule: Rule) =>
    rule.type === 'style' &&
    rule.value.selectors.length === 2 &&
    rule.value.selectors.every((selector, index) => selector.length === 1 && selector[0]!.type === 'pseudo-class' && selector[0]!.kind === ['root', 'host'][index]) &&
    declarationsOf(rule).every((declaration) => declaration.property === 'custom')
      ? judgeStyle(rule, () => true)
      : drop(rule);

  /** `*, ::before, ::after, ::backdrop { --tw-name: value }`: the initial values of Tailwind's properties where @property is missing. */
  const judgePropertiesFallback = (rule: Rule): void => {
    if (rule.type === 'supports') return rule.value.rules.forEach(judgePropertiesFallback);
    if (rule.type !== 'style') return drop(rule);
    const onlyTailwindVariables = declarationsOf(rule).every((declaration) => declaration.property === 'custom' && declaration.value.name.startsWith('--tw-'));
    const everything = JSON.stringify(rule.value.selectors.map((selector) => selector.map((part) => (part.type === 'pseudo-element' ? part.kind : part.type))));
    return onlyTailwindVariables && everything === '[["universal"],["before"],["after"],["backdrop"]]' ? judgeStyle(rule, () => true) : drop(rule);
  };

  const judgeTopLevel = (rule: Rule): void => {
    switch (rule.type) {
      case 'layer-statement':
        return dropUnless(rule.value.names.every((name) => name.length === 1 && TAILWIND_LAYERS.has(name[0]!)), rule);
      case 'layer-block': {
        const name = rule.value.name?.join('.') ?? '';
        if (name === 'theme') return rule.value.rules.forEach(judgeTheme);
        if (name === 'base') {
          for (const base of rule.value.rules) {
            if (!fixed.has(canonical(base))) drop(base);
            else if (!preflight) dropped.add(base); // left out, not refused
          }
          return;
        }
        if (name === 'properties') return rule.value.rules.forEach(judgePropertiesFallback);
        if (name === 'components' || name === 'utilities') return rule.value.rules.forEach(judgePageRule);
        return drop(rule);
      }
      case 'property':
        return dropUnless(/^--tw-[a-z0-9-]+$/.test(rule.value.name) && !fetchesOffSite(rule.value.initialValue), rule);
      case 'keyframes':
        return dropUnless(fixed.has(canonical(rule)), rule);
      default:
        return judgePageRule(rule);
    }
  };

  const read = readCss(css, (rules) => rules.forEach(judgeTopLevel));
  const places = new Set([...dropped].map(placeInSource));
  // Unreadable CSS, or a rule to drop that could not be found again: nothing is kept rather than it.
  if (!read || places.has(null)) return { css: '', escaping: escaping + 1, offSite };
  // What the parser dropped as invalid counts too: a class that compiles to it is refused.
  escaping += read.invalid;
  // Nothing to take out: the CSS as it came (a second minification would change a few values, not their meaning).
  if (dropped.size === 0 && offSite === 0 && read.invalid === 0) return { css, escaping, offSite };
  const kept = removeFrom(read.flat, places as Set<string>, offSite > 0 ? (declaration) => fetchesOffSite(declaration) : undefined);
  return { css: kept, escaping, offSite };
}
