import { describe, expect, it } from 'vitest';
import { MODEL_MESSAGES } from '../messages.ts';
import { nodeIndex } from '../node-index.ts';
import { idsInOrder, samplePage, sequentialIds } from '../testing/fixtures.ts';
import type { TreeNode } from '../types.ts';
import { copyWithFreshIds, duplicateNode } from './duplicate.ts';

/** A node's content with ids left out: what a copy must share with its original. */
function withoutIds(node: TreeNode): unknown {
  return { type: node.type, props: node.props, styles: node.styles, components: node.components?.map(withoutIds) };
}

describe('copyWithFreshIds', () => {
  it('copies a subtree with a new id on every node', () => {
    const box = samplePage()[0]!.components[2]!;
    const copy = copyWithFreshIds(box, sequentialIds());
    expect(withoutIds(copy)).toEqual(withoutIds(box));
    expect([copy.id, copy.components![0]!.id, copy.components![1]!.id, copy.components![1]!.components![0]!.id]).toEqual([
      'container-1',
      'button-2',
      'container-3',
      'image-4',
    ]);
  });
});

describe('duplicateNode', () => {
  it('puts the copy right after the original', () => {
    const doc = samplePage();
    const next = duplicateNode(doc, { id: 'box', makeId: sequentialIds() });
    expect(next[0]!.components.map((c) => c.id)).toEqual(['intro', 'layout', 'box', 'container-1']);
    expect(withoutIds(next[0]!.components[3]!)).toEqual(withoutIds(doc[0]!.components[2]!));
    expect(nodeIndex(next).size).toBe(nodeIndex(doc).size + 4);
    expect(next[0]!.components[2]).toBe(doc[0]!.components[2]);
    expect(next[1]).toBe(doc[1]);
  });

  it('duplicates a section and a grid with its cells', () => {
    const doc = samplePage();
    expect(duplicateNode(doc, { id: 'other', makeId: sequentialIds() }).map((s) => s.id)).toEqual(['main', 'other', 'section-1']);
    const grids = duplicateNode(doc, { id: 'layout', makeId: sequentialIds() });
    expect(idsInOrder(grids).slice(0, 11)).toEqual(['main', 'intro', 'layout', 'left', 'text', 'right', 'grid-1', 'gridCell-2', 'paragraph-3', 'gridCell-4', 'box']);
  });

  it('leaves grid cells to the column count, and refuses a copy whose ids clash', () => {
    expect(() => duplicateNode(samplePage(), { id: 'left' })).toThrow(MODEL_MESSAGES.gridCellsStay);
    expect(() => duplicateNode(samplePage(), { id: 'intro', makeId: () => 'photo' })).toThrow(MODEL_MESSAGES.duplicateId('photo'));
  });
});
