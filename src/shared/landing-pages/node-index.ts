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

/** Documents never change, so an index built once stays right for as long as its document lives. */
const indexes = new WeakMap<PageContent, NodeIndex>();

/** Where every node of the document sits, by id: built once per document, then a map lookup. */
export function nodeIndex(doc: PageContent): NodeIndex {
  let index = indexes.get(doc);
  if (!index) {
    const built = new Map<string, NodeLocation>();
    walk(doc, (node, path, parent) => {
      if (!built.has(node.id)) built.set(node.id, { path, parentId: parent ? parent.id : null });
    });
    index = built;
    indexes.set(doc, index);
  }
  return index;
}

/**
 * Lets a document made from another by changing nodes in place (not adding, removing or moving any)
 * reuse its index: every path is still right. Used by the prop, style and text-style operations.
 */
export function shareIndex(from: PageContent, to: PageContent): void {
  const index = indexes.get(from);
  if (index && from !== to) indexes.set(to, index);
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
