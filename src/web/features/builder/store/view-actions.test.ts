import { describe, expect, it } from 'vitest';
import { idsInOrder, samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';
import { selectShowPanel } from './selectors.ts';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a), state);

describe('view actions', () => {
  it('selects, and opens the property editor on a node; neither is a step of the history', () => {
    const start = initialEditorState(samplePage());
    const selected = run(start, { type: 'select', id: 'cta' });
    expect(selected).toMatchObject({ selectedId: 'cta', panelOpen: false, past: [] });
    expect(run(selected, { type: 'select', id: 'cta' })).toBe(selected);
    const editing = run(start, { type: 'edit', id: 'cta' });
    expect(editing).toMatchObject({ selectedId: 'cta', panelOpen: true });
    expect(selectShowPanel(editing)).toBe(true);
    // The panel stays open with nothing selected, and shows only in edit mode.
    expect(selectShowPanel(run(editing, { type: 'select', id: null }))).toBe(true);
    expect(selectShowPanel(run(editing, { type: 'mode', mode: 'overview' }))).toBe(false);
    expect(selectShowPanel(run(editing, { type: 'closePanel' }))).toBe(false);
  });

  it('steps through the nodes in page order, staying at either end, into the property editor', () => {
    const order = idsInOrder(samplePage());
    let state = run(initialEditorState(samplePage()), { type: 'stepSelection', step: -1 });
    expect(state).toMatchObject({ selectedId: order[0], panelOpen: true });
    for (let i = 1; i < order.length + 2; i++) state = run(state, { type: 'stepSelection', step: 1 });
    expect(state.selectedId).toBe(order.at(-1));
    expect(run(state, { type: 'stepSelection', step: -1 }).selectedId).toBe(order.at(-2));
    expect(run(initialEditorState([]), { type: 'stepSelection', step: 1 }).selectedId).toBeNull();
  });

  it('toggles edit mode with the property editor closed', () => {
    const editing = run(initialEditorState(samplePage()), { type: 'edit', id: 'cta' });
    const overview = run(editing, { type: 'toggleEdit' });
    expect(overview).toMatchObject({ mode: 'overview', panelOpen: false });
    expect(run(overview, { type: 'toggleEdit' }).mode).toBe('edit');
  });

  it('opens the palette at the end of its target, or offering after the selected component when it sits directly there', () => {
    const start = initialEditorState(samplePage());
    expect(run(start, { type: 'openAdd', parentId: 'box' }).dialog).toEqual({ kind: 'add', target: { id: 'box', label: 'container', after: null } });
    const selected = run(start, { type: 'select', id: 'cta' });
    expect(run(selected, { type: 'openAdd', parentId: 'box' }).dialog).toEqual({ kind: 'add', target: { id: 'box', label: 'container', after: { id: 'cta', label: 'button' } } });
    // The selection deeper inside is not the target's own child.
    expect(run(run(start, { type: 'select', id: 'photo' }), { type: 'openAdd', parentId: 'box' }).dialog).toMatchObject({ target: { after: null } });
  });

  it('opens and closes one dialog at a time, and keeps the previewed screen', () => {
    const start = initialEditorState(samplePage());
    const moving = run(start, { type: 'openDialog', dialog: { kind: 'move', id: 'cta' } });
    expect(moving.dialog).toEqual({ kind: 'move', id: 'cta' });
    expect(run(moving, { type: 'openDialog', dialog: { kind: 'history' } }).dialog).toEqual({ kind: 'history' });
    expect(run(moving, { type: 'closeDialog' }).dialog).toBeNull();
    expect(run(start, { type: 'viewport', viewport: 'phone' }).viewport).toBe('phone');
  });

  it('shows a message in the status line until it is cleared, the same text anew each time', () => {
    const start = initialEditorState(samplePage());
    const first = run(start, { type: 'notify', banner: { tone: 'success', text: 'Saved' } });
    const second = run(first, { type: 'notify', banner: { tone: 'success', text: 'Saved' } });
    expect(second.banner).toEqual(first.banner);
    expect(second.banner).not.toBe(first.banner);
    expect(run(second, { type: 'clearBanner' }).banner).toBeNull();
  });
});
