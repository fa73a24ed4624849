import { DocumentError } from '../document-error.ts';
import { newNodeId, type IdMaker } from '../ids.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { locate } from '../node-index.ts';
import { assertFreshIds } from '../placement.ts';
import { updateListAt } from '../tree.ts';
import type { PageContent, TreeNode } from '../types.ts';

/**
 * A copy of a node and everything inside it, every id new: what copy and paste insert. Props and
 * styles values are shared with the original, which is safe because no operation changes a value
 * in place.
 */
export function copyWithFreshIds<T extends TreeNode>(node: T, makeId: IdMaker = newNodeId): T {
  const copy = { ...node, id: makeId(node.type) };
  return node.components ? { ...copy, components: node.components.map((child) => copyWithFreshIds(child, makeId)) } : copy;
}

/** Puts a copy of a section or component (with new ids) right after it. */
export function duplicateNode(doc: PageContent, args: { id: string; makeId?: IdMaker }): PageContent {
  const { node, path } = locate(doc, args.id);
  if (node.type === 'gridCell') throw new DocumentError('not-allowed', MODEL_MESSAGES.gridCellsStay);
  const copy = copyWithFreshIds(node, args.makeId);
  assertFreshIds(doc, copy);
  const index = path[path.length - 1]!;
  return updateListAt(doc, path.slice(0, -1), (list) => [...list.slice(0, index + 1), copy, ...list.slice(index + 1)]);
}
