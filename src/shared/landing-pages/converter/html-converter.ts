import type { AnyNode, Element } from 'domhandler';
import { equalColumnWidths, type ComponentType } from '../component-definitions.ts';
import { GRID, HEADING_LEVEL_CLASSES, type HeadingLevel } from '../constants.ts';
import { createComponent, createSection } from '../create.ts';
import type { IdMaker } from '../ids.ts';
import type { ComponentNode, SectionNode, Styles } from '../types.ts';
import { blankTextsOf, isPlainContainer, joinClasses, leaves, levelSize, mergeSocialLinks, TAILWIND_TEXT_SIZE, withLinks } from './component-props.ts';
import { formatCustomCss, parseCustomCss, type StyleObject } from '../custom-css.ts';
import {
  attr,
  childrenNamed,
  classTokens,
  contentChildren,
  drawnAsBlock,
  elementChildren,
  findElement,
  findElements,
  HEADING_TAGS,
  hasLooseText,
  isAtomic,
  isBlank,
  isElement,
  isIgnored,
  isInline,
  isText,
  plainText,
  rawText,
} from './dom.ts';
import { translateClasses, type Framework } from './framework-classes.ts';
import { describeControl, formProps, insideForm, isControl, wrappedControls, type LabelIndex } from './forms.ts';
import { inlinePieces, type InlineRules, type InlineText, type TextLink } from './inline-text.ts';
import { columnLayout, columnWeights, columnWidths, GRID_LAYOUT_CLASS, gridGap, withoutLayout, type ColumnLayout } from './layout.ts';
import { frameProps, imageProps, scriptedYouTube, videoProps, type MediaProps } from './media.ts';
import type { PageStyles } from './page-styles.ts';
import type { SectionRoot } from './section-roots.ts';
import { buttonVariant, isButtonLike, socialPlatform, type UrlResolver } from './urls.ts';

type TextKind = { readonly type: 'paragraph' } | { readonly type: 'heading'; readonly level: HeadingLevel };
/** Longer than this, a link made of boxes is a card of text rather than a button. */
const TEXT_LINK_MAX = 80;
const PARAGRAPH: TextKind = { type: 'paragraph' };

/** Elements whose own meaning the converter reads; any other element is a generic box of content. */
const SPECIFIC_TAGS = new Set([
  ...HEADING_TAGS,
  'p',
  'pre',
  'ul',
  'ol',
  'menu',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'blockquote',
  'figure',
  'form',
  'a',
  'label',
  'dt',
  'dd',
  'caption',
  'figcaption',
  'legend',
  'summary',
  'address',
]);
/** Block elements that hold one line of text (when they hold no blocks). */
const TEXT_BLOCK_TAGS = new Set(['p', 'dt', 'dd', 'caption', 'figcaption', 'legend', 'summary', 'address']);

/** How the page draws itself beyond its markup: the framework its classes belong to, and its own CSS's colours. */
export interface PageLook {
  readonly framework: Framework | undefined;
  readonly styles: PageStyles | undefined;
}
const NO_LOOK: PageLook = { framework: undefined, styles: undefined };

/**
 * Turns HTML elements into builder components: headings, paragraphs, lists, images,
 * videos and YouTube players, buttons and links, forms and their controls, grids from multi-column
 * layouts, containers, dividers. Classes travel as tailwindClasses, style attributes as customCSS.
 * Every piece of visible text ends up in some component: what has no component of its own is kept
 * as a paragraph. One converter per document: it holds the label index and collects warnings.
 */
export class HtmlConverter {
  readonly warnings = new Set<string>();
  private readonly inlineCache = new WeakMap<Element, boolean>();
  private readonly converted = new WeakMap<Element, ComponentNode[]>();
  private readonly inlineRules: InlineRules;

