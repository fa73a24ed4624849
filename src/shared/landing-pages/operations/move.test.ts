import { describe, expect, it } from 'vitest';
import { createComponent } from '../create.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { nodeIndex } from '../node-index.ts';
import { deepChain, idsInOrder, samplePage, withChildren } from '../testing/fixtures.ts';
import { addComponent } from './add.ts';
import { moveDown, moveSectionTo, moveTo, moveUp } from './move.ts';

describe('moveUp and moveDown', () => {
  it('swap a component with its neighbour', () => {
    const doc = samplePage();
    expect(moveUp(doc, { id: 'layout' })[0]!.components.map((c) => c.id)).toEqual(['layout', 'intro', 'box']);
    expect(moveDown(doc, { id: 'layout' })[0]!.components.map((c) => c.id)).toEqual(['intro', 'box', 'layout']);
  });

  it('swap sections', () => {
    expect(moveDown(samplePage(), { id: 'main' }).map((s) => s.id)).toEqual(['other', 'main']);
    expect(moveUp(samplePage(), { id: 'other' }).map((s) => s.id)).toEqual(['other', 'main']);
  });

  it('do nothing at the ends: the same document comes back', () => {
    const doc = samplePage();
    expect(moveUp(doc, { id: 'intro' })).toBe(doc);
    expect(moveDown(doc, { id: 'box' })).toBe(doc);
    expect(moveUp(doc, { id: 'main' })).toBe(doc);
    expect(moveDown(doc, { id: 'other' })).toBe(doc);
    expect(moveUp(doc, { id: 'text' })).toBe(doc);
  });

  it('undo each other', () => {
    const doc = samplePage();
    expect(moveDown(moveUp(doc, { id: 'box' }), { id: 'box' })).toEqual(doc);
  });

  it('keep grid cells in their columns', () => {
    expect(() => moveDown(samplePage(), { id: 'left' })).toThrow(MODEL_MESSAGES.gridCellsStay);
  });
});

describe('moveTo', () => {
  it('moves a component to another section, a grid cell or a nested component, at the end or a position', () => {
    const doc = samplePage();
    expect(moveTo(doc, { id: 'intro', parentId: 'other' })[1]!.components.map((c) => c.id)).toEqual(['items', 'intro']);
    expect(moveTo(doc, { id: 'intro', parentId: 'other', index: 0 })[1]!.components.map((c) => c.id)).toEqual(['intro', 'items']);
    const toCell = moveTo(doc, { id: 'photo', parentId: 'right' });
    expect(idsInOrder(toCell)).toEqual(['main', 'intro', 'layout', 'left', 'text', 'right', 'photo', 'box', 'cta', 'inner', 'other', 'items']);
    const toNested = moveTo(doc, { id: 'intro', parentId: 'inner', index: 0 });
    expect(idsInOrder(toNested)).toEqual(['main', 'layout', 'left', 'text', 'right', 'box', 'cta', 'inner', 'intro', 'photo', 'other', 'items']);
  });

  it('moves within the same list, the position counted without the component', () => {
    const doc = samplePage();
    expect(moveTo(doc, { id: 'intro', parentId: 'main', index: 2 })[0]!.components.map((c) => c.id)).toEqual(['layout', 'box', 'intro']);
    expect(moveTo(doc, { id: 'intro', parentId: 'main', index: 0 })).toBe(doc);
  });

  it('finds a target that sits after the component on the same level', () => {
    // 'intro' leaves main's list before 'box', so box's path shifts from [0, 2] to [0, 1].
    const moved = moveTo(samplePage(), { id: 'intro', parentId: 'box' });
    expect(idsInOrder(moved)).toEqual(['main', 'layout', 'left', 'text', 'right', 'box', 'cta', 'inner', 'photo', 'intro', 'other', 'items']);
    expect(nodeIndex(moved).get('intro')).toEqual({ path: [0, 1, 2], parentId: 'box' });
  });

  it('is undone by moving back to the old parent and position', () => {
    const doc = samplePage();
    const moved = moveTo(doc, { id: 'box', parentId: 'right' });
    expect(moveTo(moved, { id: 'box', parentId: 'main', index: 2 })).toEqual(doc);
  });

  it('copies only the paths it changes', () => {
    const doc = samplePage();
    const moved = moveTo(doc, { id: 'photo', parentId: 'other' });
    expect(moved[0]!.components[0]).toBe(doc[0]!.components[0]);
    expect(moved[0]!.components[1]).toBe(doc[0]!.components[1]);
    expect(moved[0]!.components[2]!.components![0]).toBe(doc[0]!.components[2]!.components![0]);
    expect(moved[1]!.components[0]).toBe(doc[1]!.components[0]);
    expect(moved[1]!.components[1]).toBe(doc[0]!.components[2]!.components![1]!.components![0]);
  });

  it('refuses sections, grid cells, moves into the component itself, and parents that may not hold it', () => {
    const doc = samplePage();
    expect(() => moveTo(doc, { id: 'main', parentId: 'other' })).toThrow(MODEL_MESSAGES.sectionsMoveUpDown);
    expect(() => moveTo(doc, { id: 'left', parentId: 'box' })).toThrow(MODEL_MESSAGES.gridCellsStay);
    expect(() => moveTo(doc, { id: 'box', parentId: 'inner' })).toThrow(MODEL_MESSAGES.notIntoItself);
    expect(() => moveTo(doc, { id: 'box', parentId: 'box' })).toThrow(MODEL_MESSAGES.notIntoItself);
    expect(() => moveTo(doc, { id: 'cta', parentId: 'layout' })).toThrow(MODEL_MESSAGES.intoGridCell);
    expect(() => moveTo(doc, { id: 'cta', parentId: 'photo' })).toThrow(MODEL_MESSAGES.holdsNothing('image'));
    expect(() => moveTo(doc, { id: 'cta', parentId: 'main', index: 4 })).toThrow(MODEL_MESSAGES.position(4, 3));
    expect(() => moveTo(doc, { id: 'intro', parentId: 'main', index: 3 })).toThrow(MODEL_MESSAGES.position(3, 2));
  });

  it('refuses to nest deeper than 20', () => {
    const chain = deepChain(18);
    const withBox = addComponent(chain, {
      parentId: 'deep',
      component: withChildren(createComponent('container', {}, () => 'outer'), [createComponent('container', {}, () => 'middle')]),
    });
    expect(() => moveTo(withBox, { id: 'outer', parentId: 'level-18' })).not.toThrow();
    const withDeeperBox = addComponent(withBox, { parentId: 'middle', component: createComponent('heading', {}, () => 'leaf') });
    expect(() => moveTo(withDeeperBox, { id: 'outer', parentId: 'level-18' })).toThrow(MODEL_MESSAGES.tooDeep);
  });
});

describe('moveSectionTo', () => {
  it('puts a section at a position among the sections, and refuses components', () => {
    const doc = samplePage();
    const moved = moveSectionTo(doc, { id: 'other', index: 0 });
    expect(moved.map((section) => section.id)).toEqual(['other', 'main']);
    expect(moved[1]).toBe(doc[0]);
    expect(moveSectionTo(doc, { id: 'main', index: 0 })).toBe(doc);
    expect(() => moveSectionTo(doc, { id: 'intro', index: 0 })).toThrow(MODEL_MESSAGES.wrongType('section', 'component'));
    expect(() => moveSectionTo(doc, { id: 'main', index: 2 })).toThrow(MODEL_MESSAGES.position(2, 1));
  });
});
