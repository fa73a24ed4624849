import { MAX_NESTING_DEPTH } from '../constants.ts';
import { DocumentError } from '../document-error.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { locate } from '../node-index.ts';
import { assertCanHold, assertFreshIds, assertInsertIndex, assertWellFormed, childProblem } from '../placement.ts';
import { childrenOf, subtreeHeight, updateListAt } from '../tree.ts';
import type { ComponentNode, PageContent, SectionNode } from '../types.ts';

function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  return [...list.slice(0, index), item, ...list.slice(index)];
}

/** Adds a section at `index` (the end when omitted; after position p is index p + 1). */
export function addSection(doc: PageContent, args: { section: SectionNode; index?: number }): PageContent {
  const index = args.index ?? doc.length;
  assertInsertIndex(index, doc.length);
  for (const child of args.section.components) {
    const problem = childProblem(null, child.type);
    if (problem) throw new DocumentError('not-allowed', problem);
  }
  assertWellFormed(args.section);
  if (subtreeHeight(args.section) - 1 > MAX_NESTING_DEPTH) throw new DocumentError('too-deep', MODEL_MESSAGES.tooDeep);
  assertFreshIds(doc, args.section);
  return insertAt(doc, index, args.section);
}

/**
 * Adds a component to a section, a grid cell or a nested component (`parentId`) at `index` (the end
 * when omitted; after position p is index p + 1). Refused when the parent may not hold it, when it
 * would nest deeper than the limit, or when it brings an id the page already has.
 */
export function addComponent(doc: PageContent, args: { parentId: string; component: ComponentNode; index?: number }): PageContent {
  const parent = locate(doc, args.parentId);
  const length = childrenOf(parent.node).length;
  const index = args.index ?? length;
  assertInsertIndex(index, length);
  assertCanHold(parent.node, parent, args.component);
  assertWellFormed(args.component);
  assertFreshIds(doc, args.component);
  return updateListAt(doc, parent.path, (list) => insertAt(list, index, args.component));
}
