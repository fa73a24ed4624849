import type { ComponentNode, NodePath, PageContent, TreeNode } from './types.ts';

const NO_CHILDREN: readonly ComponentNode[] = [];

export function childrenOf(node: TreeNode): readonly ComponentNode[] {
  return node.components ?? NO_CHILDREN;
}

/** The node at a path; undefined when the path leads nowhere. */
export function nodeAtPath(doc: PageContent, path: NodePath): TreeNode | undefined {
  let node: TreeNode | undefined = doc[path[0] ?? -1];
  for (let level = 1; node && level < path.length; level++) node = childrenOf(node)[path[level]!];
  return node;
}

/**
 * Replaces the list of nodes under a parent (the section list for the empty path) with what `change`
 * returns, copying only the nodes on the way there: every other node keeps its identity. When
 * `change` returns the list it was given, the document itself comes back unchanged.
 */
export function updateListAt(doc: PageContent, parentPath: NodePath, change: (list: readonly TreeNode[]) => readonly TreeNode[]): PageContent {
  return updateList(doc, parentPath, 0, change) as PageContent;
}

function updateList(
  list: readonly TreeNode[],
  parentPath: NodePath,
  level: number,
  change: (list: readonly TreeNode[]) => readonly TreeNode[],
): readonly TreeNode[] {
  if (level === parentPath.length) return change(list);
  const index = parentPath[level]!;
  const node = list[index]!;
  const children = childrenOf(node);
  const nextChildren = updateList(children, parentPath, level + 1, change) as readonly ComponentNode[];
  if (nextChildren === children) return list;
  const next = list.slice();
  next[index] = { ...node, components: nextChildren };
  return next;
}

/** Replaces the node at a path with what `change` returns, copying only its ancestors. */
export function updateNodeAt(doc: PageContent, path: NodePath, change: (node: TreeNode) => TreeNode): PageContent {
  const index = path[path.length - 1]!;
  return updateListAt(doc, path.slice(0, -1), (list) => {
    const node = list[index]!;
    const next = change(node);
    if (next === node) return list;
    const copy = list.slice();
    copy[index] = next;
    return copy;
  });
}

/** Calls `visit` for every node, depth first, with its path and its parent; sections are at depth 0. */
export function walk(doc: PageContent, visit: (node: TreeNode, path: NodePath, parent: TreeNode | null) => void): void {
  const stack: Array<[TreeNode, NodePath, TreeNode | null]> = [];
  for (let i = doc.length - 1; i >= 0; i--) stack.push([doc[i]!, [i], null]);
  while (stack.length > 0) {
    const [node, path, parent] = stack.pop()!;
    visit(node, path, parent);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, [...path, i], node]);
  }
}

/** How many levels a node spans: 1 for a leaf, 2 for a container holding leaves, ... */
export function subtreeHeight(node: TreeNode): number {
  let height = 1;
  for (const child of childrenOf(node)) height = Math.max(height, 1 + subtreeHeight(child));
  return height;
}

/** Every id in a subtree, the node's own first. */
export function subtreeIds(node: TreeNode): string[] {
  const ids = [node.id];
  for (const child of childrenOf(node)) ids.push(...subtreeIds(child));
  return ids;
}
