import { describe, expect, it } from 'vitest';
import { MODEL_MESSAGES } from '../messages.ts';
import { idsInOrder, samplePage } from '../testing/fixtures.ts';
import { removeNode } from './remove.ts';

describe('removeNode', () => {
  it('removes a component with everything inside it', () => {
    const doc = samplePage();
    const next = removeNode(doc, { id: 'box' });
    expect(idsInOrder(next)).toEqual(['main', 'intro', 'layout', 'left', 'text', 'right', 'other', 'items']);
    expect(next[1]).toBe(doc[1]);
    expect(next[0]!.components[1]).toBe(doc[0]!.components[1]);
  });

  it('removes a component from a grid cell', () => {
    const next = removeNode(samplePage(), { id: 'text' });
    expect(next[0]!.components[1]!.components![0]!.components).toEqual([]);
  });

  it('removes a section', () => {
    const doc = samplePage();
    const next = removeNode(doc, { id: 'main' });
    expect(next).toEqual([doc[1]]);
    expect(next[0]).toBe(doc[1]);
  });

  it('leaves grid cells to the column count, and refuses unknown ids', () => {
    expect(() => removeNode(samplePage(), { id: 'left' })).toThrow(MODEL_MESSAGES.gridCellsStay);
    expect(() => removeNode(samplePage(), { id: 'nope' })).toThrow(MODEL_MESSAGES.notFound('nope'));
  });
});
