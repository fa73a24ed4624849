import { definitionOf } from './component-definitions.ts';
import { MAX_NESTING_DEPTH } from './constants.ts';
import { DocumentError } from './document-error.ts';
import { MODEL_MESSAGES } from './messages.ts';
import { depthOf, nodeIndex, type NodeLocation } from './node-index.ts';
import { childrenOf, subtreeHeight, subtreeIds } from './tree.ts';
import type { PageContent, TreeNode } from './types.ts';

/**
 * Why stored content may not have a child of `childType` under a node of `holderType` (null for a
 * section), or null when it may: a grid holds only grid cells, a grid cell sits only in a grid, and
 * types without children hold none. Types no definition knows may hold anything but grid cells.
 */
export function childProblem(holderType: string | null, childType: string): string | null {
  const rule = holderType === null ? 'any' : (definitionOf(holderType)?.children ?? 'any');
  if (rule === 'none') return MODEL_MESSAGES.holdsNothing(holderType!);
  if (rule === 'gridCells' && childType !== 'gridCell') return MODEL_MESSAGES.onlyGridCells;
  if (rule === 'any' && childType === 'gridCell') return MODEL_MESSAGES.gridCellOutsideGrid;
  return null;
}

/**
 * Why `parent` (at `location`) may not take `child` in an add or a move, or null when it may. Stricter
 * than stored content: grid cells come only with their grid's column count, and nothing is added to a
 * type no definition knows. Depth is checked apart.
 */
export function placementProblem(parent: TreeNode, location: NodeLocation, child: TreeNode): string | null {
  if (child.type === 'gridCell') return MODEL_MESSAGES.gridCellsStay;
  if (depthOf(location.path) === 0) return null;
  const definition = definitionOf(parent.type);
  if (definition?.children === 'any') return null;
  if (definition?.children === 'gridCells') return MODEL_MESSAGES.intoGridCell;
  return MODEL_MESSAGES.holdsNothing(parent.type);
}

/** True when `child` placed under a node at `location` keeps every component within the depth limit. */
export function fitsDepth(location: NodeLocation, child: TreeNode): boolean {
  return depthOf(location.path) + subtreeHeight(child) <= MAX_NESTING_DEPTH;
}

export function assertCanHold(parent: TreeNode, location: NodeLocation, child: TreeNode): void {
  const problem = placementProblem(parent, location, child);
  if (problem) throw new DocumentError('not-allowed', problem);
  if (!fitsDepth(location, child)) throw new DocumentError('too-deep', MODEL_MESSAGES.tooDeep);
}

/** A node coming into the document (built by hand, pasted) holds only what stored content may. */
export function assertWellFormed(node: TreeNode): void {
  for (const child of childrenOf(node)) {
    const problem = childProblem(node.type, child.type);
    if (problem) throw new DocumentError('not-allowed', problem);
    assertWellFormed(child);
  }
}

/** A node coming into the document brings only ids the document does not have yet. */
export function assertFreshIds(doc: PageContent, node: TreeNode): void {
  const index = nodeIndex(doc);
  const seen = new Set<string>();
  for (const id of subtreeIds(node)) {
    if (index.has(id) || seen.has(id)) throw new DocumentError('duplicate-id', MODEL_MESSAGES.duplicateId(id));
    seen.add(id);
  }
}

/** Refuses an insert position outside 0..length (length appends). */
export function assertInsertIndex(index: number, length: number): void {
  if (!Number.isInteger(index) || index < 0 || index > length) {
    throw new DocumentError('invalid-position', MODEL_MESSAGES.position(index, length));
  }
}
