import { describe, expect, it } from 'vitest';
import { proposalsAt, type UnderPointer } from './drop-geometry.ts';

const paragraph: UnderPointer = { id: 'p', holds: false, box: { top: 100, bottom: 140 }, children: [] };
const container: UnderPointer = {
  id: 'box',
  holds: true,
  box: { top: 80, bottom: 300 },
  children: [
    { top: 100, bottom: 140 },
    { top: 150, bottom: 190 },
  ],
};

describe('proposalsAt', () => {
  it('proposes before or after a component by the half the pointer is in, then its holder', () => {
    expect(proposalsAt([paragraph, container], 110)[0]).toEqual({ kind: 'before', id: 'p' });
    expect(proposalsAt([paragraph, container], 130)).toEqual([
      { kind: 'after', id: 'p' },
      { kind: 'inside', id: 'box', index: 1 },
      { kind: 'before', id: 'box' },
    ]);
  });

  it('proposes inside a holder among its children by their middles, or next to it near its edges', () => {
    expect(proposalsAt([container], 200)[0]).toEqual({ kind: 'inside', id: 'box', index: 2 });
    expect(proposalsAt([container], 95)[0]).toEqual({ kind: 'inside', id: 'box', index: 0 });
    expect(proposalsAt([container], 82)[0]).toEqual({ kind: 'before', id: 'box' });
    expect(proposalsAt([container], 295)[0]).toEqual({ kind: 'after', id: 'box' });
  });

  it('keeps the edge small on a short holder (a line of the tree)', () => {
    const row: UnderPointer = { id: 'cell', holds: true, box: { top: 0, bottom: 24 }, children: [] };
    expect(proposalsAt([row], 3)[0]).toEqual({ kind: 'before', id: 'cell' });
    expect(proposalsAt([row], 12)[0]).toEqual({ kind: 'inside', id: 'cell', index: 0 });
    expect(proposalsAt([row], 22)[0]).toEqual({ kind: 'after', id: 'cell' });
  });
});
