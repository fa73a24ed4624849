import type { AnyNode, Element, ParentNode } from 'domhandler';
import { parseCustomCss, type StyleObject } from '../custom-css.ts';
import { attr, classTokens, isElement, isText } from './dom.ts';
import type { UrlResolver } from './urls.ts';

/**
 * The colours a page's own CSS gives its elements: a small cascade over the rules of its `<style>`
 * elements (and the old bgcolor/background/text attributes), for the properties that decide whether
 * text can be read: background (colour, image or gradient, with its size, position and repeat) and
 * text colour. Only what can be matched safely is read: selectors of type, class, id, `*`, descendant
 * and child combinators and comma lists (`:root`, `:link` and `:visited` too); a selector with any
 * other part (`:hover`, `[attr]`, `+`, `::before`) is left out whole, as are rules in `@media` for
 * narrow screens, print or a dark scheme. Nothing is fetched: `@import` and linked stylesheets are
 * not read. Custom properties set on :root, html or body are filled in.
 */

/** The properties read, camelCased as style objects hold them. */
const BACKGROUND_PROPERTIES = ['backgroundColor', 'backgroundImage', 'backgroundSize', 'backgroundPosition', 'backgroundRepeat'] as const;
const READ = new Set<string>([...BACKGROUND_PROPERTIES, 'color', 'background']);

interface Compound {
  readonly tag?: string;
  readonly id?: string;
  readonly classes: readonly string[];
}
interface Selector {
  /** Right to left: the element's own compound first, then its ancestors'. */
  readonly compounds: readonly Compound[];
  /** The combinator between compounds[i] and compounds[i + 1]: '>' a parent, ' ' any ancestor. */
  readonly combinators: readonly string[];
  readonly specificity: number;
}
interface Rule {
  readonly selector: Selector;
  readonly order: number;
  readonly style: StyleObject;
}

const MAX_SELECTORS_PER_RULE = 64;
const MAX_RULES = 20_000;
/** The longest stylesheet text read: a page's own CSS is rarely over a few hundred kB. */
const MAX_CSS_LENGTH = 1_000_000;

// ---- Parsing the stylesheet

/** Media queries that hold on a desktop screen in a light scheme (what the converted page is judged on). */
function mediaApplies(query: string): boolean {
  const q = query.toLowerCase();
  if (/\bprint\b|\bspeech\b/.test(q) && !/\bscreen\b|\ball\b/.test(q)) return false;
  if (/\bnot\b|max-width|max-device-width|prefers-color-scheme\s*:\s*dark|orientation\s*:\s*portrait|hover\s*:\s*none|pointer\s*:\s*coarse/.test(q)) return false;
  return true;
}

/** The index of the brace closing the block opened at `open`, skipping strings; -1 when unclosed. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < css.length; i++) {
    const char = css[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Each `selectors { declarations }` of a stylesheet, from inside the at-rules that apply. */
function* styleRules(css: string): Generator<{ selectors: string; body: string }> {
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    const semicolon = css.indexOf(';', at);
    // A statement at-rule (@import, @charset, @layer a, b;) ends at its semicolon.
    if (semicolon >= 0 && (open < 0 || semicolon < open) && css.slice(at, semicolon).trim().startsWith('@')) {
      at = semicolon + 1;
      continue;
    }
    if (open < 0) return;
    const close = closingBrace(css, open);
    if (close < 0) return;
    const prelude = css.slice(at, open).trim();
    const body = css.slice(open + 1, close);
    at = close + 1;
    if (prelude.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
      if ((name === 'media' && mediaApplies(prelude.slice(6))) || name === 'supports' || name === 'layer' || name === 'container') yield* styleRules(body);
    } else {
      yield { selectors: prelude, body };
    }
  }
}

