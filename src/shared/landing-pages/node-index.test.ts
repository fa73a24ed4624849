import { describe, expect, it } from 'vitest';
import { DocumentError } from './document-error.ts';
import { locate, nodeIndex } from './node-index.ts';
import { samplePage } from './testing/fixtures.ts';
import { updateProps } from './operations/update.ts';
import { removeNode } from './operations/remove.ts';

describe('nodeIndex', () => {
  it('maps every id to its path and parent', () => {
    const index = nodeIndex(samplePage());
    expect(index.get('main')).toEqual({ path: [0], parentId: null });
    expect(index.get('layout')).toEqual({ path: [0, 1], parentId: 'main' });
    expect(index.get('text')).toEqual({ path: [0, 1, 0, 0], parentId: 'left' });
    expect(index.get('photo')).toEqual({ path: [0, 2, 1, 0], parentId: 'inner' });
    expect(index.get('items')).toEqual({ path: [1, 0], parentId: 'other' });
    expect(index.size).toBe(12);
  });

  it('is built once per document, and reused by edits that move nothing', () => {
    const doc = samplePage();
    expect(nodeIndex(doc)).toBe(nodeIndex(doc));
    const edited = updateProps(doc, { id: 'text', props: { text: 'New' } });
    expect(nodeIndex(edited)).toBe(nodeIndex(doc));
    const removed = removeNode(doc, { id: 'intro' });
    expect(nodeIndex(removed)).not.toBe(nodeIndex(doc));
    expect(nodeIndex(removed).get('layout')!.path).toEqual([0, 0]);
  });

  it('keeps the indexes of the last 8 documents only, so an undo history does not hold one per document', () => {
    const first = samplePage();
    const index = nodeIndex(first);
    const later = Array.from({ length: 8 }, () => samplePage());
    for (const doc of later) nodeIndex(doc);
    expect(nodeIndex(later[7]!)).toBe(nodeIndex(later[7]!));
    expect(nodeIndex(first)).not.toBe(index);
    expect(nodeIndex(first)).toEqual(index);
  });

  it('locates a node or refuses an unknown id', () => {
    const doc = samplePage();
    expect(locate(doc, 'cta').node).toBe(doc[0]!.components[2]!.components![0]);
    expect(() => locate(doc, 'nope')).toThrow(new DocumentError('not-found', 'No section or component with id "nope"'));
  });
});
