import { Comment, Document, Element, ProcessingInstruction, Text, type ChildNode, type ParentNode } from 'domhandler';
import { Tokenizer, type QuoteType, type TokenizerCallbacks } from 'htmlparser2';
import { flowsInline, isIgnored } from './dom.ts';
import { HTML_READ_LIMITS } from './messages.ts';

/**
 * Builds the DOM of a page from htmlparser2's tokenizer, with the tree rules of htmlparser2's own
 * parser (which tags close which, void elements, SVG and MathML) but not its cost on hostile markup:
 * that parser keeps its open elements in an array it grows at the front and searches whole, so a
 * megabyte of unclosed `<div>` costs seconds, growing with the square of the size. Here every tag
 * costs a constant amount of work: the open elements are a stack grown at the end, with a count of
 * each tag name for the "is one open?" questions. And the tree stays within what the converter reads
 * (HTML_READ_LIMITS): elements nested deeper are left out, their text and images kept in place (but
 * not what a visitor would not see: a script, a hidden box); after the element budget reading stops.
 */
export interface ParsedHtml {
  readonly document: Document;
  /** Elements nested past the depth limit were left out (their visible text and images kept). */
  readonly flattened: boolean;
  /** The element budget ran out: the rest of the page was not read. */
  readonly stopped: boolean;
}

export interface ReadLimits {
  readonly depth: number;
  readonly elements: number;
}

export function parseHtml(html: string, limits: ReadLimits = HTML_READ_LIMITS): ParsedHtml {
  const builder = new TreeBuilder(html, limits);
  const tokenizer = new Tokenizer({ decodeEntities: true }, builder);
  builder.tokenizer = tokenizer;
  tokenizer.write(html);
  tokenizer.end();
  return { document: builder.document, flattened: builder.flattened, stopped: builder.stopped };
}

// ---- htmlparser2's tree rules (HTML mode, as parseDocument reads a page)

const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const P_TAG = new Set(['p']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DD_DT_TAGS = new Set(['dd', 'dt']);
const RT_RP_TAGS = new Set(['rt', 'rp']);

/** An opening tag closes the open elements of these names first (a `<p>` ends the paragraph before it). */
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ...[...HEADING_TAGS].filter((tag) => tag !== 'p').map((tag): [string, ReadonlySet<string>] => [tag, HEADING_TAGS]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((tag): [string, ReadonlySet<string>] => [tag, FORM_TAGS]),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT_TAGS],
  ['dt', DD_DT_TAGS],
  ...['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map(
    (tag): [string, ReadonlySet<string>] => [tag, P_TAG],
  ),
  ['rt', RT_RP_TAGS],
  ['rp', RT_RP_TAGS],
  ['tbody', TABLE_SECTION_TAGS],
  ['tfoot', TABLE_SECTION_TAGS],
]);

const VOID_ELEMENTS = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/**
 * What became of an open element: made into the tree; left out past the depth limit, its content
 * kept in place ('flat') or, what a visitor would not see (a script, a hidden box), with its content
 * ('hidden'); undefined until its attributes are read.
 */
type Opened = Element | 'flat' | 'hidden' | undefined;