const COMPOUND = /^([a-z][a-z0-9-]*|\*)?((?:[#.][_a-z0-9-]+)*)(:root|:link|:visited)?$/i;

function parseCompound(text: string): Compound | undefined {
  const match = COMPOUND.exec(text);
  if (!match || (!match[1] && !match[2] && !match[3])) return undefined;
  const [, name, rest, pseudo] = match;
  let tag = name && name !== '*' ? name.toLowerCase() : undefined;
  if (pseudo?.toLowerCase() === ':root') {
    if (tag || rest) return undefined;
    tag = 'html';
  } else if (pseudo) {
    // A link's colour, visited or not.
    if (tag && tag !== 'a') return undefined;
    tag = 'a';
  }
  const classes: string[] = [];
  let id: string | undefined;
  for (const part of rest!.match(/[#.][_a-z0-9-]+/gi) ?? []) {
    if (part[0] === '.') classes.push(part.slice(1));
    else if (id === undefined) id = part.slice(1);
    else return undefined;
  }
  return { ...(tag ? { tag } : {}), ...(id ? { id } : {}), classes };
}

/** A selector made only of compounds the reader can match, or undefined. */
export function parseSelector(text: string): Selector | undefined {
  const parts = text
    .trim()
    .replace(/\s*>\s*/g, ' > ')
    .split(/\s+/)
    .filter(Boolean);
  const compounds: Compound[] = [];
  const combinators: string[] = [];
  let pending = ' ';
  for (const part of parts) {
    if (part === '>') {
      if (compounds.length === 0 || pending === '>') return undefined;
      pending = '>';
      continue;
    }
    const compound = parseCompound(part);
    if (!compound) return undefined;
    if (compounds.length > 0) combinators.push(pending);
    compounds.push(compound);
    pending = ' ';
  }
  if (compounds.length === 0 || pending === '>') return undefined;
  compounds.reverse();
  combinators.reverse();
  let ids = 0;
  let classes = 0;
  let tags = 0;
  for (const compound of compounds) {
    if (compound.id) ids++;
    classes += compound.classes.length;
    if (compound.tag) tags++;
  }
  return { compounds, combinators, specificity: ids * 1_000_000 + classes * 1_000 + tags };
}

function splitSelectors(text: string): string[] {
  return text.includes('(') ? [] : text.split(',');
}

// ---- Values

const IMAGE_FUNCTION = /(?:url|(?:repeating-)?(?:linear|radial|conic)-gradient|image-set)\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)/gi;
const VALUE_TOKEN = /[a-z-]+\((?:[^()]|\([^()]*\))*\)|\/|[^\s/]+/gi;
const NOT_COLOUR = /^(?:center|top|bottom|left|right|cover|contain|auto|repeat|no-repeat|repeat-x|repeat-y|space|round|fixed|scroll|local|border-box|padding-box|content-box|text|none|initial|inherit|unset|revert|revert-layer)$/i;
const REPEAT = /^(?:repeat|no-repeat|repeat-x|repeat-y|space|round)$/i;
const IGNORED_IN_SHORTHAND = /^(?:fixed|scroll|local|border-box|padding-box|content-box|text)$/i;

function isColour(token: string): boolean {
  if (/^#[0-9a-f]{3,8}$/i.test(token)) return true;
  if (/^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i.test(token)) return true;
  return /^[a-z]+$/i.test(token) && !NOT_COLOUR.test(token);
}

/** A `background` shorthand as longhands: its images (all layers), and the last layer's colour, size, position and repeat. */
function backgroundLonghands(value: string): StyleObject {
  const out: StyleObject = {};
  const images = value.match(IMAGE_FUNCTION) ?? [];
  if (/^\s*none\s*$/i.test(value)) return { backgroundColor: 'transparent', backgroundImage: 'none' };
  if (images.length > 0) out.backgroundImage = images.join(', ');
  const layers = value.replace(IMAGE_FUNCTION, ' ').split(',');
  const last = layers.at(-1) ?? '';
  const position: string[] = [];
  const size: string[] = [];
  let afterSlash = false;
  for (const token of last.match(VALUE_TOKEN) ?? []) {
    if (token === '/') afterSlash = true;
    else if (REPEAT.test(token)) out.backgroundRepeat = token;
    else if (IGNORED_IN_SHORTHAND.test(token)) continue;
    else if (isColour(token)) out.backgroundColor = token;
    else (afterSlash ? size : position).push(token);
  }
  if (position.length > 0) out.backgroundPosition = position.join(' ');
  if (size.length > 0) out.backgroundSize = size.join(' ');
  // The shorthand resets what it does not say.
  out.backgroundColor ??= 'transparent';
  out.backgroundImage ??= 'none';
  return out;
}

// ---- The reader

export class PageStyles {
  private readonly byId = new Map<string, Rule[]>();
  private readonly byClass = new Map<string, Rule[]>();
  private readonly byTag = new Map<string, Rule[]>();
  private readonly universal: Rule[] = [];
  private readonly variables = new Map<string, string>();
  private readonly owns = new WeakMap<Element, StyleObject>();
  private count = 0;

  private constructor(private readonly urls: UrlResolver) {}

  /** The cascade of a document's `<style>` elements; `urls` resolves the addresses of background images. */
  static read(document: ParentNode, urls: UrlResolver): PageStyles {
    const styles = new PageStyles(urls);
    let length = 0;
    for (const el of styleElements(document)) {
      const css = el.children
        .map((child) => (isText(child) ? child.data : ''))
        .join('')
        .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '');
      length += css.length;
      if (length > MAX_CSS_LENGTH) break;
      styles.add(css);
    }
    return styles;
  }

  /** Whether the page's CSS says anything the reader uses (most pages built with utilities do not). */
  get empty(): boolean {
    return this.count === 0;
  }

  private add(css: string): void {
    for (const { selectors, body } of styleRules(css)) {
      if (this.count >= MAX_RULES) return;
      const declared = parseCustomCss(body);
      const list = splitSelectors(selectors).slice(0, MAX_SELECTORS_PER_RULE);
      for (const [name, value] of Object.entries(declared)) {
        if (name.startsWith('--') && list.some((s) => /^\s*(?::root|html|body)\s*$/i.test(s))) this.variables.set(name, String(value));
      }
      const style = Object.fromEntries(Object.entries(declared).filter(([name]) => READ.has(name)));
      if (Object.keys(style).length === 0) continue;
      for (const text of list) {
        const selector = parseSelector(text);
        if (!selector) continue;
        const rule = { selector, order: this.count++, style };
        const key = selector.compounds[0]!;
        if (key.id) push(this.byId, key.id, rule);
        else if (key.classes.length > 0) push(this.byClass, key.classes[0]!, rule);
        else if (key.tag) push(this.byTag, key.tag, rule);
        else this.universal.push(rule);
      }
    }
  }

  /**
   * What the page's CSS (not the element's style attribute) gives an element itself, as a style
   * object: background longhands and colour, `var()` filled in, image addresses resolved.
   */
  own(el: Element): StyleObject {
    let style = this.owns.get(el);
    if (!style) {
      style = this.compute(el);
      this.owns.set(el, style);
    }
    return style;
  }

  private compute(el: Element): StyleObject {
    const style: StyleObject = { ...presentational(el) };
    if (this.count === 0) return this.finish(style);
    const candidates: Rule[] = [];
    const id = attr(el, 'id');
    if (id) candidates.push(...(this.byId.get(id) ?? []));
    for (const token of new Set(classTokens(el))) candidates.push(...(this.byClass.get(token) ?? []));
    candidates.push(...(this.byTag.get(el.name) ?? []), ...this.universal);
    const matching = candidates.filter((rule) => matches(el, rule.selector, 0));
    matching.sort((a, b) => a.selector.specificity - b.selector.specificity || a.order - b.order);
    for (const rule of matching) {
      for (const [name, value] of Object.entries(rule.style)) {
        if (name === 'background') Object.assign(style, backgroundLonghands(String(value)));
        else style[name] = value;
      }
    }
    return this.finish(style);
  }

  /** Variables filled in (a declaration whose variable is unknown is left out), addresses resolved, nothing inherited kept. */
  private finish(style: StyleObject): StyleObject {
    const out: StyleObject = {};
    for (const [name, raw] of Object.entries(style)) {
      let value = this.fill(String(raw));
      if (value === undefined || /^(?:inherit|initial|unset|revert|revert-layer|currentcolor)$/i.test(value)) continue;
      if (name === 'backgroundImage') {
        value = this.resolveUrls(value);
        if (value === undefined) continue;
      }
      out[name] = value;
    }
    if (out.backgroundImage === 'none') delete out.backgroundImage;
    if (!out.backgroundImage) for (const name of ['backgroundSize', 'backgroundPosition', 'backgroundRepeat']) delete out[name];
    return out;
  }

  private fill(value: string): string | undefined {
    let text = value;
    for (let round = 0; round < 5 && text.includes('var('); round++) {
      text = text.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g, (whole, name: string, fallback: string | undefined) => this.variables.get(name) ?? fallback?.trim() ?? whole);
    }
    return text.includes('var(') ? undefined : text;
  }

  private resolveUrls(value: string): string | undefined {
    let safe = true;
    const resolved = value.replace(/url\(\s*(["']?)(.*?)\1\s*\)/gi, (_, _quote: string, address: string) => {
      const src = this.urls.src(address);
      if (!src) {
        safe = false;
        return '';
      }
      return `url("${src.replace(/["\\]/g, (char) => `\\${char}`)}")`;
    });
    return safe ? resolved : undefined;
  }

  /**
   * The colour and background an element shows without a word of its own: the nearest ancestor's
   * that sets them (a section whose page sets its colours on body). Text colour is inherited; a
   * background is not, but shows through. Each comes only if the element sets none of its own.
   */
  inherited(el: Element, withOwn: boolean): StyleObject {
    const out: StyleObject = {};
    let colour = false;
    let background = false;
    for (let node: Element | undefined = withOwn ? el : parentElement(el); node && !(colour && background); node = parentElement(node)) {
      const style = { ...this.own(node), ...inlineStyleOf(node) };
      if (!colour && style.color !== undefined) {
        out.color = style.color;
        colour = true;
      }
      if (!background && BACKGROUND_PROPERTIES.some((name) => style[name] !== undefined && style[name] !== 'transparent')) {
        for (const name of BACKGROUND_PROPERTIES) if (style[name] !== undefined) out[name] = style[name];
        background = true;
      }
    }
    return out;
  }
}

function push(map: Map<string, Rule[]>, key: string, rule: Rule): void {
  const list = map.get(key);
  if (list) list.push(rule);
  else map.set(key, [rule]);
}

function parentElement(el: Element): Element | undefined {
  return el.parent && isElement(el.parent) ? el.parent : undefined;
}

/** An element's style attribute, background shorthand split as the cascade holds it. */
function inlineStyleOf(el: Element): StyleObject {
  if (!el.attribs.style) return {};
  const style: StyleObject = {};
  for (const [name, value] of Object.entries(parseCustomCss(el.attribs.style))) {
    if (name === 'background') Object.assign(style, backgroundLonghands(String(value)));
    else if (READ.has(name)) style[name] = value;
  }
  return style;
}

function compoundMatches(el: Element, compound: Compound): boolean {
  if (compound.tag && compound.tag !== el.name) return false;
  if (compound.id && attr(el, 'id') !== compound.id) return false;
  if (compound.classes.length > 0) {
    const tokens = classTokens(el);
    if (!compound.classes.every((name) => tokens.includes(name))) return false;
  }
  return true;
}

/** Whether the selector matches from compound `index` at this element (descendant combinators try each ancestor). */
function matches(el: Element, selector: Selector, index: number): boolean {
  if (!compoundMatches(el, selector.compounds[index]!)) return false;
  if (index === selector.compounds.length - 1) return true;
  const combinator = selector.combinators[index];
  if (combinator === '>') {
    const parent = parentElement(el);
    return parent !== undefined && matches(parent, selector, index + 1);
  }
  for (let ancestor = parentElement(el); ancestor; ancestor = parentElement(ancestor)) {
    if (matches(ancestor, selector, index + 1)) return true;
  }
  return false;
}

/** The old colour attributes, beneath every rule of the page's CSS. */
function presentational(el: Element): StyleObject {
  const style: StyleObject = {};
  const bgcolor = attr(el, 'bgcolor');
  if (bgcolor && /^(?:#[0-9a-f]{3,8}|[a-z]+)$/i.test(bgcolor)) style.backgroundColor = bgcolor;
  const background = attr(el, 'background');
  if (background && /^(?:body|table|td|th|tr)$/.test(el.name) && !/[()"'\\]/.test(background)) style.backgroundImage = `url(${background})`;
  const text = el.name === 'body' ? attr(el, 'text') : undefined;
  if (text && /^(?:#[0-9a-f]{3,8}|[a-z]+)$/i.test(text)) style.color = text;
  return style;
}

/** Every `<style>` element of the document, the head's included (not those inside SVG, which style the drawing). */
function styleElements(document: ParentNode): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [...document.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node) || node.name === 'svg' || node.name === 'template') continue;
    if (node.name === 'style') {
      const media = attr(node, 'media');
      if (!media || mediaApplies(media)) found.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}
