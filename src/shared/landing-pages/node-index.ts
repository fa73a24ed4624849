import { DocumentError } from './document-error.ts';
import { MODEL_MESSAGES } from './messages.ts';
import { nodeAtPath, walk } from './tree.ts';
import type { NodePath, PageContent, TreeNode } from './types.ts';

export interface NodeLocation {
  readonly path: NodePath;
  /** The id of the section or component holding the node; null for a section. */
  readonly parentId: string | null;
}

export type NodeIndex = ReadonlyMap<string, NodeLocation>;

/**
 * Documents never change, so an index stays right for as long as its document lives. Only the
 * indexes of the last few documents are kept: an editor works on its newest document, and an undo
 * history of hundreds of documents should not hold an index for each.
 */
const CACHED_INDEXES = 8;
const indexes = new Map<PageContent, NodeIndex>();

function remember(doc: PageContent, index: NodeIndex): void {
  indexes.delete(doc);
  indexes.set(doc, index);
  if (indexes.size > CACHED_INDEXES) indexes.delete(indexes.keys().next().value!);
}

/** Where every node of the document sits, by id: built once per document, then a map lookup. */
export function nodeIndex(doc: PageContent): NodeIndex {
  let index = indexes.get(doc);
  if (!index) {
    const built = new Map<string, NodeLocation>();
    walk(doc, (node, path, parent) => {
      if (!built.has(node.id)) built.set(node.id, { path, parentId: parent ? parent.id : null });
    });
    index = built;
  }
  remember(doc, index);
  return index;
}

/**
 * Lets a document made from another by changing nodes in place (not adding, removing or moving any)
 * reuse its index: every path is still right. Used by the prop, style and text-style operations.
 */
export function shareIndex(from: PageContent, to: PageContent): void {
  const index = indexes.get(from);
  if (index && from !== to) remember(to, index);
}

export function locate(doc: PageContent, id: string): NodeLocation & { readonly node: TreeNode } {
  const location = nodeIndex(doc).get(id);
  const node = location && nodeAtPath(doc, location.path);
  if (!location || !node) throw new DocumentError('not-found', MODEL_MESSAGES.notFound(id));
  return { ...location, node };
}

/** The depth of the node at a path: 0 for a section, 1 for a section's own components, ... */
export function depthOf(path: NodePath): number {
  return path.length - 1;
}
