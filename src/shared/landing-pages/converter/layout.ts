import type { Element } from 'domhandler';
import { GRID } from '../constants.ts';
import { parseCustomCss, type StyleObject } from '../custom-css.ts';
import { attr, classTokens, elementChildren, hasLooseText, isInline } from './dom.ts';

/**
 * Multi-column layouts, as the frameworks write them: Tailwind's grid-cols-N and flex rows,
 * Bootstrap's row/col-*, Webflow, Squarespace, Elementor and WordPress columns, CSS grid and flex in
 * a style attribute. The converter makes a grid component of each row of 2 to 4 columns.
 */
export interface ColumnLayout {
  /** The columns, one row at a time: each row's elements become the cells of one grid. */
  readonly rows: ReadonlyArray<readonly Element[]>;
  /** Columns per grid (rows with fewer elements get empty cells at the end). */
  readonly columns: number;
  /** Relative widths of the columns of a single row, when the markup gives them. */
  readonly weights?: readonly number[];
}

const BREAKPOINTS = ['', 'sm', 'md', 'lg', 'xl', '2xl', 'xxl'];

/** The value of a responsive utility at the widest breakpoint it is given for (desktop wins). */
function widestValue(tokens: readonly string[], pattern: RegExp): string | undefined {
  let best: { rank: number; value: string } | undefined;
  for (const token of tokens) {
    const match = pattern.exec(token);
    if (!match) continue;
    const rank = BREAKPOINTS.indexOf(match[1] ?? '');
    if (rank >= 0 && (!best || rank >= best.rank)) best = { rank, value: match[2]! };
  }
  return best?.value;
}

/** `md:grid-cols-3` → 3, from the widest breakpoint. */
function tailwindColumns(tokens: readonly string[]): number | undefined {
  if (!tokens.some((t) => /^(?:[a-z0-9]+:)?(?:inline-)?grid$/.test(t))) return undefined;
  const value = widestValue(tokens, /^(?:([a-z0-9]+):)?grid-cols-(\d+)$/);
  return value ? Number(value) : undefined;
}

function styleValue(el: Element, property: string): string | undefined {
  const style = el.attribs.style;
  if (!style) return undefined;
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i').exec(style);
  return match?.[1]?.trim().toLowerCase();
}

/** `grid-template-columns: repeat(3, 1fr)` or `1fr 2fr` → 3 or 2. */
function styleColumns(el: Element): number | undefined {
  if (!/grid/.test(styleValue(el, 'display') ?? '')) return undefined;
  const template = styleValue(el, 'grid-template-columns');
  if (!template) return undefined;
  const repeat = /^repeat\(\s*(\d+)\s*,/.exec(template);
  if (repeat) return Number(repeat[1]);
  const tracks = template.replace(/\([^)]*\)/g, '()').split(/\s+/).filter(Boolean);
  return tracks.length;
}

/** A row of flex items, not a column: flex (at some breakpoint) without flex-col winning on desktop. */
function isFlexRow(el: Element, tokens: readonly string[]): boolean {
  const display = styleValue(el, 'display');
  if (display === 'flex' || display === 'inline-flex') return !/column/.test(styleValue(el, 'flex-direction') ?? '');
  const flex = widestValue(tokens, /^(?:([a-z0-9]+):)?(?:inline-)?(flex)$/) ?? widestValue(tokens, /^d-(?:(sm|md|lg|xl|xxl)-)?(flex)$/);
  if (!flex) return false;
  const direction = widestValue(tokens, /^(?:([a-z0-9]+):)?flex-(row|col|row-reverse|col-reverse)$/) ?? widestValue(tokens, /^flex-(?:(sm|md|lg|xl|xxl)-)?(row|column)$/);
  return direction === undefined || direction.startsWith('row');
}

/** Frameworks' row containers whose children are columns. */
const ROW_CLASSES = /^(?:row|form-row|w-row|sqs-row|elementor-row|elementor-container|wp-block-columns|columns|et_pb_row|vc_row)$/;

/** A column's share of the row, in the unit of its framework (12ths, percent or a fraction), if its markup says. */
function columnWeight(el: Element): number | undefined {
  const tokens = classTokens(el);
  const twelfths =
    widestValue(tokens, /^col-(?:(sm|md|lg|xl|xxl)-)?(\d{1,2})$/) ??
    widestValue(tokens, /^w-col-(?:(small|medium|tiny)-)?(\d{1,2})$/) ??
    widestValue(tokens, /^sqs-col-()(\d{1,2})$/) ??
    widestValue(tokens, /^vc_col-(?:(sm|md|lg|xs)-)?(\d{1,2})$/);
  if (twelfths) return Number(twelfths) / 12;
  const percent = widestValue(tokens, /^elementor-col-()(\d{1,3})$/);
  if (percent) return Number(percent) / 100;
  const span = widestValue(tokens, /^(?:([a-z0-9]+):)?col-span-(\d+)$/);
  if (span) return Number(span);
  const fraction = widestValue(tokens, /^(?:([a-z0-9]+):)?(?:w|basis)-(\d+\/\d+)$/);
  if (fraction) {
    const [top, bottom] = fraction.split('/').map(Number);
    return top! / bottom!;
  }
  const styleWidth = styleValue(el, 'flex-basis') ?? styleValue(el, 'width') ?? attr(el, 'width');
  const percentWidth = styleWidth ? /^(\d+(?:\.\d+)?)%$/.exec(styleWidth) : null;
  return percentWidth ? Number(percentWidth[1]) / 100 : undefined;
}

