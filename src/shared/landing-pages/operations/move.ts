import { DocumentError } from '../document-error.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { locate } from '../node-index.ts';
import { assertCanHold, assertInsertIndex } from '../placement.ts';
import { childrenOf, updateListAt } from '../tree.ts';
import type { NodePath, PageContent } from '../types.ts';

function swapWithNeighbour(doc: PageContent, id: string, offset: -1 | 1): PageContent {
  const { node, path } = locate(doc, id);
  if (node.type === 'gridCell') throw new DocumentError('not-allowed', MODEL_MESSAGES.gridCellsStay);
  const index = path[path.length - 1]!;
  const other = index + offset;
  return updateListAt(doc, path.slice(0, -1), (list) => {
    if (other < 0 || other >= list.length) return list;
    const next = list.slice();
    next[index] = list[other]!;
    next[other] = list[index]!;
    return next;
  });
}

/** Swaps a section or component with the one before it; the first stays where it is (same document back). */
export function moveUp(doc: PageContent, args: { id: string }): PageContent {
  return swapWithNeighbour(doc, args.id, -1);
}

/** Swaps a section or component with the one after it; the last stays where it is (same document back). */
export function moveDown(doc: PageContent, args: { id: string }): PageContent {
  return swapWithNeighbour(doc, args.id, 1);
}

/** True when `path` is `ancestor` itself or lies inside it. */
function isWithin(path: NodePath, ancestor: NodePath): boolean {
  return ancestor.length <= path.length && ancestor.every((index, level) => path[level] === index);
}

/**
 * Moves a component into a section, a grid cell or a nested component (`parentId`), at `index` of
 * that list as it is once the component has left its place (the end when omitted). Moving it back
 * to its old parent and index restores the document. Sections move only up and down; a component
 * cannot go inside itself, where it may not be held, or deeper than the limit.
 */
export function moveTo(doc: PageContent, args: { id: string; parentId: string; index?: number }): PageContent {
  const source = locate(doc, args.id);
  if (source.path.length === 1) throw new DocumentError('not-allowed', MODEL_MESSAGES.sectionsMoveUpDown);
  const target = locate(doc, args.parentId);
  if (isWithin(target.path, source.path)) throw new DocumentError('not-allowed', MODEL_MESSAGES.notIntoItself);
  assertCanHold(target.node, target, source.node);

  const sourceIndex = source.path[source.path.length - 1]!;
  const sameParent = source.parentId === args.parentId;
  const length = childrenOf(target.node).length - (sameParent ? 1 : 0);
  const index = args.index ?? length;
  assertInsertIndex(index, length);
  if (sameParent && index === sourceIndex) return doc;

  const removed = updateListAt(doc, source.path.slice(0, -1), (list) => [...list.slice(0, sourceIndex), ...list.slice(sourceIndex + 1)]);
  // Taking the component out shifts the later siblings on its level down by one; the target may be one of them.
  const level = source.path.length - 1;
  const targetPath = target.path.slice();
  if (isWithin(targetPath, source.path.slice(0, -1)) && targetPath.length > level && targetPath[level]! > sourceIndex) targetPath[level] = targetPath[level]! - 1;
  return updateListAt(removed, targetPath, (list) => [...list.slice(0, index), source.node, ...list.slice(index)]);
}

/**
 * Moves a section to `index` of the section list as it is once the section has left its place (drag
 * and drop reorders sections; Move Component does not take them). A component is refused.
 */
export function moveSectionTo(doc: PageContent, args: { id: string; index: number }): PageContent {
  const { path } = locate(doc, args.id);
  if (path.length !== 1) throw new DocumentError('not-allowed', MODEL_MESSAGES.wrongType('section', 'component'));
  const from = path[0]!;
  assertInsertIndex(args.index, doc.length - 1);
  if (args.index === from) return doc;
  const rest = [...doc.slice(0, from), ...doc.slice(from + 1)];
  return [...rest.slice(0, args.index), doc[from]!, ...rest.slice(args.index)];
}
