import { equalColumnWidths } from '../component-definitions.ts';
import { GRID, MAX_NESTING_DEPTH } from '../constants.ts';
import { createGridCell } from '../create.ts';
import { DocumentError } from '../document-error.ts';
import { newNodeId, type IdMaker } from '../ids.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { depthOf, locate } from '../node-index.ts';
import { childrenOf, updateNodeAt } from '../tree.ts';
import type { PageContent } from '../types.ts';

/** How many columns a grid-template-columns value makes: '1fr 2fr' two, 'repeat(3, 1fr)' three. */
export function countColumnTracks(value: unknown): number {
  if (typeof value !== 'string') return 0;
  let count = 0;
  let depth = 0;
  let token = '';
  const finish = () => {
    const repeat = /^repeat\(\s*(\d+)\s*,/.exec(token);
    if (token) count += repeat ? Number(repeat[1]) : 1;
    token = '';
  };
  for (const char of value.trim()) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (/\s/.test(char) && depth === 0) finish();
    else token += char;
  }
  finish();
  return count;
}

/**
 * Sets a grid's column count (1 to 4): new empty cells are added at the end, or the last cells are
 * cut off with what they hold. Column widths that no longer match the count become equal fractions.
 */
export function setGridColumns(doc: PageContent, args: { id: string; columns: number; makeId?: IdMaker }): PageContent {
  const { node, path } = locate(doc, args.id);
  if (node.type !== 'grid') throw new DocumentError('not-allowed', MODEL_MESSAGES.wrongType('grid', node.type));
  const { columns } = args;
  if (!Number.isInteger(columns) || columns < GRID.minColumns || columns > GRID.maxColumns) {
    throw new DocumentError('invalid-value', MODEL_MESSAGES.gridColumns);
  }
  const cells = childrenOf(node);
  const columnWidths = countColumnTracks(node.props.columnWidths) === columns ? node.props.columnWidths : equalColumnWidths(columns);
  if (cells.length === columns && node.props.columns === columns && columnWidths === node.props.columnWidths) return doc;
  if (cells.length < columns && depthOf(path) + 1 > MAX_NESTING_DEPTH) throw new DocumentError('too-deep', MODEL_MESSAGES.tooDeep);

  const makeId = args.makeId ?? newNodeId;
  const nextCells =
    columns <= cells.length
      ? cells.slice(0, columns)
      : [...cells, ...Array.from({ length: columns - cells.length }, (_, offset) => createGridCell(cells.length + offset, makeId))];
  return updateNodeAt(doc, path, (grid) => ({ ...grid, props: { ...grid.props, columns, columnWidths }, components: nextCells }));
}
