import { equalColumnWidths } from '../../shared/landing-pages/component-definitions.ts';
import { GRID } from '../../shared/landing-pages/constants.ts';
import { readProps } from '../../shared/landing-pages/read-props.ts';
import { mergeClassNames } from '../class-merge.ts';
import { nodeStyle, type NodeProps } from '../render-context.ts';
import { anchorOf, holdsLinks, linkOf } from './linked-text.tsx';

/** Author-written class props ('background') count as the author's, like tailwindClasses. */
const authorClasses = (...values: string[]) => values.filter(Boolean).join(' ');

/** The optional title and description that containers and sections show above their components. */
export function Intro({ title, description }: { title: string; description: string }) {
  if (!title && !description) return null;
  return (
    <div className="mb-6">
      {title ? <h2 className="text-2xl font-bold">{title}</h2> : null}
      {description ? <p className="mt-2 whitespace-pre-line">{description}</p> : null}
    </div>
  );
}

export function Container({ node, ctx }: NodeProps) {
  const props = readProps(node, 'container');
  // A converted linked card is a link as a whole, unless it holds links of its own (links do not nest).
  const href = holdsLinks(node) ? undefined : linkOf(node);
  const Tag = href ? 'a' : 'div';
  return (
    <Tag
      id={anchorOf(node)}
      href={href}
      className={mergeClassNames(href ? 'mx-auto block w-full' : 'mx-auto w-full', authorClasses(props.background, props.tailwindClasses))}
      style={nodeStyle(node, { maxWidth: props.maxWidth, padding: props.padding })}
    >
      <Intro title={props.title} description={props.description} />
      {ctx.renderChildren(node, ctx)}
    </Tag>
  );
}

export function Section({ node, ctx }: NodeProps) {
  const props = readProps(node, 'section');
  return (
    <section className={mergeClassNames('py-8', authorClasses(props.background, props.tailwindClasses))} style={nodeStyle(node)}>
      <Intro title={props.title} description={props.description} />
      {ctx.renderChildren(node, ctx)}
    </section>
  );
}

const px = (value: string, unit: string) => Number(value) * (unit === 'px' || unit === '' ? 1 : 16);

/** Splits '1fr minmax(100px, 2fr)' into its tracks, keeping parenthesised parts whole. */
function tracks(columnWidths: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of columnWidths.trim()) {
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (/\s/.test(char) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * How a grid lays out (cells at least 200px wide, the grid at least 400px): its columns
 * with each plain track kept to the cell minimum, and the width from which they fit. Narrower than
 * that (a phone, a narrow cell of another grid) the cells stack in one column instead of
 * overflowing. Column widths that do not match the column count give equal columns.
 */
function gridLayout(columns: number, columnWidths: string, gap: string): { template: string; minWidth: number } {
  const count = Math.min(GRID.maxColumns, Math.max(GRID.minColumns, Math.round(columns) || GRID.defaultColumns));
  const given = tracks(columnWidths);
  const widths = given.length === count ? given : tracks(equalColumnWidths(count));
  const template = widths.map((width) => (width.includes('(') ? width : `minmax(${GRID.cellMinWidth}, ${width})`)).join(' ');
  const gapMatch = /^(\d+(?:\.\d+)?)(px|rem|em|)$/.exec(gap.trim());
  const gapPx = gapMatch ? px(gapMatch[1]!, gapMatch[2]!) : 16;
  const needed = Math.max(parseFloat(GRID.minWidth), count * parseFloat(GRID.cellMinWidth) + (count - 1) * gapPx);
  // Rounded up to 16px steps, so pages share a handful of breakpoint classes.
  return { template, minWidth: Math.ceil(needed / 16) * 16 };
}

/**
 * A CSS grid inside a size container: the columns apply once the grid's own box is wide enough
 * (a container query, so a grid in a narrow cell stacks too), below that one column.
 */
export function Grid({ node, ctx }: NodeProps) {
  const props = readProps(node, 'grid');
  const { template, minWidth } = gridLayout(props.columns, props.columnWidths, props.gap);
  return (
    <div className="@container w-full">
      <div
        className={mergeClassNames(`grid grid-cols-1 @min-[${minWidth}px]:grid-cols-(--lp-grid-columns)`, props.tailwindClasses)}
        style={nodeStyle(node, { '--lp-grid-columns': template, gap: props.gap })}
      >
        {ctx.renderChildren(node, ctx)}
      </div>
    </div>
  );
}

export function GridCell({ node, ctx }: NodeProps) {
  const props = readProps(node, 'gridCell');
  return (
    <div className={mergeClassNames('min-w-0', props.tailwindClasses)} style={nodeStyle(node, { padding: props.padding, backgroundColor: props.backgroundColor })}>
      {props.content ? <p className="whitespace-pre-line">{props.content}</p> : null}
      {ctx.renderChildren(node, ctx)}
    </div>
  );
}

export function Divider({ node }: NodeProps) {
  const props = readProps(node, 'divider');
  if (props.type === 'vertical') {
    return (
      <hr
        aria-orientation="vertical"
        className={mergeClassNames('mx-4 inline-block min-h-12 w-0 self-stretch border-0 border-l border-gray-200 align-middle', props.tailwindClasses)}
        style={nodeStyle(node)}
      />
    );
  }
  return <hr className={mergeClassNames('my-6 border-0 border-t border-gray-200', props.tailwindClasses)} style={nodeStyle(node)} />;
}

export function Spacer({ node }: NodeProps) {
  const props = readProps(node, 'spacer');
  return <div aria-hidden="true" className={mergeClassNames('', props.tailwindClasses)} style={nodeStyle(node, { height: props.height })} />;
}