  constructor(
    private readonly makeId: IdMaker,
    private readonly urls: UrlResolver,
    private readonly labels: LabelIndex,
    /** Ids that links of the page point to (href="#id"): elements with them keep the id as an anchor. */
    private readonly linkedIds: ReadonlySet<string>,
    private readonly look: PageLook = NO_LOOK,
  ) {
    this.inlineRules = {
      standsAlone: (el) => isAtomic(el) || (el.name === 'a' && isButtonLike(el)) || (el.name === 'label' && wrappedControls(el).length > 0),
      skip: (el) => el.name === 'label' && this.labels.isConsumed(el),
      href: (el) => this.urls.href(attr(el, 'href')),
      breaksLine: drawnAsBlock,
    };
  }

  // ---- Building nodes

  /** An element's classes as the converted page keeps them: a framework's translated or dropped. */
  private classesOf(el: Element | undefined, tokens: readonly string[] = el ? classTokens(el) : []): string {
    return translateClasses(this.look.framework, tokens);
  }

  /**
   * An element's style: the colours the page's CSS gives it, under its style attribute (`inline`, when
   * given, in place of it). With `text`, a colour that inline elements give all of its text (a span
   * around a heading's words) comes along, since the text it holds is kept without them.
   */
  private stylesOf(el: Element | undefined, { inline, text = false }: { inline?: StyleObject; text?: boolean } = {}): StyleObject {
    if (!el) return {};
    const own = { ...this.look.styles?.own(el), ...(inline ?? parseCustomCss(el.attribs.style)) };
    const colour = text ? this.textColour(el) : undefined;
    return colour ? { ...own, color: colour } : own;
  }