/** Whether an element is a column of content rather than a single thing in a row (a link, a button, a heading). */
function isColumnLike(el: Element, inlineCache: WeakMap<Element, boolean>): boolean {
  return !isInline(el, inlineCache) && !/^(?:h[1-6]|p|hr|br|label|a|button)$/.test(el.name);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** Bootstrap-like columns broken into rows where their 12ths add up past a full row. */
function rowsBySpan(kids: readonly Element[]): Element[][] {
  const rows: Element[][] = [];
  let row: Element[] = [];
  let used = 0;
  for (const kid of kids) {
    const weight = columnWeight(kid) ?? 0;
    if (row.length > 0 && weight > 0 && used + weight > 1.0001) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push(kid);
    used += weight;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** The column layout of an element, or null when its children are not laid out in 2 to 4 columns. */
export function columnLayout(el: Element, inlineCache: WeakMap<Element, boolean>): ColumnLayout | null {
  if (hasLooseText(el)) return null;
  const kids = elementChildren(el);
  if (kids.length < 2) return null;
  const tokens = classTokens(el);
  const single = (row: readonly Element[]): ColumnLayout | null => {
    if (row.length < GRID.minColumns + 1 || row.length > GRID.maxColumns) return null;
    return { rows: [row], columns: row.length, weights: columnWeights(row) };
  };

  const explicit = tailwindColumns(tokens) ?? styleColumns(el);
  if (explicit !== undefined) {
    if (explicit < 2 || explicit > GRID.maxColumns) return null;
    if (kids.length <= explicit) {
      // col-span-N shares out the grid's columns (a span of 2 beside one of 1: '2fr 1fr').
      const spans = kids.map((kid) => Number(widestValue(classTokens(kid), /^(?:([a-z0-9]+):)?col-span-(\d+)$/) ?? 1));
      const layout = single(kids);
      return layout && spans.some((span) => span > 1) ? { ...layout, weights: spans } : layout;
    }
    return { rows: chunk(kids, explicit), columns: explicit };
  }

  // Webflow's grid lays out its children as columns by a stylesheet the markup does not carry.
  if (tokens.includes('w-layout-grid')) return single(kids);

  const framedColumns = kids.every((kid) => columnWeight(kid) !== undefined || classTokens(kid).some((t) => /^(?:col|col-(?:sm|md|lg|xl|xxl)|column|w-col|wp-block-column|elementor-column|sqs-col)$/.test(t)));
  if (tokens.some((t) => ROW_CLASSES.test(t)) && framedColumns) {
    const rows = rowsBySpan(kids);
    if (rows.length === 1) return single(rows[0]!);
    const columns = Math.max(...rows.map((r) => r.length));
    if (columns < 2 || columns > GRID.maxColumns) return null;
    return { rows, columns };
  }

  if (isFlexRow(el, tokens) && kids.every((kid) => isColumnLike(kid, inlineCache))) return single(kids);
  return null;
}

/** The columns' relative widths when the markup gives every one of them (table cells' width="60%" too). */
export function columnWeights(columns: readonly Element[]): number[] | undefined {
  const weights = columns.map(columnWeight);
  return weights.every((w) => w !== undefined && w > 0) ? (weights as number[]) : undefined;
}

/** Relative widths as the grid's columnWidths: [8/12, 4/12] → '2fr 1fr'. */
export function columnWidths(weights: readonly number[]): string {
  const smallest = Math.min(...weights);
  return weights.map((w) => `${Number((w / smallest).toFixed(2))}fr`).join(' ');
}

/** The grid's gap: left to the classes when they set one (an inline gap would override them). */
export function gridGap(el: Element): string {
  return classTokens(el).some((t) => /^(?:[a-z0-9]+:)?(?:gap|g|gx|gy)-/.test(t)) || styleValue(el, 'gap') ? '' : GRID.defaultGap;
}

/** Classes that lay out columns: the grids take them, a box around several rows of them must not. */
export const GRID_LAYOUT_CLASS = /^(?:[a-z0-9-]+:)*(?:grid|inline-grid|grid-cols-\d+|flex|inline-flex|flex-row|flex-wrap|gap-\S+|gap-[xy]-\S+|row|d-flex|g-\d|g[xy]-\d)$/;

/** Style declarations that lay out columns: the grids take them, the box around several rows must not. */
const LAYOUT_STYLES = new Set(['display', 'gridTemplateColumns', 'gridTemplateRows', 'gridAutoFlow', 'gap', 'columnGap', 'rowGap', 'flexDirection', 'flexWrap']);

/** An element's class names and style attribute without what lays out its columns. */
export function withoutLayout(el: Element): { tokens: string[]; style: StyleObject } {
  const tokens = classTokens(el).filter((t) => !GRID_LAYOUT_CLASS.test(t));
  const style = Object.fromEntries(Object.entries(parseCustomCss(el.attribs.style)).filter(([name]) => !LAYOUT_STYLES.has(name)));
  return { tokens, style };
}
