import { describe, expect, it } from 'vitest';
import { samplePage, sequentialIds } from '@shared/landing-pages/testing/fixtures.ts';
import { applyAction, type EditorAction } from './editor-actions.ts';
import { initialEditorState, isDirty, type EditorState } from './editor-state.ts';
import { selectRedoName, selectUndoName } from './selectors.ts';

const ids = sequentialIds();
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce((s, a) => applyAction(s, a, { makeId: ids }), state);
const settings = (description: string): EditorAction => ({ type: 'setPageSettings', settings: { description, social_title: '', noindex: false } });

describe('page settings actions', () => {
  it("make one named step ('Changed page settings') that undo and redo take back and bring again, with the page as it was", () => {
    const start = initialEditorState(samplePage(), { settings: { social_title: 'Old' } });
    const changed = run(start, settings('New description'));
    // Empty and unchecked values are left out, as the server stores them.
    expect(changed.settings).toEqual({ description: 'New description' });
    expect(changed.doc).toBe(start.doc);
    expect(selectUndoName(changed)).toBe('Changed page settings');
    expect(isDirty(changed)).toBe(true);
    const undone = run(changed, { type: 'undo' });
    expect(undone.settings).toBe(start.settings);
    expect(isDirty(undone)).toBe(false);
    expect(selectRedoName(undone)).toBe('Changed page settings');
    expect(run(undone, { type: 'redo' }).settings).toEqual({ description: 'New description' });
  });

  it('make no step when nothing changed, and are clean after a save', () => {
    const start = initialEditorState(samplePage(), { settings: { description: 'Same' } });
    expect(run(start, settings('Same'))).toBe(start);
    const changed = run(start, settings('Other'));
    const saved = run(changed, { type: 'saved', doc: changed.doc, settings: changed.settings, version: 2 });
    expect(isDirty(saved)).toBe(false);
  });

  it('undo of a later page change keeps the settings of that moment', () => {
    const withSettings = run(initialEditorState(samplePage()), settings('First'));
    const edited = run(withSettings, { type: 'updateProp', id: 'intro', key: 'text', value: 'Edited' });
    const undone = run(edited, { type: 'undo' });
    expect(undone.settings).toEqual({ description: 'First' });
    expect(run(undone, { type: 'undo' }).settings).toEqual({});
  });
});
