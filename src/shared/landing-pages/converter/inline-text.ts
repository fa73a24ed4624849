import type { AnyNode, Element } from 'domhandler';
import { isElement, isIgnored, isText } from './dom.ts';

/** A link inside running text: the text it covers and where it points. */
export interface TextLink {
  readonly text: string;
  readonly href: string;
}

/** A stretch of running text, as one text component holds it. */
export interface InlineText {
  /** Whitespace collapsed as a browser shows it; a `<br>` is a line break. */
  readonly text: string;
  readonly links: readonly TextLink[];
  /** Whether all of the text is bold, italic or underlined (the text components' style flags). */
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
}

/** What a line of inline content is made of: text, and elements that become components of their own. */
export type InlinePiece =
  | { readonly kind: 'text'; readonly text: InlineText }
  | { readonly kind: 'element'; readonly el: Element; readonly href: string | undefined };

export interface InlineRules {
  /** Elements that leave the text and become a component (images, form controls, button-like links). */
  standsAlone(el: Element): boolean;
  /** Elements that add nothing here (a label already given to its control). */
  skip(el: Element): boolean;
  /** Inline elements drawn as blocks (a span with class 'block'): their text starts and ends a line. */
  breaksLine(el: Element): boolean;
  href(el: Element): string | undefined;
}

const BOLD_TAGS = new Set(['b', 'strong']);
const ITALIC_TAGS = new Set(['i', 'em', 'cite', 'dfn', 'var']);
const UNDERLINE_TAGS = new Set(['u', 'ins']);

/** Collects running text with its links and how much of it is bold, italic or underlined. */
class TextBuffer {
  private raw = '';
  private letters = 0;
  private boldLetters = 0;
  private italicLetters = 0;
  private underlineLetters = 0;
  readonly links: TextLink[] = [];

  get length(): number {
    return this.raw.length;
  }

  append(text: string, style: { bold: number; italic: number; underline: number }): void {
    this.raw += text.replace(/[ \t\n\r\f]+/g, ' ');
    const letters = text.replace(/\s+/g, '').length;
    this.letters += letters;
    if (style.bold > 0) this.boldLetters += letters;
    if (style.italic > 0) this.italicLetters += letters;
    if (style.underline > 0) this.underlineLetters += letters;
  }

  lineBreak(): void {
    this.raw += '\n';
  }

  slice(start: number): string {
    return normalise(this.raw.slice(start));
  }

  finish(): InlineText | undefined {
    const text = normalise(this.raw);
    // Only no-break spaces (an e-mail's spacer cell) is no text.
    if (/^\s*$/.test(text)) return undefined;
    const all = (count: number) => this.letters > 0 && count === this.letters;
    return { text, links: this.links, bold: all(this.boldLetters), italic: all(this.italicLetters), underline: all(this.underlineLetters) };
  }
}

/** Collapses spaces, keeps line breaks (without the spaces around them), trims; the no-break space stays. */
function normalise(raw: string): string {
  return raw
    .replace(/ {2,}/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/^[ \n]+|[ \n]+$/g, '');
}

/**
 * Splits a line of inline content into text and stand-alone elements, in order. Links inside the
 * text are kept as (text, href) pairs; an element that stands alone inside a link carries the link.
 */
export function inlinePieces(nodes: readonly AnyNode[], rules: InlineRules): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let buffer = new TextBuffer();
  const style = { bold: 0, italic: 0, underline: 0 };
  /** The links we are inside, with where their text started in the current buffer. */
  const openLinks: Array<{ href: string; start: number }> = [];

  const closeLink = (link: { href: string; start: number }) => {
    const text = buffer.slice(link.start);
    if (text) buffer.links.push({ text, href: link.href });
  };
  const flush = () => {
    for (const link of openLinks) closeLink(link);
    const text = buffer.finish();
    if (text) pieces.push({ kind: 'text', text });
    buffer = new TextBuffer();
    for (const link of openLinks) link.start = 0;
  };

  // Iterative walk with explicit exits, so deep inline nesting cannot exhaust the stack.
  type Step = { node: AnyNode } | { exit: Element; link: boolean; line: boolean };
  const stack: Step[] = [...nodes].reverse().map((node) => ({ node }));
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('exit' in step) {
      adjustStyle(style, step.exit.name, -1);
      if (step.link) closeLink(openLinks.pop()!);
      if (step.line) buffer.lineBreak();
      continue;
    }
    const { node } = step;
    if (isText(node)) {
      buffer.append(node.data, style);
      continue;
    }
    if (!isElement(node) || isIgnored(node) || rules.skip(node)) continue;
    if (node.name === 'br') {
      buffer.lineBreak();
      continue;
    }
    if (rules.standsAlone(node)) {
      flush();
      pieces.push({ kind: 'element', el: node, href: openLinks.at(-1)?.href });
      continue;
    }
    const href = node.name === 'a' ? rules.href(node) : undefined;
    if (href !== undefined) openLinks.push({ href, start: buffer.length });
    adjustStyle(style, node.name, 1);
    const line = rules.breaksLine(node);
    if (line) buffer.lineBreak();
    stack.push({ exit: node, link: href !== undefined, line });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]! });
  }
  flush();
  return pieces;
}

function adjustStyle(style: { bold: number; italic: number; underline: number }, tag: string, by: 1 | -1): void {
  if (BOLD_TAGS.has(tag)) style.bold += by;
  if (ITALIC_TAGS.has(tag)) style.italic += by;
  if (UNDERLINE_TAGS.has(tag)) style.underline += by;
}
