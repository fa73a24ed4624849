import { describe, expect, it } from 'vitest';
import { createComponent } from '@shared/landing-pages/create.ts';
import { idsInOrder, samplePage, sequentialIds } from '@shared/landing-pages/testing/fixtures.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { HISTORY_LIMIT, initialEditorState, isDirty, type EditorState } from './editor-state.ts';
import { selectRedoName, selectUndoName } from './selectors.ts';

const ids = sequentialIds();
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a, { makeId: ids }), state);
const setTitle = (text: string): EditorAction => ({ type: 'updateProp', id: 'intro', key: 'text', value: text, typed: true });
const textOf = (state: EditorState) => state.doc[0]!.components[0]!.props.text;

describe('history actions', () => {
  it('undoes and redoes every change, back to the very documents it had, saying what each did', () => {
    const start = initialEditorState(samplePage());
    const added = run(start, { type: 'addComponent', parentId: 'main', component: createComponent('heading', {}, ids), afterId: null });
    const moved = run(added, { type: 'moveNode', id: 'intro', direction: 'down' });
    expect(idsInOrder(moved.doc)).not.toEqual(idsInOrder(added.doc));
    expect(selectUndoName(moved)).toBe('Moved Heading down');

    const once = run(moved, { type: 'undo' });
    expect(once.doc).toBe(added.doc);
    expect(once.announcement?.text).toBe('Undone: Moved Heading down');
    expect(selectUndoName(once)).toBe('Added Heading');
    expect(selectRedoName(once)).toBe('Moved Heading down');
    const twice = run(once, { type: 'undo' });
    expect(twice.doc).toBe(start.doc);
    expect(run(twice, { type: 'undo' })).toBe(twice);
    const redone = run(twice, { type: 'redo' }, { type: 'redo' });
    expect(redone.doc).toBe(moved.doc);
    expect(redone.announcement?.text).toBe('Redone: Moved Heading down');
    expect(redone.past.map((step) => step.name)).toEqual(['Added Heading', 'Moved Heading down']);
  });

  it('says the same undo again as a new announcement', () => {
    const undone = run(initialEditorState(samplePage()), setTitle('A'), { type: 'undo' }, { type: 'redo' }, { type: 'undo' });
    const again = run(undone, { type: 'redo' }, { type: 'undo' });
    expect(again.announcement!.text).toBe(undone.announcement!.text);
    expect(again.announcement).not.toBe(undone.announcement);
    expect(again.announcement!.count).toBeGreaterThan(undone.announcement!.count);
  });

  it('forgets what was undone once a new change is made', () => {
    const state = run(initialEditorState(samplePage()), setTitle('A'), { type: 'undo' }, { type: 'remove', id: 'box' });
    expect(state.future).toEqual([]);
    expect(run(state, { type: 'redo' })).toBe(state);
  });

  it('keeps at most HISTORY_LIMIT earlier documents', () => {
    let state = initialEditorState(samplePage());
    for (let i = 0; i <= HISTORY_LIMIT + 5; i++) state = run(state, { type: 'setText', id: 'intro', key: 'text', text: `t${i}` });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT; i++) state = run(state, { type: 'undo' });
    expect(textOf(state)).toBe('t5');
  });

  it('is dirty after a change, clean after a save and after undoing back to the saved page', () => {
    const start = initialEditorState(samplePage(), { baseVersion: 3 });
    expect(isDirty(start)).toBe(false);
    const changed = run(start, setTitle('New'));
    expect(isDirty(changed)).toBe(true);
    expect(isDirty(run(changed, { type: 'undo' }))).toBe(false);
    const saved = run(changed, { type: 'saved', doc: changed.doc, settings: changed.settings, version: 4 });
    expect(isDirty(saved)).toBe(false);
    expect(saved.baseVersion).toBe(4);
    expect(isDirty(run(saved, { type: 'undo' }))).toBe(true);
    // Typing on after a save is a new step.
    expect(run(saved, setTitle('Newer')).past).toHaveLength(2);
  });

  it('takes the stored page on load as saved at its version, and undo still brings back the unsaved work', () => {
    const edited = run(initialEditorState(samplePage()), setTitle('unsaved'), { type: 'mode', mode: 'overview' }, { type: 'select', id: 'intro' });
    const stored = samplePage();
    const loaded = run(edited, { type: 'load', doc: stored, settings: {}, version: 7 });
    expect(loaded).toMatchObject({ doc: stored, selectedId: null, mode: 'overview', baseVersion: 7 });
    expect(isDirty(loaded)).toBe(false);
    expect(selectUndoName(loaded)).toBe('Reloaded the stored page');
    const undone = run(loaded, { type: 'undo' });
    expect(textOf(undone)).toBe('unsaved');
    expect(isDirty(undone)).toBe(true);
  });

  it('starts the next save from the version that refused one (Overwrite)', () => {
    const state = run(initialEditorState(samplePage(), { baseVersion: 2 }), setTitle('mine'), { type: 'rebase', version: 5 });
    expect(state.baseVersion).toBe(5);
    expect(isDirty(state)).toBe(true);
  });

  it('restores a saved version or kept work as an undoable, unsaved step', () => {
    const start = run(initialEditorState(samplePage()), { type: 'select', id: 'intro' });
    const older = run(start, setTitle('older')).doc;
    const restored = run(start, { type: 'restoreVersion', doc: older, settings: {}, number: 3 });
    expect(restored).toMatchObject({ doc: older, selectedId: null });
    expect(isDirty(restored)).toBe(true);
    expect(selectUndoName(restored)).toBe('Restored version 3');
    expect(run(restored, { type: 'undo' }).doc).toBe(start.doc);
    expect(selectUndoName(run(start, { type: 'restoreDraft', doc: older }))).toBe('Restored unsaved changes');
  });

  it('restores kept work with the settings kept beside it, and keeps the current ones for a draft without any', () => {
    const start = initialEditorState(samplePage(), { settings: { description: 'Stored' } });
    const kept = { description: 'Kept in this browser', noindex: true };
    const restored = run(start, { type: 'restoreDraft', doc: start.doc, settings: kept });
    expect(restored.settings).toEqual(kept);
    expect(isDirty(restored)).toBe(true);
    expect(run(restored, { type: 'undo' }).settings).toEqual({ description: 'Stored' });
    expect(run(start, { type: 'restoreDraft', doc: run(start, setTitle('older')).doc }).settings).toEqual({ description: 'Stored' });
  });
});
