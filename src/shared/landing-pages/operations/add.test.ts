import { describe, expect, it } from 'vitest';
import { createComponent, createSection } from '../create.ts';
import { DocumentError } from '../document-error.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { deepChain, idsInOrder, samplePage, sequentialIds, withChildren } from '../testing/fixtures.ts';
import { addComponent, addSection } from './add.ts';

const ids = sequentialIds();
const heading = () => createComponent('heading', {}, ids);

describe('addSection', () => {
  it('appends, or inserts at a position, leaving the other sections as they were', () => {
    const doc = samplePage();
    const section = createSection('section', {}, () => 'new');
    const appended = addSection(doc, { section });
    expect(appended.map((s) => s.id)).toEqual(['main', 'other', 'new']);
    expect(appended[0]).toBe(doc[0]);
    expect(addSection(doc, { section, index: 1 }).map((s) => s.id)).toEqual(['main', 'new', 'other']);
    expect(addSection(doc, { section, index: 0 }).map((s) => s.id)).toEqual(['new', 'main', 'other']);
    expect(doc.map((s) => s.id)).toEqual(['main', 'other']);
  });

  it('refuses a section holding what stored content may not, or nested too deep', () => {
    const cell = createComponent('gridCell', {}, ids);
    expect(() => addSection(samplePage(), { section: { ...createSection(), components: [cell] } })).toThrow(MODEL_MESSAGES.gridCellOutsideGrid);
    const [deep] = deepChain(21);
    expect(() => addSection(samplePage(), { section: deep! })).toThrow(MODEL_MESSAGES.tooDeep);
    const [fits] = deepChain(20);
    expect(addSection(samplePage(), { section: fits! })).toHaveLength(3);
  });

  it('refuses a position past the end and an id the page has', () => {
    const doc = samplePage();
    expect(() => addSection(doc, { section: createSection(), index: 3 })).toThrow(DocumentError);
    expect(() => addSection(doc, { section: { ...createSection(), id: 'intro' } })).toThrow(MODEL_MESSAGES.duplicateId('intro'));
  });
});

describe('addComponent', () => {
  it('adds to a section, a grid cell or a nested component, at the end', () => {
    const doc = samplePage();
    const toSection = addComponent(doc, { parentId: 'other', component: { ...heading(), id: 'a' } });
    expect(toSection[1]!.components.map((c) => c.id)).toEqual(['items', 'a']);
    const toCell = addComponent(doc, { parentId: 'right', component: { ...heading(), id: 'b' } });
    expect(toCell[0]!.components[1]!.components![1]!.components!.map((c) => c.id)).toEqual(['b']);
    const toNested = addComponent(doc, { parentId: 'inner', component: { ...heading(), id: 'c' } });
    expect(toNested[0]!.components[2]!.components![1]!.components!.map((c) => c.id)).toEqual(['photo', 'c']);
  });

  it('adds after a given position (index p + 1)', () => {
    const doc = samplePage();
    const after0 = addComponent(doc, { parentId: 'main', component: { ...heading(), id: 'x' }, index: 1 });
    expect(after0[0]!.components.map((c) => c.id)).toEqual(['intro', 'x', 'layout', 'box']);
  });

  it('copies only the path to the parent', () => {
    const doc = samplePage();
    const next = addComponent(doc, { parentId: 'inner', component: heading() });
    expect(next[1]).toBe(doc[1]);
    expect(next[0]!.components[0]).toBe(doc[0]!.components[0]);
    expect(next[0]!.components[1]).toBe(doc[0]!.components[1]);
    expect(next[0]!.components[2]!.components![0]).toBe(doc[0]!.components[2]!.components![0]);
    expect(next[0]!.components[2]!.components![1]!.components![0]).toBe(doc[0]!.components[2]!.components![1]!.components![0]);
    expect(next[0]!.components[2]).not.toBe(doc[0]!.components[2]);
  });

  it('refuses parents that hold nothing, a grid itself, and grid cells from outside', () => {
    const doc = samplePage();
    expect(() => addComponent(doc, { parentId: 'intro', component: heading() })).toThrow(MODEL_MESSAGES.holdsNothing('heading'));
    expect(() => addComponent(doc, { parentId: 'layout', component: heading() })).toThrow(MODEL_MESSAGES.intoGridCell);
    expect(() => addComponent(doc, { parentId: 'box', component: createComponent('gridCell', {}, ids) })).toThrow(MODEL_MESSAGES.gridCellsStay);
    expect(() => addComponent(doc, { parentId: 'nope', component: heading() })).toThrow(MODEL_MESSAGES.notFound('nope'));
  });

  it('refuses a component built by hand that holds what stored content may not', () => {
    const doc = samplePage();
    const withCell = withChildren(createComponent('container', {}, ids), [createComponent('gridCell', {}, ids)]);
    expect(() => addComponent(doc, { parentId: 'main', component: withCell })).toThrow(MODEL_MESSAGES.gridCellOutsideGrid);
    const gridWithHeading = withChildren(createComponent('grid', {}, ids), [heading()]);
    expect(() => addComponent(doc, { parentId: 'main', component: gridWithHeading })).toThrow(MODEL_MESSAGES.onlyGridCells);
    const headingWithChild = withChildren(heading(), [heading()]);
    expect(() => addComponent(doc, { parentId: 'main', component: headingWithChild })).toThrow(MODEL_MESSAGES.holdsNothing('heading'));
  });

  it('refuses ids the page already has and positions outside the list', () => {
    const doc = samplePage();
    expect(() => addComponent(doc, { parentId: 'main', component: { ...heading(), id: 'photo' } })).toThrow(MODEL_MESSAGES.duplicateId('photo'));
    expect(() => addComponent(doc, { parentId: 'main', component: heading(), index: 4 })).toThrow(MODEL_MESSAGES.position(4, 3));
    expect(() => addComponent(doc, { parentId: 'main', component: heading(), index: -1 })).toThrow(DocumentError);
  });

  it('refuses nesting deeper than 20, counting what the new component holds', () => {
    const doc = deepChain(19);
    expect(idsInOrder(addComponent(doc, { parentId: 'level-19', component: { ...heading(), id: 'leaf' } }))).toContain('leaf');
    expect(() => addComponent(doc, { parentId: 'level-19', component: createComponent('container', {}, ids) })).not.toThrow();
    const deeper = deepChain(20);
    const refused = () => addComponent(deeper, { parentId: 'level-20', component: heading() });
    expect(refused).toThrow(expect.objectContaining({ code: 'too-deep', message: MODEL_MESSAGES.tooDeep }));
    expect(() => addComponent(doc, { parentId: 'level-19', component: createComponent('grid', {}, ids) })).toThrow(MODEL_MESSAGES.tooDeep);
  });
});
