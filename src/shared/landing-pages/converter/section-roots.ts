import type { AnyNode, Element, ParentNode } from 'domhandler';
import { classTokens, contentChildren, elementChildren, hasContent, HEADING_TAGS, isBlank, isElement, isInline, isText } from './dom.ts';
import { columnLayout } from './layout.ts';

/**
 * Where a page's sections are. Top-level `<section>`, `<header>`, `<footer>` and `<main>`'s children
 * become sections; wrappers around the whole page (div#root, a page builder's outer divs, the one-cell
 * tables of an e-mail layout) are looked through; loose content between them (a heading, paragraphs)
 * is grouped into sections of its own, a new one at each h1 or h2.
 */
export type SectionRoot = { readonly kind: 'element'; readonly el: Element } | { readonly kind: 'loose'; readonly nodes: readonly AnyNode[] };

const SECTIONING_TAGS = new Set(['section', 'header', 'footer', 'main']);
/** Elements that only wrap other content and can be looked through at the top of the page. */
const WRAPPER_TAGS = new Set(['body', 'div', 'main', 'article', 'center']);
/** Content that belongs to a section rather than being one. */
const LOOSE_TAGS = new Set([...HEADING_TAGS, 'p', 'ul', 'ol', 'dl', 'hr', 'img', 'picture', 'figure', 'blockquote', 'pre', 'video', 'iframe', 'audio', 'address', 'br']);
/** Class names page builders give their sections (section, elementor-section, sqs-section, et_pb_section, e-parent ...). */
const SECTION_CLASS = /(?:^|[-_])section$|^e-parent$|^e-con-full$|^page-section$|^wp-block-group$|^wp-block-cover$/;
const MAX_LOOK_THROUGH = 50;

function isWrapper(el: Element): boolean {
  return WRAPPER_TAGS.has(el.name) || el.name.includes('-');
}

function isSectioning(el: Element): boolean {
  return SECTIONING_TAGS.has(el.name) || classTokens(el).some((t) => SECTION_CLASS.test(t));
}

/** The rows of a table (inside thead, tbody and tfoot too). */
export function tableRows(table: Element): Element[] {
  return elementChildren(table).flatMap((child) => (child.name === 'tr' ? [child] : /^t(?:head|body|foot)$/.test(child.name) ? elementChildren(child).filter((row) => row.name === 'tr') : []));
}

/** A layout table's only cell (a one-row, one-cell table that just frames its content). */
function loneCell(table: Element): Element | undefined {
  const rows = tableRows(table);
  if (rows.length !== 1) return undefined;
  const cells = elementChildren(rows[0]!).filter((cell) => cell.name === 'td' || cell.name === 'th');
  return cells.length === 1 ? cells[0] : undefined;
}

/** A table used for layout (no header cells) with several rows: each row is a band of the page. */
function isLayoutTable(table: Element): boolean {
  const rows = tableRows(table);
  return rows.length >= 2 && rows.every((row) => elementChildren(row).every((cell) => cell.name === 'td'));
}

export function sectionRoots(parent: ParentNode, inlineCache: WeakMap<Element, boolean>): SectionRoot[] {
  return rootsOf(parent, inlineCache, 0);
}

function rootsOf(parent: ParentNode, inlineCache: WeakMap<Element, boolean>, depth: number): SectionRoot[] {
  const kids = contentChildren(parent).filter((node) => !(isText(node) && isBlank(node.data)));
  // Empty boxes (an overlay, a script's mount point) do not count when looking for the page's wrapper.
  const shown = kids.filter((node) => !isElement(node) || hasContent(node));
  const only = shown.length === 1 ? shown[0] : undefined;
  if (only && isElement(only) && depth < MAX_LOOK_THROUGH) {
    const inner = lookThrough(only, inlineCache);
    if (inner) return rootsOf(inner, inlineCache, depth + 1);
    if (only.name === 'table' && isLayoutTable(only)) return tableRows(only).map((el) => ({ kind: 'element', el }));
  }

  const roots: SectionRoot[] = [];
  let loose: AnyNode[] = [];
  const flush = () => {
    if (loose.length > 0) roots.push({ kind: 'loose', nodes: loose });
    loose = [];
  };
  for (const kid of kids) {
    if (isText(kid) || (isElement(kid) && (LOOSE_TAGS.has(kid.name) || isInline(kid, inlineCache)))) {
      if (isElement(kid) && (kid.name === 'h1' || kid.name === 'h2') && loose.length > 0) flush();
      loose.push(kid);
      continue;
    }
    flush();
    const el = kid as Element;
    if (depth < MAX_LOOK_THROUGH && holdsSections(el, inlineCache)) roots.push(...rootsOf(el, inlineCache, depth + 1));
    else roots.push({ kind: 'element', el });
  }
  flush();
  return roots;
}

/**
 * The element to look into when it is the only thing on its level: a class-less wrapper, a wrapper
 * of several blocks (a page's outer div), or a one-cell layout table; not a row of columns (a hero
 * with its text and its picture side by side is one section).
 */
function lookThrough(el: Element, inlineCache: WeakMap<Element, boolean>): ParentNode | undefined {
  if (el.name === 'table') return loneCell(el);
  if (!isWrapper(el) || columnLayout(el, inlineCache)) return undefined;
  const blocks = elementChildren(el).filter((child) => !isInline(child, inlineCache) && !LOOSE_TAGS.has(child.name) && hasContent(child));
  return classTokens(el).length === 0 || blocks.length >= 2 ? el : undefined;
}

/**
 * Whether an element is a wrapper whose children are the sections: `<main>`, a div of `<section>`s,
 * an e-mail's table of rows, or a chain of lone wrappers leading to one of these.
 */
function holdsSections(el: Element, inlineCache: WeakMap<Element, boolean>, depth = 0): boolean {
  if (depth > MAX_LOOK_THROUGH) return false;
  if (el.name === 'main') return true;
  if (el.name === 'table') {
    const cell = loneCell(el);
    return cell ? holdsSections(cell, inlineCache, depth + 1) : isLayoutTable(el);
  }
  if (!isWrapper(el) && el.name !== 'td') return false;
  if (columnLayout(el, inlineCache)) return false;
  const kids = elementChildren(el).filter(hasContent);
  if (kids.some(isSectioning)) return true;
  return kids.length === 1 && holdsSections(kids[0]!, inlineCache, depth + 1);
}
