import { nodeIndex, type NodeLocation } from './node-index.ts';
import { moveSectionTo, moveTo } from './operations/move.ts';
import { fitsDepth, placementProblem } from './placement.ts';
import { childrenOf } from './tree.ts';
import type { NodePath, PageContent, TreeNode } from './types.ts';

/**
 * Where drag and drop may put a node: position `index` in the list under `parentId` (null: the
 * page's sections), counted once the node has left its place, as `moveTo` takes it. Components go
 * where Move Component may send them (sections, grid cells, nested components, within the depth
 * limit, never into themselves) at any position; sections only among the sections; grid cells stay.
 */
export interface DropSlot {
  readonly parentId: string | null;
  readonly index: number;
}

/** What the pointer is over, as the canvas or the tree sees it: just before or after a node, or inside it at a position. */
export type DropProposal =
  | { readonly kind: 'before' | 'after'; readonly id: string }
  /** `index` among the node's children, not counting the dragged node. */
  | { readonly kind: 'inside'; readonly id: string; readonly index: number };

const isWithin = (path: NodePath, ancestor: NodePath) => ancestor.length <= path.length && ancestor.every((index, level) => path[level] === index);

interface Dragged {
  readonly node: TreeNode;
  readonly location: NodeLocation;
}

function dragged(doc: PageContent, id: string): Dragged | null {
  const location = nodeIndex(doc).get(id);
  const node = location && nodeOf(doc, location.path);
  if (!location || !node || node.type === 'gridCell') return null;
  return { node, location };
}

function nodeOf(doc: PageContent, path: NodePath): TreeNode | undefined {
  let node: TreeNode | undefined = doc[path[0]!];
  for (let level = 1; node && level < path.length; level++) node = childrenOf(node)[path[level]!];
  return node;
}

/** True when the holder at `location` may take the dragged component (the rules of Move Component). */
function mayHold(holder: TreeNode, location: NodeLocation, source: Dragged): boolean {
  if (isWithin(location.path, source.location.path)) return false;
  return placementProblem(holder, location, source.node) === null && fitsDepth(location, source.node);
}

/** How many places a list offers the dragged node: its length without the node itself. */
const placesIn = (list: readonly TreeNode[], source: Dragged) => list.length - (list.includes(source.node) ? 1 : 0) + 1;

/** True when the dragged node may be dropped at `slot`. */
export function isSlotAllowed(doc: PageContent, id: string, slot: DropSlot): boolean {
  const source = dragged(doc, id);
  if (!source || !Number.isInteger(slot.index) || slot.index < 0) return false;
  const isSection = source.location.path.length === 1;
  if (slot.parentId === null) return isSection && slot.index < doc.length;
  if (isSection) return false;
  const location = nodeIndex(doc).get(slot.parentId);
  const holder = location && nodeOf(doc, location.path);
  if (!location || !holder || !mayHold(holder, location, source)) return false;
  return slot.index < placesIn(childrenOf(holder), source);
}

/** The slot the node is in now: dropping it there changes nothing. */
export function currentSlot(doc: PageContent, id: string): DropSlot {
  const { path, parentId } = nodeIndex(doc).get(id)!;
  return { parentId, index: path[path.length - 1]! };
}

/**
 * Every slot the node may be dropped at, in the order they appear on the page from top to bottom
 * (a holder's own slots around the slots inside each of its children): the keyboard steps through them.
 */
export function listDropSlots(doc: PageContent, id: string): DropSlot[] {
  const source = dragged(doc, id);
  if (!source) return [];
  if (source.location.path.length === 1) return doc.map((_, index) => ({ parentId: null, index }));
  const slots: DropSlot[] = [];
  const visitChildren = (node: TreeNode, path: NodePath) => {
    const location: NodeLocation = { path, parentId: null };
    const holds = mayHold(node, location, source);
    let index = 0;
    childrenOf(node).forEach((child, at) => {
      if (child === source.node) return;
      if (holds) slots.push({ parentId: node.id, index: index++ });
      visitChildren(child, [...path, at]);
    });
    if (holds) slots.push({ parentId: node.id, index });
  };
  doc.forEach((section, at) => visitChildren(section, [at]));
  return slots;
}

/** The slot a proposal names, or null when the dragged node may not go there. */
export function slotForProposal(doc: PageContent, id: string, proposal: DropProposal): DropSlot | null {
  let slot: DropSlot;
  if (proposal.kind === 'inside') slot = { parentId: proposal.id, index: proposal.index };
  else {
    const at = nodeIndex(doc).get(proposal.id);
    const source = nodeIndex(doc).get(id);
    if (!at || !source) return null;
    let index = at.path[at.path.length - 1]! + (proposal.kind === 'after' ? 1 : 0);
    // Counted once the dragged node has left: a later sibling of it moves up one place.
    if (source.parentId === at.parentId && source.path[source.path.length - 1]! < index) index -= 1;
    slot = { parentId: at.parentId, index };
  }
  return isSlotAllowed(doc, id, slot) ? slot : null;
}

/** The first of the proposals (best first) the node may be dropped at. */
export function firstAllowedSlot(doc: PageContent, id: string, proposals: readonly DropProposal[]): DropSlot | null {
  for (const proposal of proposals) {
    const slot = slotForProposal(doc, id, proposal);
    if (slot) return slot;
  }
  return null;
}

/** The document with the node dropped at `slot` (one change, so one undo step). */
export function dropAt(doc: PageContent, id: string, slot: DropSlot): PageContent {
  return slot.parentId === null ? moveSectionTo(doc, { id, index: slot.index }) : moveTo(doc, { id, parentId: slot.parentId, index: slot.index });
}