/** Whether the innermost foreign context is none (HTML), SVG or MathML. */
const Foreign = { None: 0, Svg: 1, MathML: 2 } as const;
type Foreign = (typeof Foreign)[keyof typeof Foreign];
const FOREIGN_ELEMENTS = new Set(['math', 'svg']);
/** Elements inside SVG or MathML whose content is HTML again (names in their SVG casing). */
const HTML_INTEGRATION_ELEMENTS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);
const SVG_TAG_NAMES = new Map(
  [
    'altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform', 'clipPath', 'feBlend', 'feColorMatrix',
    'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow',
    'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
    'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence', 'foreignObject', 'glyphRef', 'linearGradient',
    'radialGradient', 'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

/** The tokenizer's events made into a tree: each event does a constant amount of work, amortized. */
class TreeBuilder implements TokenizerCallbacks {
  readonly document = new Document([]);
  tokenizer: Tokenizer | undefined;
  flattened = false;
  stopped = false;

  /** Open elements, innermost last: their names, and what became of each. */
  private readonly openNames: string[] = [];
  private readonly openElements: Opened[] = [];
  /** How many elements of each name are open. */
  private readonly openCount = new Map<string, number>();
  /** The elements new nodes go into: the document and the open elements that were kept. */
  private readonly parents: ParentNode[] = [this.document];
  private readonly foreign: Foreign[] = [Foreign.None];
  private elements = 0;
  /** How many open elements past the depth limit hide what they hold (a script, a hidden box). */
  private hiddenOpen = 0;
  /** The text node that text read next joins, if nothing came between. */
  private lastText: Text | null = null;

  private tagname = '';
  private attribs: Record<string, string> | null = null;
  private attribname = '';
  private attribvalue = '';

  constructor(
    private readonly html: string,
    private readonly limits: ReadLimits,
  ) {}

  // ---- The tree

  private append(node: ChildNode): void {
    if (this.hiddenOpen > 0) return;
    const parent = this.parents[this.parents.length - 1]!;
    const previous = parent.children[parent.children.length - 1];
    parent.children.push(node);
    if (previous) {
      node.prev = previous;
      previous.next = node;
    }
    node.parent = parent;
    this.lastText = null;
  }

  private addText(data: string): void {
    if (this.hiddenOpen > 0) return;
    if (this.lastText) {
      this.lastText.data += data;
      return;
    }
    const text = new Text(data);
    this.append(text);
    this.lastText = text;
  }

  /** Whether the element about to open goes into the tree, stopping the read when the budget is spent. */
  private makesElement(): boolean {
    if (this.elements < this.limits.elements) return true;
    this.stopped = true;
    this.tokenizer?.pause();
    return false;
  }

  private isOpen(name: string): boolean {
    return (this.openCount.get(name) ?? 0) > 0;
  }

  private push(name: string): void {
    this.openNames.push(name);
    this.openElements.push(undefined);
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
  }

  /** Closes the innermost open element. */
  private pop(): void {
    const name = this.openNames.pop()!;
    const opened = this.openElements.pop();
    this.openCount.set(name, this.openCount.get(name)! - 1);
    if (FOREIGN_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) this.foreign.pop();
    if (opened instanceof Element) {
      this.parents.pop();
      this.lastText = null;
    } else if (opened === 'hidden') this.hiddenOpen--;
    else if (opened === 'flat' && !flowsInline(name)) this.addText(' ');
  }

  private top(): string | undefined {
    return this.openNames[this.openNames.length - 1];
  }

  /**
   * The element of a tag whose attributes have been read, into the tree; past the depth limit, left
   * out with its content kept in place, or with its content too when a visitor would not see it.
   */
  private openElement(name: string, attribs: Record<string, string>, isVoid: boolean): void {
    if (this.hiddenOpen > 0) {
      if (!isVoid) this.mark('hidden');
      return;
    }
    const element = new Element(name, attribs);
    if (!isVoid && this.parents.length - 1 >= this.limits.depth) {
      this.flattened = true;
      if (isIgnored(element)) return this.mark('hidden');
      // Its children go into the deepest element kept; a block still separates the words around it.
      if (!flowsInline(name)) this.addText(' ');
      return this.mark('flat');
    }
    this.elements++;
    this.append(element);
    if (isVoid) return;
    this.mark(element);
    this.parents.push(element);
  }

  /** Records what became of the innermost open element. */
  private mark(opened: Element | 'flat' | 'hidden'): void {
    this.openElements[this.openElements.length - 1] = opened;
    if (opened === 'hidden') this.hiddenOpen++;
  }

  // ---- Tags

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== Foreign.None;
  }

  private readTagName(start: number, end: number): string {
    const name = this.html.slice(start, end).toLowerCase();
    if (this.foreign[this.foreign.length - 1] === Foreign.Svg) return SVG_TAG_NAMES.get(name) ?? name;
    if (this.foreign.length > 1) {
      const adjusted = SVG_TAG_NAMES.get(name);
      if (adjusted !== undefined && this.isOpen(adjusted)) return adjusted;
    }
    if (!this.isInForeignContext()) return name === 'image' ? 'img' : name;
    return name;
  }

  onopentagname(start: number, end: number): void {
    if (!this.stopped) this.emitOpenTag(this.readTagName(start, end));
  }

  private emitOpenTag(name: string): void {
    this.tagname = name;
    // A second <form> inside an open one is ignored.
    if (name === 'form' && this.isOpen('form')) {
      this.tagname = '';
      return;
    }
    if (!this.makesElement()) {
      this.tagname = '';
      return;
    }
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (closes) while (this.openNames.length > 0 && closes.has(this.top()!)) this.pop();
    if (!VOID_ELEMENTS.has(name)) {
      this.push(name);
      if (name === 'svg') this.foreign.push(Foreign.Svg);
      else if (name === 'math') this.foreign.push(Foreign.MathML);
      else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.foreign.push(Foreign.None);
    }
    this.attribs = {};
  }

  private endOpenTag(): void {
    if (this.attribs) {
      this.openElement(this.tagname, this.attribs, VOID_ELEMENTS.has(this.tagname));
      this.attribs = null;
    }
    this.tagname = '';
  }

  onopentagend(): void {
    if (!this.stopped) this.endOpenTag();
  }

  onselfclosingtag(): void {
    if (this.stopped) return;
    if (!this.isInForeignContext()) return this.endOpenTag();
    // In SVG and MathML `<path/>` closes itself.
    const name = this.tagname;
    this.endOpenTag();
    if (this.top() === name) this.pop();
  }

  onclosetag(start: number, end: number): void {
    if (this.stopped) return;
    const name = this.readTagName(start, end);
    if (VOID_ELEMENTS.has(name)) {
      // `</br>` is read as a `<br>`.
      if (name === 'br' && this.makesElement()) this.openElement('br', {}, true);
      return;
    }
    // Closes the innermost open element of that name and everything opened inside it; the search
    // costs no more than the closing it leads to, and nothing when no such element is open.
    if (this.isOpen(name)) {
      while (this.top() !== name) this.pop();
      this.pop();
    } else if (name === 'p') {
      // A `</p>` without its `<p>` is an empty paragraph.
      this.emitOpenTag('p');
      if (this.tagname === 'p') {
        this.endOpenTag();
        if (this.top() === 'p') this.pop();
      }
    }
  }

  // ---- Attributes

  onattribname(start: number, end: number): void {
    this.attribname = this.html.slice(start, end).toLowerCase();
  }

  onattribdata(start: number, end: number): void {
    this.attribvalue += this.html.slice(start, end);
  }

  onattribentity(codepoint: number): void {
    this.attribvalue += String.fromCodePoint(codepoint);
  }

  onattribend(_quote: QuoteType): void {
    // The first of repeated attributes counts.
    if (this.attribs && !Object.hasOwn(this.attribs, this.attribname)) this.attribs[this.attribname] = this.attribvalue;
    this.attribvalue = '';
  }

  // ---- Text and the rest

  ontext(start: number, end: number): void {
    if (!this.stopped) this.addText(this.html.slice(start, end));
  }

  ontextentity(codepoint: number): void {
    if (!this.stopped) this.addText(String.fromCodePoint(codepoint));
  }

  oncomment(start: number, end: number, offset: number): void {
    if (!this.stopped) this.append(new Comment(this.html.slice(start, end - offset)));
  }

  oncdata(start: number, end: number, offset: number): void {
    if (this.stopped) return;
    const value = this.html.slice(start, end - offset);
    if (this.isInForeignContext()) this.addText(value);
    else this.append(new Comment(`[CDATA[${value}]]`));
  }

  ondeclaration(start: number, end: number): void {
    if (!this.stopped) this.append(new ProcessingInstruction('!doctype', `!${this.html.slice(start, end)}`));
  }

  onprocessinginstruction(start: number, end: number): void {
    if (this.stopped) return;
    const value = this.html.slice(start, end);
    const index = value.search(/\s|\//);
    const name = (index < 0 ? value : value.slice(0, index)).toLowerCase();
    this.append(new ProcessingInstruction(`?${name}`, `?${value}`));
  }

  onend(): void {}
}
