import { describe, expect, it } from 'vitest';
import { MODEL_MESSAGES } from '@shared/landing-pages/messages.ts';
import { nodesById, samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a), state);
const names = (state: EditorState) => state.past.map((step) => step.name);
const childIds = (state: EditorState, id: string) => nodesById(state.doc).get(id)!.components!.map((child) => child.id);

describe('move actions', () => {
  it('moves a node up and down among its siblings, named by what moved and where', () => {
    const start = initialEditorState(samplePage());
    const moved = run(start, { type: 'moveNode', id: 'other', direction: 'up' }, { type: 'moveNode', id: 'intro', direction: 'down' });
    expect(moved.doc.map((section) => section.id)).toEqual(['other', 'main']);
    expect(childIds(moved, 'main')).toEqual(['layout', 'intro', 'box']);
    expect(names(moved)).toEqual(['Moved Section 2 up', 'Moved Heading down']);
  });

  it('makes no step when the first moves up', () => {
    const start = initialEditorState(samplePage());
    expect(run(start, { type: 'moveNode', id: 'main', direction: 'up' })).toBe(start);
  });

  it("moves a component to another holder's end with Move Component, selected, the dialog closed", () => {
    const start = { ...initialEditorState(samplePage()), dialog: { kind: 'move', id: 'cta' } } as const;
    const moved = run(start, { type: 'moveTo', id: 'cta', parentId: 'right' });
    expect(childIds(moved, 'right')).toEqual(['cta']);
    expect(moved).toMatchObject({ selectedId: 'cta', dialog: null });
    expect(names(moved)).toEqual(['Moved Button to grid cell 2 in Section 1']);
    expect(names(run(start, { type: 'moveTo', id: 'cta', parentId: 'inner' }))).toEqual(['Moved Button to Container in Section 1']);
    expect(names(run(start, { type: 'moveTo', id: 'cta', parentId: 'other' }))).toEqual(['Moved Button to Section 2']);
  });

  it('refuses a move into the node itself', () => {
    const start = initialEditorState(samplePage());
    const refused = run(start, { type: 'moveTo', id: 'box', parentId: 'inner' });
    expect(refused.doc).toBe(start.doc);
    expect(refused.banner).toEqual({ tone: 'error', text: MODEL_MESSAGES.notIntoItself });
  });

  it('drops a component at a place inside a holder, and a section among the sections, one step each', () => {
    const start = initialEditorState(samplePage());
    const dropped = run(start, { type: 'drop', id: 'photo', slot: { parentId: 'box', index: 0 } }, { type: 'drop', id: 'main', slot: { parentId: null, index: 1 } });
    expect(childIds(dropped, 'box')).toEqual(['photo', 'cta', 'inner']);
    expect(dropped.doc.map((section) => section.id)).toEqual(['other', 'main']);
    expect(dropped.selectedId).toBe('main');
    expect(names(dropped)).toEqual(['Moved Image to Container in Section 1', 'Moved Section 1 to position 2']);
  });
});
