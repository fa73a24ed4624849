import { formatCustomCss, parseCustomCss } from '../custom-css.ts';
import type { Styles } from '../types.ts';
import { hasChildren, isTag, isText as isTextNode, type AnyNode, type Element, type ParentNode, type Text } from 'domhandler';

/**
 * What the converter needs to know about HTML elements: which ones it ignores, which flow inline
 * inside running text, which stand on their own even there, and how to read their attributes.
 */

/** Never visible, or not content: scripts, styles, the document head and graphics code. */
const IGNORED_TAGS = new Set([
  'script',
  'style',
  'meta',
  'link',
  'title',
  'noscript',
  'template',
  'head',
  'base',
  'svg',
  'math',
  'source',
  'track',
  'param',
  'datalist',
  'colgroup',
  'col',
  'map',
  'area',
]);

/** Elements that flow inside a line of text: their text joins the text around them. */
const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'nobr',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

/** Whether elements of a tag flow inside a line of text (their text joins the text around them). */
export function flowsInline(name: string): boolean {
  return INLINE_TAGS.has(name);
}

/** Elements that become a component of their own even in the middle of a line of text. */
const ATOMIC_TAGS = new Set([
  'img',
  'picture',
  'video',
  'audio',
  'iframe',
  'embed',
  'object',
  'canvas',
  'button',
  'input',
  'select',
  'textarea',
  'lite-youtube',
]);

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function isElement(node: AnyNode): node is Element {
  return isTag(node);
}

export function isText(node: AnyNode): node is Text {
  return isTextNode(node);
}

export function attr(el: Element, name: string): string | undefined {
  const value = el.attribs[name];
  return value === undefined ? undefined : value.trim();
}

/** The class attribute as one space-separated string, as the components' tailwindClasses hold it. */
export function classString(el: Element): string {
  return (el.attribs.class ?? '').split(/\s+/).filter(Boolean).join(' ');
}

export function classTokens(el: Element): string[] {
  return (el.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

/** An element's style attribute as a node's customCSS (only declarations the model accepts). */
export function styleOf(el: Element | undefined): Styles {
  const css = el ? formatCustomCss(parseCustomCss(el.attribs.style)) : '';
  return css ? { customCSS: css } : {};
}

/** `style="display: none"` and its kin, read loosely: what browsers would hide. */
function styleHides(style: string | undefined): boolean {
  return style !== undefined && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i.test(style);
}

/** Elements a visitor never sees: ignored tags, `hidden`, `display: none`, hidden inputs, closed dialogs. */
export function isIgnored(el: Element): boolean {
  if (IGNORED_TAGS.has(el.name)) return true;
  if (el.attribs.hidden !== undefined || styleHides(el.attribs.style)) return true;
  if (el.name === 'input' && attr(el, 'type')?.toLowerCase() === 'hidden') return true;
  return el.name === 'dialog' && el.attribs.open === undefined;
}

export function isAtomic(el: Element): boolean {
  return ATOMIC_TAGS.has(el.name);
}

/** Whitespace as HTML collapses it (not the no-break space, which stays). */
export const HTML_SPACE = /[ \t\n\r\f]+/g;

/** Looks no further than the first character that is not a space: text nodes may be long and asked often. */
export function isBlank(text: string): boolean {
  return !/[^ \t\n\r\f]/.test(text);
}

/**
 * Whether an element sits inside a line of text: an inline tag (or an atomic one) that holds no
 * block of its own. An `<a>` around a heading and a paragraph (a linked card) is a block.
 */
export function isInline(el: Element, cache: WeakMap<Element, boolean>): boolean {
  if (isAtomic(el)) return true;
  if (!INLINE_TAGS.has(el.name)) return false;
  let inline = cache.get(el);
  if (inline === undefined) {
    inline = el.children.every((child) => !isElement(child) || isIgnored(child) || isInline(child, cache));
    cache.set(el, inline);
  }
  return inline;
}

/** The children that matter: no comments, no ignored or hidden elements. Blank text is kept (it separates words). */
export function contentChildren(el: { children: AnyNode[] }): AnyNode[] {
  return el.children.filter((child) => (isElement(child) ? !isIgnored(child) : isText(child)));
}

/** Child elements with a tag name, ignored ones included (a video's or a picture's `<source>`s). */
export function childrenNamed(el: Element, name: string): Element[] {
  return el.children.filter((child): child is Element => isElement(child) && child.name === name);
}

/** The element children that matter. */
export function elementChildren(el: { children: AnyNode[] }): Element[] {
  return el.children.filter((child): child is Element => isElement(child) && !isIgnored(child));
}

/** Whether an element holds any text outside its element children (loose text beside blocks). */
export function hasLooseText(el: { children: AnyNode[] }): boolean {
  return el.children.some((child) => isText(child) && !isBlank(child.data));
}

/**
 * The text of an element as it reads, whitespace collapsed, without ignored or hidden parts.
 * Iterative: a hostile document nested a million levels deep cannot exhaust the stack.
 */
export function plainText(root: AnyNode): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) parts.push(node.data);
    else if (isElement(node) && node !== root && isIgnored(node)) continue;
    else if (hasChildren(node)) {
      if (isElement(node) && node.name === 'br') parts.push(' ');
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return parts.join('').replace(HTML_SPACE, ' ').trim();
}

const CONTENT_TAGS = new Set(['img', 'picture', 'video', 'audio', 'iframe', 'embed', 'object', 'input', 'select', 'textarea', 'button', 'hr', 'lite-youtube']);

/** Whether an element shows anything: text, an image, a player, a control or a rule (not an empty box). */
export function hasContent(root: Element): boolean {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      if (!isBlank(node.data)) return true;
    } else if (isElement(node) && (node === root || !isIgnored(node))) {
      if (CONTENT_TAGS.has(node.name)) return true;
      for (const child of node.children) stack.push(child);
    }
  }
  return false;
}

/** A pixel count as written in a width or height attribute ('400', '400px', '50%') as a CSS length. */
export function lengthAttr(el: Element, name: 'width' | 'height'): string | undefined {
  const value = attr(el, name);
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return `${value}px`;
  if (/^\d+(?:\.\d+)?(?:px|%|em|rem|vw|vh)$/.test(value)) return value;
  return undefined;
}

/** The first element (depth first) that matches. */
export function findElement(root: ParentNode, match: (el: Element) => boolean): Element | undefined {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node) || isIgnored(node)) continue;
    if (match(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return undefined;
}

/** The first element with a tag name anywhere, the head and other ignored parts included (`<title>`, `<base>`). */
export function findTag(root: ParentNode, name: string): Element | undefined {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (node.name === name) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return undefined;
}

/** Every element (depth first, document order) that matches, not looking inside matches. */
export function findElements(root: ParentNode, match: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node) || isIgnored(node)) continue;
    if (match(node)) {
      found.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

/** An inline element that its classes or style draw as a block (Tailwind's and Bootstrap's display utilities). */
export function drawnAsBlock(el: Element): boolean {
  if (classTokens(el).some((t) => /^(?:block|d-block|flex|d-flex|grid)$/.test(t))) return true;
  return /(?:^|;)\s*display\s*:\s*(?:block|flex|grid)/i.test(el.attribs.style ?? '');
}

/** Text exactly as written (a `<pre>` keeps its spaces and line breaks). */
export function rawText(root: Element): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) parts.push(node.data);
    else if (isElement(node) && !isIgnored(node)) {
      if (node.name === 'br') parts.push('\n');
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return parts.join('');
}
