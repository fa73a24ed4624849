import { describe, expect, it } from 'vitest';
import { MODEL_MESSAGES } from '../messages.ts';
import { samplePage, sequentialIds } from '../testing/fixtures.ts';
import { countColumnTracks, setGridColumns } from './grid.ts';
import { updateProps } from './update.ts';

const grid = (doc: ReturnType<typeof samplePage>) => doc[0]!.components[1]!;

describe('setGridColumns', () => {
  it('adds new empty cells at the end, numbered, and sets equal widths', () => {
    const doc = samplePage();
    const next = setGridColumns(doc, { id: 'layout', columns: 4, makeId: sequentialIds() });
    expect(grid(next).props).toMatchObject({ columns: 4, columnWidths: '1fr 1fr 1fr 1fr' });
    expect(grid(next).components!.map((cell) => [cell.id, cell.props.columnIndex, cell.components])).toEqual([
      ['left', 0, grid(doc).components![0]!.components],
      ['right', 1, []],
      ['gridCell-1', 2, []],
      ['gridCell-2', 3, []],
    ]);
    expect(grid(next).components![0]).toBe(grid(doc).components![0]);
  });

  it('cuts off the last cells with what they hold', () => {
    const next = setGridColumns(samplePage(), { id: 'layout', columns: 1 });
    expect(grid(next).components!.map((cell) => cell.id)).toEqual(['left']);
    expect(grid(next).props).toMatchObject({ columns: 1, columnWidths: '1fr' });
    const back = setGridColumns(next, { id: 'layout', columns: 2, makeId: sequentialIds() });
    expect(grid(back).components!.map((cell) => [cell.id, cell.components])).toEqual([
      ['left', grid(next).components![0]!.components],
      ['gridCell-1', []],
    ]);
  });

  it('keeps column widths that still match the count, and changes nothing for the same count', () => {
    const doc = updateProps(samplePage(), { id: 'layout', props: { columnWidths: '2fr 1fr' } });
    expect(setGridColumns(doc, { id: 'layout', columns: 2 })).toBe(doc);
    const three = setGridColumns(doc, { id: 'layout', columns: 3 });
    expect(grid(three).props.columnWidths).toBe('1fr 1fr 1fr');
  });

  it('takes 1 to 4 columns, on grids only', () => {
    for (const columns of [0, 5, 2.5, Number.NaN]) {
      expect(() => setGridColumns(samplePage(), { id: 'layout', columns })).toThrow(MODEL_MESSAGES.gridColumns);
    }
    expect(() => setGridColumns(samplePage(), { id: 'box', columns: 2 })).toThrow(MODEL_MESSAGES.wrongType('grid', 'container'));
  });
});

describe('countColumnTracks', () => {
  it('counts the tracks of a grid-template-columns value', () => {
    expect(countColumnTracks('1fr 1fr')).toBe(2);
    expect(countColumnTracks(' 2fr  1fr 1fr ')).toBe(3);
    expect(countColumnTracks('minmax(200px, 1fr) 2fr')).toBe(2);
    expect(countColumnTracks('repeat(3, 1fr)')).toBe(3);
    expect(countColumnTracks('')).toBe(0);
    expect(countColumnTracks(undefined)).toBe(0);
  });
});
