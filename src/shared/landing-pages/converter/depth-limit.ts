import { MAX_NESTING_DEPTH } from '../constants.ts';
import type { ComponentNode } from '../types.ts';

/**
 * Keeps converted components within the builder's nesting limit (20 levels). A section's
 * components are at depth 1; a component may hold children only above the limit, and a grid needs
 * two levels (its cells and their contents). What would sit deeper is flattened in place: the
 * branch's leaves (text, images, buttons ...) in reading order, without the boxes around them, so no
 * text is lost. This shapes the result; the cost of reading hostile markup is bounded earlier, by the
 * parser's limits (parse-html.ts). `flattened` says whether any branch was flattened.
 */
export function limitDepth(components: readonly ComponentNode[]): { components: ComponentNode[]; flattened: boolean } {
  let flattened = false;
  const limit = (nodes: readonly ComponentNode[], depth: number): ComponentNode[] =>
    nodes.flatMap((node) => {
      if (!node.components) return [node];
      const room = node.type === 'grid' ? depth + 1 < MAX_NESTING_DEPTH : depth < MAX_NESTING_DEPTH;
      if (!room) {
        flattened = true;
        return leavesOf(node);
      }
      const children = node.type === 'grid' ? node.components.map((cell) => ({ ...cell, components: limit(cell.components ?? [], depth + 2) })) : limit(node.components, depth + 1);
      return [{ ...node, components: children }];
    });
  return { components: limit(components, 1), flattened };
}

/** The leaves of a branch in reading order (iterative: the branch may be deep). */
function leavesOf(root: ComponentNode): ComponentNode[] {
  const leaves: ComponentNode[] = [];
  const stack: ComponentNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.components) leaves.push(node);
    else for (let i = node.components.length - 1; i >= 0; i--) stack.push(node.components[i]!);
  }
  return leaves;
}