  /** The colour inline elements give every piece of an element's text, if they all give one and the same. */
  private textColour(el: Element): string | undefined {
    const styles = this.look.styles;
    if (!styles || styles.empty) return undefined;
    let found: string | undefined;
    const stack: AnyNode[] = [...el.children];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (isElement(node)) {
        if (!isIgnored(node)) stack.push(...node.children);
        continue;
      }
      if (!isText(node) || isBlank(node.data)) continue;
      let colour: string | undefined;
      for (let up = node.parent; up && up !== el && isElement(up); up = up.parent) {
        const set = parseCustomCss(up.attribs.style).color ?? styles.own(up).color;
        if (set !== undefined) {
          colour = String(set);
          break;
        }
      }
      if (colour === undefined || (found !== undefined && colour !== found)) return undefined;
      found = colour;
    }
    return found;
  }

  /** A component of a type, its text fields blank unless given, classes and inline style from `from`. */
  private node(type: ComponentType, props: Record<string, unknown>, from?: Element, children?: ComponentNode[]): ComponentNode {
    const tailwindClasses = props.tailwindClasses ?? this.classesOf(from);
    const created = createComponent(type, { ...blankTextsOf(type), ...props, tailwindClasses }, this.makeId);
    const node = { ...created, styles: asStyles(this.stylesOf(from, { text: type === 'button' || type === 'paragraph' || type === 'heading' })) };
    return children ? { ...node, components: children } : node;
  }

  private anchorOf(el: Element): Record<string, string> {
    const id = attr(el, 'id');
    return id && this.linkedIds.has(id) ? { anchor: id } : {};
  }

  private textNode(text: InlineText, kind: TextKind): ComponentNode {
    const flags = { bold: String(text.bold), italic: String(text.italic), underline: String(text.underline) };
    if (kind.type === 'heading') {
      return this.node('heading', withLinks({ text: text.text, level: kind.level, ...flags, tailwindClasses: HEADING_LEVEL_CLASSES[kind.level] }, text.links));
    }
    return this.node('paragraph', withLinks({ text: text.text, ...flags }, text.links));
  }

  /** A text node that is all its element holds takes the element's classes, style and anchor. */
  private restyle(node: ComponentNode, el: Element): ComponentNode {
    let classes = this.classesOf(el);
    if (node.type === 'heading') {
      const level = node.props.level as HeadingLevel;
      // Without a size of its own a heading would look like body text (Tailwind resets h1-h6): give it its
      // level's size and weight (not its colour, which the page around it decides).
      if (!classes.split(' ').some((c) => TAILWIND_TEXT_SIZE.test(c))) classes = joinClasses(classes, levelSize(level));
    }
    return { ...node, props: { ...node.props, tailwindClasses: classes, ...this.anchorOf(el) }, styles: asStyles(this.stylesOf(el, { text: true })) };
  }

  /**
   * Items inside an element that draws something (classes, a style, an anchor, extra props) go into a
   * container that carries it; otherwise the element adds nothing and its items take its place. A
   * wrapper around a lone container merges into it, so div soup does not become a tower of containers.
   */
  private wrap(el: Element, items: ComponentNode[], extra: Record<string, unknown> = {}): ComponentNode[] {
    if (items.length === 0) return [];
    const classes = this.classesOf(el);
    const styles = asStyles(this.stylesOf(el));
    const props = { ...extra, ...this.anchorOf(el) };
    const draws = classes !== '' || Object.keys(styles).length > 0 || Object.keys(props).length > 0;
    if (!draws) return items;
    const only = items.length === 1 ? items[0]! : undefined;
    if (only?.type === 'container' && Object.keys(props).length === 0 && isPlainContainer(only)) {
      const childCss = only.styles.customCSS;
      const css = [styles.customCSS, childCss].filter(Boolean).join('; ');
      return [{ ...only, props: { ...only.props, tailwindClasses: joinClasses(classes, String(only.props.tailwindClasses ?? '')) }, styles: css ? { customCSS: css } : {} }];
    }
    return [this.node('container', { padding: '', maxWidth: '', ...props }, el, items)];
  }

  // ---- Walking

  /** A list of sibling nodes: runs of inline content become text, blocks convert on their own. */
  convertNodes(nodes: readonly AnyNode[]): ComponentNode[] {
    const out: ComponentNode[] = [];
    let run: AnyNode[] = [];
    for (const node of nodes) {
      if (isText(node) || (isElement(node) && !isIgnored(node) && isInline(node, this.inlineCache))) {
        run.push(node);
      } else if (isElement(node) && !isIgnored(node)) {
        out.push(...this.inline(run));
        run = [];
        out.push(...this.element(node));
      }
    }
    out.push(...this.inline(run));
    return mergeSocialLinks(out);
  }

  /** A section of the page: a top-level element (its classes, style and anchor on the section), or loose content. */
  section(root: SectionRoot): SectionNode {
    if (root.kind === 'loose') {
      const parent = root.nodes[0]?.parent;
      const around = parent && isElement(parent) ? this.around(parent, true, {}) : {};
      return { ...createSection('section', {}, this.makeId), styles: asStyles(around), components: this.convertNodes(root.nodes) };
    }
    const { el } = root;
    if ((!this.isGenericBlock(el) && el.name !== 'tr') || scriptedYouTube(el)) {
      return { ...createSection('section', {}, this.makeId), styles: asStyles(this.around(el, false, {})), components: this.element(el) };
    }
    const layout = el.name === 'tr' ? null : columnLayout(el, this.inlineCache);
    const components = el.name === 'tr' ? this.rowItems(el) : layout ? this.grids(el, layout, false) : this.convertNodes(contentChildren(el));
    // A section that is itself a row of columns keeps the layout classes on its grids and the rest itself.
    const { classes, style } = layout ? this.withoutLayout(el) : { classes: this.classesOf(el), style: this.stylesOf(el) };
    return { ...createSection('section', { tailwindClasses: classes, ...this.anchorOf(el) }, this.makeId), styles: asStyles(this.around(el, false, style)), components };
  }

  /**
   * A section's style with what it shows from the page around it: the wrappers and the body it is
   * taken out of may set the text colour and the background it stands on. Each comes only when the
   * section's own style says nothing of it.
   */
  private around(el: Element, withOwn: boolean, own: StyleObject): StyleObject {
    const styles = this.look.styles;
    if (!styles || styles.empty) return own;
    const inherited = styles.inherited(el, withOwn);
    const ownBackground = Object.keys(own).some((name) => name.startsWith('background'));
    const taken = Object.fromEntries(Object.entries(inherited).filter(([name]) => (name === 'color' ? own.color === undefined : !ownBackground)));
    return { ...taken, ...own };
  }

  /** Classes and style of an element whose columns become grids, without what lays them out. */
  private withoutLayout(el: Element): { classes: string; style: StyleObject } {
    const { tokens, style } = withoutLayout(el);
    return { classes: this.classesOf(el, tokens), style: this.stylesOf(el, { inline: style }) };
  }

  /** A run of inline content: text with its links, and the images, controls and buttons standing in it. */
  private inline(run: readonly AnyNode[], kind: TextKind = PARAGRAPH): ComponentNode[] {
    const solid = run.filter((node) => !(isText(node) && isBlank(node.data)));
    if (solid.length === 0) return [];
    // A row of links and nothing else (a menu, a pair of buttons): one button each, as they were drawn.
    if (kind.type === 'paragraph' && solid.every((node) => isElement(node) && this.isPlainLink(node))) {
      return mergeSocialLinks(solid.flatMap((node) => this.link(node as Element)));
    }
    return inlinePieces(run, this.inlineRules).flatMap((piece) =>
      piece.kind === 'text' ? [this.textNode(piece.text, kind)] : this.standalone(piece.el, piece.href),
    );
  }

  /** An `<a>` holding only text (no image or control): a link that can become a button. */
  private isPlainLink(el: Element): boolean {
    return el.name === 'a' && attr(el, 'href') !== undefined && !findElement(el, (child) => isAtomic(child) || child.name === 'a');
  }

  /** A link whose boxes hold one short line of text and nothing else (no image, heading or list). */
  private isTextOnlyLink(a: Element): boolean {
    if (findElement(a, (child) => isAtomic(child) || HEADING_TAGS.has(child.name) || /^(?:ul|ol|table|a)$/.test(child.name))) return false;
    const text = plainText(a);
    return text !== '' && text.length <= TEXT_LINK_MAX;
  }

  /** An element standing in running text; inside a link, an image or button keeps the link. */
  private standalone(el: Element, href: string | undefined): ComponentNode[] {
    if (el.name === 'a') return this.link(el);
    const items = this.element(el);
    if (!href) return items;
    return items.map((item) => ((item.type === 'image' || item.type === 'button') && !item.props.href ? { ...item, props: { ...item.props, href } } : item));
  }

  /**
   * An element's components, made once: a reading that does not fit (a quote that is not a
   * testimonial, a link that is not a button) falls back to another that meets the same elements
   * again, and nested quotes would otherwise cost twice per level, exponentially. Recursive: the
   * parser keeps the tree within HTML_READ_LIMITS.depth levels.
   */
  private element(el: Element): ComponentNode[] {
    if (isIgnored(el)) return [];
    let items = this.converted.get(el);
    if (!items) {
      items = this.convertElement(el);
      this.converted.set(el, items);
    }
    return items;
  }

  private convertElement(el: Element): ComponentNode[] {
    const youtube = scriptedYouTube(el);
    if (youtube) return [this.media(youtube, el)];
    const tag = el.name;
    if (HEADING_TAGS.has(tag)) return this.textBlock(el, { type: 'heading', level: tag as HeadingLevel });
    if (TEXT_BLOCK_TAGS.has(tag)) return this.block(el);
    switch (tag) {
      case 'pre':
        return this.preformatted(el);
      case 'ul':
      case 'ol':
      case 'menu':
        return this.list(el);
      case 'hr':
        return [this.node('divider', { type: 'horizontal' }, el)];
      case 'img':
      case 'picture':
        return this.image(el);
      case 'video':
        return this.video(el);
      case 'audio':
      case 'iframe':
      case 'embed':
      case 'object':
        return this.embed(el);
      case 'canvas':
        return [];
      case 'button':
        return this.button(el);
      case 'input':
      case 'select':
      case 'textarea':
        return this.control(el, this.labels.labelFor(el));
      case 'label':
        return this.label(el);
      case 'a': {
        // A link of a few words is a link (or a button) whatever boxes it draws them with; a linked card keeps its boxes.
        if (isInline(el, this.inlineCache) || this.isTextOnlyLink(el)) return this.link(el);
        const items = this.block(el, this.linkProps(el));
        // An icon in a box (<a><div><svg>) is an icon link.
        return items.length > 0 ? items : this.link(el);
      }
      case 'blockquote':
        return this.testimonial(el, undefined, el) ?? this.block(el);
      case 'figure':
        return this.figure(el);
      case 'table':
        return this.wrap(el, this.convertNodes(contentChildren(el)));
      case 'thead':
      case 'tbody':
      case 'tfoot':
        return this.wrap(el, this.convertNodes(contentChildren(el)));
      case 'tr':
        return this.wrap(el, this.rowItems(el));
      case 'form':
        return this.block(el, formProps(el));
      default:
        return this.block(el);
    }
  }

  private isGenericBlock(el: Element): boolean {
    return !isInline(el, this.inlineCache) && !SPECIFIC_TAGS.has(el.name);
  }

  /** A box of content: a grid when its children are columns, text when it holds only a line, else a container. */
  private block(el: Element, extra: Record<string, unknown> = {}): ComponentNode[] {
    const layout = columnLayout(el, this.inlineCache);
    if (layout) return this.wrapGrids(el, layout, extra);
    const children = contentChildren(el);
    if (children.every((child) => isText(child) || isInline(child as Element, this.inlineCache))) {
      const items = this.inline(children);
      if (items.length === 0) return this.emptyBox(el);
      if (items.length === 1 && items[0]!.type === 'paragraph' && Object.keys(extra).length === 0) return [this.restyle(items[0]!, el)];
      return this.wrap(el, items, extra);
    }
    const items = this.convertNodes(children);
    if (items.length === 0) return this.emptyBox(el);
    return this.wrap(el, items, extra);
  }

  /** An empty box that still shows something: a spacer or a divider of a page builder. */
  private emptyBox(el: Element): ComponentNode[] {
    const tokens = classTokens(el);
    if (tokens.some((t) => /(?:^|[-_])spacer$/.test(t))) {
      const height = /(?:^|;)\s*height\s*:\s*([^;]+)/i.exec(el.attribs.style ?? '')?.[1]?.trim();
      return [this.node('spacer', { height: height ?? '2rem' }, el)];
    }
    // A rule drawn as an empty box: a page builder's divider, or an e-mail's cell with only a border.
    const bordered = /(?:^|;)\s*border-(?:top|bottom)\s*:\s*\d/i.test(el.attribs.style ?? '');
    if (attr(el, 'role') === 'separator' || bordered || tokens.some((t) => /(?:^|[-_])(?:divider|separator)$/.test(t))) {
      return [this.node('divider', { type: 'horizontal' }, el)];
    }
    return [];
  }

  /** A text block (heading, paragraph): its line of text takes the element's classes when it is all there is. */
  private textBlock(el: Element, kind: TextKind): ComponentNode[] {
    const children = contentChildren(el);
    const items = children.every((child) => isText(child) || isInline(child as Element, this.inlineCache))
      ? this.inline(children, kind)
      : this.convertNodes(children);
    if (items.length === 1 && items[0]!.type === kind.type) return [this.restyle(items[0]!, el)];
    return this.wrap(el, items);
  }

  private preformatted(el: Element): ComponentNode[] {
    const text = rawText(el).replace(/^\n+|\s+$/g, '');
    return text ? [this.node('paragraph', { text }, el)] : [];
  }

  // ---- Grids

  private wrapGrids(el: Element, layout: ColumnLayout, extra: Record<string, unknown>): ComponentNode[] {
    const grids = this.grids(el, layout);
    if (Object.keys(extra).length === 0 && !this.anchorOf(el).anchor) return grids;
    return [this.node('container', { padding: '', maxWidth: '', ...extra, ...this.anchorOf(el), tailwindClasses: '' }, undefined, grids)];
  }

  /**
   * One grid per row of columns. A single row is the element itself (its classes and style on the
   * grid); several rows (six cards in grid-cols-3) go into a container that keeps the element's other
   * classes and style, each row's grid taking the layout classes. `boxed` false: the caller (a section)
   * carries the other classes and style itself.
   */
  private grids(el: Element, layout: ColumnLayout, boxed = true): ComponentNode[] {
    const layoutClasses = this.classesOf(el, classTokens(el).filter((t) => GRID_LAYOUT_CLASS.test(t)));
    if (layout.rows.length === 1) {
      if (boxed) return [this.grid(layout.rows[0]!, layout.columns, layout.weights, el, this.classesOf(el), true)];
      return [this.grid(layout.rows[0]!, layout.columns, layout.weights, el, layoutClasses, false)];
    }
    const rows = layout.rows.map((row) => this.grid(row, layout.columns, undefined, el, layoutClasses, false));
    const { classes, style } = this.withoutLayout(el);
    if (!boxed || (!classes && Object.keys(style).length === 0)) return rows;
    return [{ ...this.node('container', { padding: '', maxWidth: '', tailwindClasses: classes }, undefined, rows), styles: asStyles(style) }];
  }

  /** `from`: the row element, whose gap setting the grid follows; `own`: whether the grid also takes its style. */
  private grid(kids: readonly Element[], columns: number, weights: readonly number[] | undefined, from: Element, classes: string, own: boolean): ComponentNode {
    const cells = Array.from({ length: columns }, (_, index) => this.cell(kids[index], index));
    const props = { columns, columnWidths: weights ? columnWidths(weights) : equalColumnWidths(columns), gap: gridGap(from), tailwindClasses: classes };
    return this.node('grid', props, own ? from : undefined, cells);
  }

  /** A column: a box's contents with its classes on the cell, or a single thing (a heading, a link) inside it. */
  private cell(kid: Element | undefined, columnIndex: number): ComponentNode {
    const props = { columnIndex, padding: '' };
    if (!kid) return this.node('gridCell', props, undefined, []);
    if ((this.isGenericBlock(kid) || kid.name === 'td' || kid.name === 'th') && !scriptedYouTube(kid)) {
      // A column that is itself a row of columns: the cell keeps its other classes, the inner grid the layout ones.
      const layout = columnLayout(kid, this.inlineCache);
      if (!layout) return this.node('gridCell', props, kid, this.convertNodes(contentChildren(kid)));
      const { classes, style } = this.withoutLayout(kid);
      return { ...this.node('gridCell', { ...props, tailwindClasses: classes }, undefined, this.grids(kid, layout, false)), styles: asStyles(style) };
    }
    const items = isInline(kid, this.inlineCache) ? this.inline([kid]) : this.element(kid);
    return this.node('gridCell', props, undefined, items);
  }

  // ---- Tables (layout tables of e-mail-style pages, and data tables)

  private rowItems(tr: Element): ComponentNode[] {
    const cells = elementChildren(tr).filter((cell) => cell.name === 'td' || cell.name === 'th');
    if (cells.length === 0) return this.convertNodes(contentChildren(tr));
    if (cells.length === 1) return this.block(cells[0]!);
    if (cells.length <= GRID.maxColumns) return [this.grid(cells, cells.length, columnWeights(cells), tr, '', false)];
    // Wider than a grid: a row of plain cells reads as one line; richer cells follow one another.
    if (cells.every((cell) => !findElement(cell, (child) => !isInline(child, this.inlineCache) || isAtomic(child)))) {
      const text = cells.map(plainText).filter(Boolean).join(' | ');
      return text ? [this.node('paragraph', { text })] : [];
    }
    return cells.flatMap((cell) => this.block(cell));
  }

  // ---- Lists

  private list(el: Element): ComponentNode[] {
    const items = elementChildren(el);
    const simple = !hasLooseText(el) && items.every((li) => li.name === 'li' && this.isSimpleItem(li));
    if (!simple) return this.block(el);
    const texts: string[] = [];
    const links: TextLink[] = [];
    this.collectItems(el, texts, links);
    if (texts.length === 0) return [];
    return [this.node('list', withLinks({ items: texts, type: el.name === 'ol' ? 'ol' : 'ul' }, links), el)];
  }

  /**
   * An item that is a line of text (with links), possibly with a nested list of such items. The line
   * may sit in one paragraph of its own (rich-text editors write `<li><p>...</p></li>`).
   */
  private isSimpleItem(li: Element): boolean {
    const paragraphs = elementChildren(li).filter((child) => child.name === 'p');
    if (paragraphs.length > 1) return false;
    return !findElement(
      li,
      (child) =>
        isAtomic(child) ||
        (child.name === 'a' && isButtonLike(child)) ||
        (!isInline(child, this.inlineCache) && !/^(?:ul|ol|li|p)$/.test(child.name)),
    );
  }

  /** Items in reading order; a nested list's items follow their parent item (the list type is flat). */
  private collectItems(list: Element, texts: string[], links: TextLink[]): void {
    for (const li of elementChildren(list)) {
      const nested = elementChildren(li).filter((child) => child.name === 'ul' || child.name === 'ol');
      const own = contentChildren(li).filter((child) => !nested.includes(child as Element));
      for (const piece of inlinePieces(own, this.inlineRules)) {
        if (piece.kind !== 'text') continue;
        // An item is one line in the editor.
        texts.push(piece.text.text.replace(/\n/g, ' '));
        links.push(...piece.text.links);
      }
      for (const sub of nested) this.collectItems(sub, texts, links);
    }
  }

  // ---- Links and buttons

  private linkProps(el: Element): Record<string, string> {
    const href = this.urls.href(attr(el, 'href'));
    return href ? { href } : {};
  }

  /**
   * A link standing on its own: a button (a plain text link as a 'ghost' one) that keeps its
   * address; an image link keeps the address on the image; an icon link to a social profile becomes
   * socialLinks; an icon link with an accessible name becomes a button of that name.
   */
  private link(a: Element): ComponentNode[] {
    const href = this.urls.href(attr(a, 'href'));
    const text = plainText(a);
    const variant = isButtonLike(a) ? buttonVariant(a) : 'ghost';
    if (text) return [this.node('button', { text, variant, ...(href ? { href } : {}) }, a)];
    const atoms = findElements(a, isAtomic);
    if (atoms.length > 0) return atoms.flatMap((atom) => this.standalone(atom, href));
    if (!href) return [];
    const platform = socialPlatform(href);
    if (platform) return [this.node('socialLinks', { platforms: [platform], links: { [platform]: href } })];
    const name = attr(a, 'aria-label') || attr(a, 'title');
    if (name) return [this.node('button', { text: name, variant, href }, a)];
    this.warnings.add(`A link without text or image (to ${href}) was left out`);
    return [];
  }

  private button(el: Element): ComponentNode[] {
    const text = plainText(el) || attr(el, 'aria-label') || attr(el, 'title') || '';
    if (!text) return [];
    const declared = attr(el, 'type')?.toLowerCase();
    const type = declared === 'submit' || declared === 'reset' || declared === 'button' ? declared : insideForm(el) ? 'submit' : 'button';
    const name = attr(el, 'name');
    return [this.node('button', { text, type, variant: buttonVariant(el), ...(name ? { name } : {}) }, el)];
  }

  // ---- Forms

  /** A label's text (and links) without the controls inside it. */
  private labelText(label: Element | undefined): InlineText | undefined {
    if (!label) return undefined;
    const rules: InlineRules = { ...this.inlineRules, standsAlone: () => false, skip: (el) => isControl(el) };
    const pieces = inlinePieces(contentChildren(label), rules);
    const texts = pieces.flatMap((piece) => (piece.kind === 'text' ? [piece.text] : []));
    if (texts.length === 0) return undefined;
    return { ...texts[0]!, text: texts.map((t) => t.text).join(' '), links: texts.flatMap((t) => t.links) };
  }

  private control(el: Element, label: Element | undefined): ComponentNode[] {
    const text = this.labelText(label);
    const described = describeControl(el, text?.text.replace(/\n/g, ' ') ?? '');
    if (!described) return [];
    if ('note' in described && described.note) this.warnings.add(described.note);
    return [this.node(described.type, withLinks(described.props, text?.links ?? []), el)];
  }

  /** A label around its controls gives them its text; a label of nothing is text on the page. */
  private label(el: Element): ComponentNode[] {
    if (this.labels.isConsumed(el)) return [];
    const controls = wrappedControls(el);
    if (controls.length === 0) return this.block(el);
    return controls.flatMap((control, index) => this.control(control, index === 0 ? el : this.labels.labelFor(control)));
  }

  // ---- Media

  private media(media: MediaProps, el: Element): ComponentNode {
    return this.node(media.type, media.props, el);
  }

  private image(el: Element): ComponentNode[] {
    const media = imageProps(el, this.urls);
    if (!media) {
      if (attr(el, 'alt')) this.warnings.add(`An image without a usable address ("${attr(el, 'alt')}") was left out`);
      return [];
    }
    const from = el.name === 'picture' ? (findElement(el, (child) => child.name === 'img') ?? el) : el;
    return [this.media(media, from)];
  }

  private video(el: Element): ComponentNode[] {
    const media = videoProps(el, this.urls);
    if (media) return [this.media(media, el)];
    this.warnings.add('A video without a usable address was left out');
    return [];
  }

  /** YouTube frames become youtube components; other players and frames have no component: a link to them stays. */
  private embed(el: Element): ComponentNode[] {
    const youtube = el.name === 'iframe' ? frameProps(el) : undefined;
    if (youtube) return [this.media(youtube, el)];
    const raw = attr(el, 'src') ?? attr(el, 'data') ?? childrenNamed(el, 'source').map((source) => attr(source, 'src')).find(Boolean);
    const href = this.urls.href(raw);
    if (!href) return [];
    this.warnings.add(`An embedded ${el.name === 'audio' ? 'audio player' : 'frame'} (${href}) has no builder component: it became a link`);
    const text = attr(el, 'title') || href;
    return [this.node('button', { text, variant: 'ghost', href })];
  }

  // ---- Quotes

  private figure(el: Element): ComponentNode[] {
    const kids = elementChildren(el);
    const quote = kids.find((kid) => kid.name === 'blockquote');
    const caption = kids.find((kid) => kid.name === 'figcaption');
    if (quote && caption && kids.length === 2 && !hasLooseText(el)) {
      const testimonial = this.testimonial(quote, caption, el);
      if (testimonial) return testimonial;
    }
    return this.block(el);
  }

  /**
   * A quote of plain paragraphs with its attribution (a footer or cite inside it, or the figure's
   * caption: name, then role, and an avatar) is a testimonial. Anything richer stays as it is.
   */
  private testimonial(quote: Element, caption: Element | undefined, from: Element): ComponentNode[] | undefined {
    const attribution = caption ?? elementChildren(quote).find((kid) => kid.name === 'footer' || kid.name === 'cite');
    const quoteNodes = contentChildren(quote).filter((node) => node !== attribution);
    const quoteItems = this.convertNodes(quoteNodes);
    if (quoteItems.length === 0 || quoteItems.some((item) => item.type !== 'paragraph')) return undefined;
    const lines: string[] = [];
    let avatar = '';
    if (attribution) {
      for (const item of leaves(this.convertNodes(contentChildren(attribution)))) {
        if (item.type === 'paragraph') lines.push(String(item.props.text));
        else if (item.type === 'image' && !avatar) avatar = String(item.props.src);
        else return undefined;
      }
    }
    const links = quoteItems.flatMap((item) => (item.props.links as TextLink[] | undefined) ?? []);
    const props = {
      // The testimonial draws its own quotation marks.
      quote: quoteItems
        .map((item) => String(item.props.text))
        .join('\n\n')
        .replace(/^["“„«‘]\s*|\s*["”“»’]$/g, ''),
      author: lines[0] ?? '',
      position: lines.slice(1).join(' · '),
      avatar,
    };
    return [this.node('testimonial', withLinks(props, links), from)];
  }
}

/** A style object as a node's styles: its customCSS, or nothing. */
function asStyles(style: StyleObject): Styles {
  const css = formatCustomCss(style);
  return css ? { customCSS: css } : {};
}
