/**
 * What a visitor sees on an HTML page, and what a converted document holds, as plain facts the
 * corpus test compares: the words in reading order, the headings with their levels, the images and
 * the link targets. Written apart from the converter (its own walk and its own element lists), so a
 * converter bug cannot hide itself by being repeated here. Not used by the product.
 */
import type { AnyNode, Element } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { ComponentNode, PageContent } from '../../types.ts';

/** Never rendered (script, style, meta, link, title and the like), or graphics without text. */
const NOT_SHOWN = new Set(['head', 'script', 'style', 'meta', 'link', 'title', 'noscript', 'template', 'svg', 'math', 'datalist', 'base']);
/** A browser shows their children only when it cannot show the element itself. */
const FALLBACK_CONTENT = new Set(['video', 'audio', 'iframe', 'object', 'canvas', 'embed']);
/** Text flows through these without a break. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'label', 'mark', 'nobr',
  'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'wbr',
]);

function hidden(el: Element): boolean {
  const style = (el.attribs.style ?? '').toLowerCase().replace(/\s+/g, '');
  return (
    el.attribs.hidden !== undefined ||
    /(?:^|;)(?:display:none|visibility:hidden)/.test(style) ||
    (el.name === 'input' && el.attribs.type?.toLowerCase() === 'hidden') ||
    (el.name === 'dialog' && el.attribs.open === undefined)
  );
}

function shown(el: Element): boolean {
  return !NOT_SHOWN.has(el.name) && !hidden(el);
}

/** Elements a visitor can see, in document order. */
function visibleElements(html: string): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [...parseDocument(html).children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node) || !shown(node)) continue;
    found.push(node);
    if (FALLBACK_CONTENT.has(node.name)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

/** Quotation marks around a word: a renderer may draw a quote's marks itself. */
const QUOTES = /^["'“”„‘’‚«»‹›]+|["'“”„‘’‚«»‹›]+$/gu;

export function words(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[\s\u00ad]+/u)
    .map((word) => word.replace(QUOTES, ''))
    .filter(Boolean);
}

/** The words a visitor reads, in order: text, the options of selects, the captions of submit buttons. */
export function visibleWords(html: string): string[] {
  let text = '';
  const stack: Array<AnyNode | { close: true }> = [...parseDocument(html).children].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      text += ' ';
      continue;
    }
    if (isText(item)) {
      text += item.data;
      continue;
    }
    if (!isTag(item) || !shown(item)) continue;
    const block = !INLINE.has(item.name);
    if (block) text += ' ';
    if (item.name === 'input' && /^(?:submit|button|reset)$/i.test(item.attribs.type ?? '')) text += ` ${item.attribs.value ?? ''} `;
    if (FALLBACK_CONTENT.has(item.name)) continue;
    if (block) stack.push({ close: true });
    for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!);
  }
  return words(text);
}

function textOf(el: Element): string {
  let text = '';
  const stack: AnyNode[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) text += node.data;
    else if (isTag(node) && (node === el || shown(node))) {
      if (node.name === 'br') text += ' ';
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return words(text).join(' ');
}

export interface HeadingFact {
  readonly level: string;
  readonly text: string;
}

/** Every visible heading with text, in order. */
export function visibleHeadings(html: string): HeadingFact[] {
  return visibleElements(html)
    .filter((el) => /^h[1-6]$/.test(el.name))
    .map((el) => ({ level: el.name, text: textOf(el) }))
    .filter((heading) => heading.text !== '');
}

/** For every visible image with an address: the addresses it may load (src, lazy-loading attributes, srcset). */
export function visibleImages(html: string): string[][] {
  return visibleElements(html)
    .filter((el) => el.name === 'img')
    .map((img) =>
      ['src', 'data-src', 'data-lazy-src', 'data-original', 'srcset'].flatMap((name) => {
        const value = img.attribs[name]?.trim();
        if (!value) return [];
        return name === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
      }),
    )
    .filter((sources) => sources.some((src) => /^(?:https?:|\/|\.|[a-z0-9])/i.test(src) && !src.startsWith('data:')));
}

/** The targets of visible links a converted page may keep (web, mail and phone links, pages, fragments). */
export function visibleLinks(html: string): string[] {
  return visibleElements(html)
    .filter((el) => el.name === 'a' && el.attribs.href?.trim())
    .map((a) => a.attribs.href!.trim())
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) || /^(?:https?|mailto|tel):/i.test(href));
}

// ---- The converted document

function* nodes(doc: PageContent): Generator<ComponentNode> {
  const stack: ComponentNode[] = [...doc.flatMap((section) => section.components)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    for (let i = (node.components?.length ?? 0) - 1; i >= 0; i--) stack.push(node.components![i]!);
  }
}

/** Props that hold text a visitor reads, in the order a component shows them. */
const TEXT_PROPS = ['title', 'description', 'text', 'label', 'items', 'options', 'value', 'quote', 'author', 'position', 'buttonText', 'content'];

