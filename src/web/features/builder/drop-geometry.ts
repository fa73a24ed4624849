import type { DropProposal } from '@shared/landing-pages/drop-slots.ts';

/** A box's vertical extent on screen. */
export interface Span {
  readonly top: number;
  readonly bottom: number;
}

/** One node under the pointer, innermost first: its box, whether it holds components, and its children's boxes (the dragged node left out). */
export interface UnderPointer {
  readonly id: string;
  readonly holds: boolean;
  readonly box: Span;
  readonly children: readonly Span[];
}

/** How close to a holder's top or bottom edge the pointer means 'before' or 'after' it rather than 'inside'. */
const EDGE_PX = 12;

/**
 * Where the pointer at height `y` proposes to drop, best first: for each node from the innermost
 * out, before or after it by which half the pointer is in, and for a holder inside it, among its
 * children by their middles (first when the pointer is away from the holder's edges). The document
 * model then takes the first proposal it allows, so a refused place falls back to the next.
 */
export function proposalsAt(chain: readonly UnderPointer[], y: number): DropProposal[] {
  const proposals: DropProposal[] = [];
  for (const node of chain) {
    const side: DropProposal = { kind: y < (node.box.top + node.box.bottom) / 2 ? 'before' : 'after', id: node.id };
    if (!node.holds) {
      proposals.push(side);
      continue;
    }
    const inside: DropProposal = { kind: 'inside', id: node.id, index: node.children.filter((child) => (child.top + child.bottom) / 2 < y).length };
    const edge = Math.min(EDGE_PX, (node.box.bottom - node.box.top) / 4);
    const nearEdge = y < node.box.top + edge || y > node.box.bottom - edge;
    proposals.push(...(nearEdge ? [side, inside] : [inside, side]));
  }
  return proposals;
}
