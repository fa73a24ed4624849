import { MAX_NESTING_DEPTH } from '../constants.ts';
import type { ComponentNode } from '../types.ts';

/**
 * Keeps converted components within the nesting limit (spec 3.3: 20). A section's components are at
 * depth 1; a component may hold children only above the limit, and a grid needs two levels (its cells
 * and their contents). What would sit deeper is flattened in place: the branch's leaves (text,
 * images, buttons ...) in reading order, without the boxes around them, so no text is lost.
 */
export function limitDepth(components: readonly ComponentNode[], depth = 1): ComponentNode[] {
  return components.flatMap((node) => {
    if (!node.components) return [node];
    const room = node.type === 'grid' ? depth + 1 < MAX_NESTING_DEPTH : depth < MAX_NESTING_DEPTH;
    if (!room) return leavesOf(node);
    const children = node.type === 'grid' ? node.components.map((cell) => ({ ...cell, components: limitDepth(cell.components ?? [], depth + 2) })) : limitDepth(node.components, depth + 1);
    return [{ ...node, components: children }];
  });
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