export function documentWords(doc: PageContent): string[] {
  const text: string[] = [];
  for (const node of nodes(doc)) {
    for (const prop of TEXT_PROPS) {
      // An image's or a video's title is a tooltip, not page text.
      if (prop === 'title' && (node.type === 'image' || node.type === 'youtube')) continue;
      const value = node.props[prop];
      if (typeof value === 'string') text.push(value);
      else if (Array.isArray(value)) text.push(...value.filter((v): v is string => typeof v === 'string'));
    }
  }
  return words(text.join(' '));
}

export function documentHeadings(doc: PageContent): HeadingFact[] {
  return [...nodes(doc)].filter((node) => node.type === 'heading').map((node) => ({ level: String(node.props.level), text: words(String(node.props.text)).join(' ') }));
}

/** Image addresses: images, and the pictures other components show (a testimonial's avatar, a hero's background). */
export function documentImages(doc: PageContent): string[] {
  return [...nodes(doc)].flatMap((node) => ['src', 'avatar', 'backgroundImage', 'logoImage', 'poster'].map((prop) => node.props[prop]).filter((v): v is string => typeof v === 'string' && v !== ''));
}

/** Every link target the document keeps: on buttons, images and boxes, inside text, in social links. */
export function documentLinks(doc: PageContent): string[] {
  const links: string[] = [];
  for (const node of nodes(doc)) {
    if (typeof node.props.href === 'string') links.push(node.props.href);
    if (typeof node.props.buttonUrl === 'string') links.push(node.props.buttonUrl);
    const kept = node.props.links;
    if (node.type === 'socialLinks') links.push(...Object.values(kept as Record<string, string>));
    else if (Array.isArray(kept)) links.push(...(kept as Array<{ href: string }>).map((link) => link.href));
  }
  return links;
}

/** How far back a word may be found when the converter moved it (a label written after its field goes to the field). */
const BACK_WINDOW = 40;
/** How many words one word may be split into (links drawn as separate buttons, glued together in the markup or the result). */
const MAX_PARTS = 8;

/**
 * Where `expected` stops being found in `actual`, with some context; null when all of it is there.
 * Every expected word must be found in order (other words may come between), with two allowances
 * for what the markup's CSS decides and the converter reads better: a word may be found up to
 * BACK_WINDOW words back when not used yet (a label moved onto its field), and a word glued from
 * several (`<a>Work</a><a>Services</a>`, which CSS draws apart) may match those words in a row, on
 * either side. Quotation marks around words do not count (a testimonial draws its own).
 */
export function firstMissingWord(expected: readonly string[], actual: readonly string[]): string | null {
  const used = new Set<number>();
  let at = 0;
  const take = (index: number, count = 1) => {
    for (let k = 0; k < count; k++) used.add(index + k);
    at = Math.max(at, index + count);
  };
  for (let i = 0; i < expected.length; i++) {
    const word = expected[i]!;
    const ahead = actual.indexOf(word, at);
    const glued = gluedAt(word, actual, at, used);
    if (glued && (ahead < 0 || glued.index <= ahead)) {
      take(glued.index, glued.count);
      continue;
    }
    // The other way round: buttons drawn side by side in the result, glued in its text ('moreBook').
    const parts = gluedParts(expected, i, actual[at]);
    if (parts > 1 && (ahead < 0 || ahead > at)) {
      take(at);
      i += parts - 1;
      continue;
    }
    if (ahead >= 0) {
      take(ahead);
      continue;
    }
    const back = backIndex(word, actual, at, used);
    if (back >= 0) {
      used.add(back);
      continue;
    }
    return `"${word}" (word ${i + 1} of ${expected.length}) after "${expected.slice(Math.max(0, i - 8), i).join(' ')}"; the converted text from there: "${actual.slice(at, at + 20).join(' ')}"`;
  }
  return null;
}

function gluedAt(word: string, actual: readonly string[], at: number, used: ReadonlySet<number>): { index: number; count: number } | null {
  for (let start = at; start < Math.min(actual.length, at + BACK_WINDOW); start++) {
    if (used.has(start) || !word.startsWith(actual[start]!) || word === actual[start]) continue;
    let joined = '';
    for (let count = 1; count <= MAX_PARTS && start + count <= actual.length; count++) {
      joined += actual[start + count - 1];
      if (joined === word) return { index: start, count };
      if (!word.startsWith(joined)) break;
    }
  }
  return null;
}

/** How many expected words from `from` on make up `word` glued together (0 when they do not). */
function gluedParts(expected: readonly string[], from: number, word: string | undefined): number {
  if (word === undefined) return 0;
  let joined = '';
  for (let count = 1; count <= MAX_PARTS && from + count <= expected.length; count++) {
    joined += expected[from + count - 1];
    if (joined === word) return count;
    if (!word.startsWith(joined)) return 0;
  }
  return 0;
}

function backIndex(word: string, actual: readonly string[], at: number, used: ReadonlySet<number>): number {
  for (let index = at - 1; index >= Math.max(0, at - BACK_WINDOW); index--) if (!used.has(index) && actual[index] === word) return index;
  return -1;
}
