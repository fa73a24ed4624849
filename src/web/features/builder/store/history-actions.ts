import type { PageSettings } from '@shared/landing-pages/page-settings.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { commit } from './commit.ts';
import { HISTORY_LIMIT, type EditorState } from './editor-state.ts';
import { STEP_NAMES } from './step-names.ts';

/** Undo and redo, what the server holds (a save, a reload), and earlier work brought back. */
export type HistoryAction =
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  /** The document was saved as `version`: it is the clean state now, and the next save starts from that version. */
  | { readonly type: 'saved'; readonly doc: PageContent; readonly settings: PageSettings; readonly version: number }
  /** The stored page replaces the editor's (Reload); undo brings back what was there, unsaved work included. */
  | { readonly type: 'load'; readonly doc: PageContent; readonly settings: PageSettings; readonly version: number }
  /** After a refused save, Overwrite: the next save starts from the version that refused it. */
  | { readonly type: 'rebase'; readonly version: number }
  /** A saved version from the History dialog, as an ordinary change: nothing is saved until the user saves. */
  | { readonly type: 'restoreVersion'; readonly doc: PageContent; readonly settings: PageSettings; readonly number: number }
  /** Unsaved work an earlier tab kept in this browser; undo goes back to the page as stored. */
  /** `settings`: those kept with the work; without them (a draft from before settings) the current ones stay. */
  | { readonly type: 'restoreDraft'; readonly doc: PageContent; readonly settings?: PageSettings };

export function undo(state: EditorState): EditorState {
  const step = state.past.at(-1);
  if (!step) return state;
  return {
    ...state,
    doc: step.doc,
    settings: step.settings,
    past: state.past.slice(0, -1),
    future: [...state.future, { doc: state.doc, settings: state.settings, name: step.name }],
    announcement: { text: STEP_NAMES.undone(step.name), count: (state.announcement?.count ?? 0) + 1 },
    lastMerge: null,
    typed: false,
  };
}

export function redo(state: EditorState): EditorState {
  const step = state.future.at(-1);
  if (!step) return state;
  return {
    ...state,
    doc: step.doc,
    settings: step.settings,
    past: [...state.past, { doc: state.doc, settings: state.settings, name: step.name }],
    future: state.future.slice(0, -1),
    announcement: { text: STEP_NAMES.redone(step.name), count: (state.announcement?.count ?? 0) + 1 },
    lastMerge: null,
    typed: false,
  };
}

export function saved(state: EditorState, { doc, settings, version }: Extract<HistoryAction, { type: 'saved' }>): EditorState {
  return { ...state, saved: doc, savedSettings: settings, baseVersion: version, lastMerge: null };
}

export function load(state: EditorState, { doc, settings, version }: Extract<HistoryAction, { type: 'load' }>): EditorState {
  return {
    ...state,
    doc,
    saved: doc,
    settings,
    savedSettings: settings,
    baseVersion: version,
    past: [...state.past, { doc: state.doc, settings: state.settings, name: STEP_NAMES.reloaded }].slice(-HISTORY_LIMIT),
    future: [],
    selectedId: null,
    lastMerge: null,
    typed: false,
  };
}

export function rebase(state: EditorState, { version }: Extract<HistoryAction, { type: 'rebase' }>): EditorState {
  return state.baseVersion === version ? state : { ...state, baseVersion: version };
}

export function restoreVersion(state: EditorState, { doc, settings, number }: Extract<HistoryAction, { type: 'restoreVersion' }>): EditorState {
  return commit(state, () => ({ doc, settings, name: STEP_NAMES.restoredVersion(number), select: null }));
}

export function restoreDraft(state: EditorState, { doc, settings }: Extract<HistoryAction, { type: 'restoreDraft' }>): EditorState {
  return commit(state, () => ({ doc, settings, name: STEP_NAMES.restoredDraft, select: null }));
}
