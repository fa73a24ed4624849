import { describe, expect, it } from 'vitest';
import { createComponent } from '@shared/landing-pages/create.ts';
import { MODEL_MESSAGES } from '@shared/landing-pages/messages.ts';
import { addComponent } from '@shared/landing-pages/operations/add.ts';
import { moveDown } from '@shared/landing-pages/operations/move.ts';
import { removeNode } from '@shared/landing-pages/operations/remove.ts';
import { updateProps } from '@shared/landing-pages/operations/update.ts';
import { idsInOrder, samplePage, sequentialIds } from '@shared/landing-pages/testing/fixtures.ts';
import { editorReducer, HISTORY_LIMIT, initialEditorState, isDirty, type EditorAction, type EditorState } from './editor-store.ts';

const ids = sequentialIds();
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const setTitle = (text: string): EditorAction => ({ type: 'change', change: (doc) => updateProps(doc, { id: 'intro', props: { text } }), merge: 'intro:text' });
const textOf = (state: EditorState) => state.doc[0]!.components[0]!.props.text;

describe('the editor store', () => {
  it('undoes and redoes every change, back to the very documents it had', () => {
    const start = initialEditorState(samplePage());
    const added = run(start, { type: 'change', change: (doc) => addComponent(doc, { parentId: 'main', component: createComponent('heading', {}, ids) }) });
    const moved = run(added, { type: 'change', change: (doc) => moveDown(doc, { id: 'intro' }) });
    expect(idsInOrder(moved.doc)).not.toEqual(idsInOrder(added.doc));

    const once = run(moved, { type: 'undo' });
    expect(once.doc).toBe(added.doc);
    const twice = run(once, { type: 'undo' });
    expect(twice.doc).toBe(start.doc);
    expect(run(twice, { type: 'undo' })).toBe(twice);
    expect(run(twice, { type: 'redo' }, { type: 'redo' }).doc).toBe(moved.doc);
  });

  it('forgets what was undone once a new change is made', () => {
    const state = run(initialEditorState(samplePage()), setTitle('A'), { type: 'undo' }, { type: 'change', change: (doc) => removeNode(doc, { id: 'box' }) });
    expect(state.future).toEqual([]);
    expect(run(state, { type: 'redo' })).toBe(state);
  });

  it('makes one history entry for typing into one field, and a new one for another field', () => {
    const start = initialEditorState(samplePage());
    const typed = run(start, setTitle('H'), setTitle('He'), setTitle('Hey'));
    expect(textOf(typed)).toBe('Hey');
    expect(typed.past).toHaveLength(1);
    expect(run(typed, { type: 'undo' }).doc).toBe(start.doc);
    const other = run(typed, { type: 'select', id: 'box' }, setTitle('Hey!'));
    expect(other.past).toHaveLength(2);
  });

  it('keeps at most HISTORY_LIMIT earlier documents', () => {
    let state = initialEditorState(samplePage());
    for (let i = 0; i <= HISTORY_LIMIT + 5; i++) state = run(state, { type: 'change', change: (doc) => updateProps(doc, { id: 'intro', props: { text: `t${i}` } }) });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT; i++) state = run(state, { type: 'undo' });
    expect(textOf(state)).toBe('t5');
  });

  it('is dirty after a change, clean after a save and after undoing back to the saved page', () => {
    const start = initialEditorState(samplePage());
    expect(isDirty(start)).toBe(false);
    const changed = run(start, setTitle('New'));
    expect(isDirty(changed)).toBe(true);
    expect(isDirty(run(changed, { type: 'undo' }))).toBe(false);
    const saved = run(changed, { type: 'saved', doc: changed.doc });
    expect(isDirty(saved)).toBe(false);
    expect(isDirty(run(saved, { type: 'undo' }))).toBe(true);
  });

  it('keeps the page and says why when an operation refuses a change', () => {
    const start = initialEditorState(samplePage());
    const refused = run(start, { type: 'change', change: (doc) => addComponent(doc, { parentId: 'intro', component: createComponent('heading', {}, ids) }) });
    expect(refused.doc).toBe(start.doc);
    expect(refused.past).toEqual([]);
    expect(refused.refused).toBe(MODEL_MESSAGES.holdsNothing('heading'));
    expect(run(refused, setTitle('ok')).refused).toBeNull();
  });

  it('takes the stored page on load as saved, and undo still brings back the unsaved work', () => {
    const edited = run(initialEditorState(samplePage()), setTitle('unsaved'), { type: 'mode', mode: 'overview' }, { type: 'select', id: 'intro' });
    const stored = samplePage();
    const loaded = run(edited, { type: 'load', doc: stored });
    expect(loaded).toMatchObject({ doc: stored, selectedId: null, mode: 'overview' });
    expect(isDirty(loaded)).toBe(false);
    const undone = run(loaded, { type: 'undo' });
    expect(textOf(undone)).toBe('unsaved');
    expect(isDirty(undone)).toBe(true);
  });
});
