import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentSlot, dropAt, firstAllowedSlot, isSlotAllowed, listDropSlots, slotForProposal } from './drop-slots.ts';
import { listMoveTargets } from './move-targets.ts';
import { documents } from './testing/arbitraries.ts';
import { deepChain, samplePage } from './testing/fixtures.ts';
import { childrenOf, walk } from './tree.ts';
import type { PageContent, TreeNode } from './types.ts';

const ids = (nodes: readonly { id: string }[]) => nodes.map((node) => node.id);
const main = (doc: PageContent) => ids(doc[0]!.components);

describe('listDropSlots', () => {
  it('lists every place a component may go, top to bottom, a holder’s places around those inside its children', () => {
    const slots = listDropSlots(samplePage(), 'cta').map((slot) => `${slot.parentId}:${slot.index}`);
    expect(slots).toEqual(['main:0', 'main:1', 'left:0', 'left:1', 'right:0', 'main:2', 'box:0', 'inner:0', 'inner:1', 'box:1', 'main:3', 'other:0', 'other:1']);
    expect(slots).toContain(`${currentSlot(samplePage(), 'cta').parentId}:${currentSlot(samplePage(), 'cta').index}`);
  });

  it('offers the holders Move Component offers, and the node’s own parent, never the node itself or what it holds', () => {
    const parents = new Set(listDropSlots(samplePage(), 'box').map((slot) => slot.parentId));
    expect([...parents]).toEqual(['main', 'left', 'right', 'other']);
    expect(listDropSlots(samplePage(), 'box').some((slot) => slot.parentId === 'inner' || slot.parentId === 'box')).toBe(false);
  });

  it('moves sections only among the sections, and grid cells nowhere', () => {
    expect(listDropSlots(samplePage(), 'other')).toEqual([
      { parentId: null, index: 0 },
      { parentId: null, index: 1 },
    ]);
    expect(listDropSlots(samplePage(), 'left')).toEqual([]);
  });

  it('leaves out holders too deep for the component', () => {
    const doc = deepChain(20);
    expect(listDropSlots(doc, 'level-20').some((slot) => slot.parentId === 'level-19')).toBe(true);
    expect(listDropSlots(doc, 'level-19').some((slot) => slot.parentId === 'level-18')).toBe(true);
    expect(isSlotAllowed(doc, 'level-20', { parentId: 'level-20', index: 0 })).toBe(false);
  });

  it('agrees with Move Component and the model on every page: each slot is allowed and the drop lands there', () => {
    fc.assert(
      fc.property(documents, fc.nat(), (doc, pick) => {
        const all: string[] = [];
        walk(doc, (node) => all.push(node.id));
        const id = all[pick % all.length]!;
        const own = currentSlot(doc, id).parentId;
        const slots = listDropSlots(doc, id);
        if (own !== null && walkFind(doc, id)!.type !== 'gridCell') {
          const parents = new Set(slots.map((slot) => slot.parentId));
          expect([...parents].filter((parent) => parent !== own).sort()).toEqual(ids(listMoveTargets(doc, id)).filter((parent) => parent !== own).sort());
        }
        for (const slot of slots) {
          expect(isSlotAllowed(doc, id, slot)).toBe(true);
          const next = dropAt(doc, id, slot);
          const landed = slot.parentId === null ? next : childrenOf(walkFind(next, slot.parentId)!);
          expect(landed[slot.index]?.id).toBe(id);
        }
      }),
      { numRuns: 60 },
    );
  });
});

function walkFind(doc: PageContent, id: string) {
  let found: TreeNode | undefined;
  walk(doc, (node) => {
    if (node.id === id) found = node;
  });
  return found;
}

describe('slotForProposal', () => {
  it('counts positions once the dragged component has left its place', () => {
    const slot = slotForProposal(samplePage(), 'intro', { kind: 'after', id: 'box' });
    expect(slot).toEqual({ parentId: 'main', index: 2 });
    expect(main(dropAt(samplePage(), 'intro', slot!))).toEqual(['layout', 'box', 'intro']);
    expect(slotForProposal(samplePage(), 'box', { kind: 'before', id: 'intro' })).toEqual({ parentId: 'main', index: 0 });
    expect(slotForProposal(samplePage(), 'cta', { kind: 'inside', id: 'right', index: 0 })).toEqual({ parentId: 'right', index: 0 });
  });

  it('refuses what the model refuses', () => {
    const doc = samplePage();
    expect(slotForProposal(doc, 'box', { kind: 'inside', id: 'inner', index: 0 })).toBeNull(); // into itself
    expect(slotForProposal(doc, 'intro', { kind: 'inside', id: 'layout', index: 0 })).toBeNull(); // a grid holds only its cells
    expect(slotForProposal(doc, 'intro', { kind: 'inside', id: 'cta', index: 0 })).toBeNull(); // a button holds nothing
    expect(slotForProposal(doc, 'intro', { kind: 'before', id: 'left' })).toBeNull(); // among grid cells
    expect(slotForProposal(doc, 'intro', { kind: 'before', id: 'main' })).toBeNull(); // among sections
    expect(slotForProposal(doc, 'main', { kind: 'inside', id: 'other', index: 0 })).toBeNull(); // a section into a section
    expect(slotForProposal(doc, 'intro', { kind: 'inside', id: 'main', index: 4 })).toBeNull(); // past the end
  });

  it('reorders sections', () => {
    const slot = slotForProposal(samplePage(), 'main', { kind: 'after', id: 'other' });
    expect(slot).toEqual({ parentId: null, index: 1 });
    expect(ids(dropAt(samplePage(), 'main', slot!))).toEqual(['other', 'main']);
  });

  it('takes the first proposal the model allows', () => {
    const proposals = [
      { kind: 'inside', id: 'cta', index: 0 },
      { kind: 'after', id: 'cta' },
    ] as const;
    expect(firstAllowedSlot(samplePage(), 'intro', proposals)).toEqual({ parentId: 'box', index: 1 });
    expect(firstAllowedSlot(samplePage(), 'intro', [{ kind: 'inside', id: 'layout', index: 0 }])).toBeNull();
  });
});
