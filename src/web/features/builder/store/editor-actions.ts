import { newNodeId, type IdMaker } from '@shared/landing-pages/ids.ts';
import { addComponent, addSection, duplicate, remove, type StructureAction } from './structure-actions.ts';
import { setText, updateProp, updateStyle, type EditAction } from './edit-actions.ts';
import type { EditorState } from './editor-state.ts';
import { load, rebase, redo, restoreDraft, restoreVersion, saved, undo, type HistoryAction } from './history-actions.ts';
import { drop, moveNode, moveTo, type MoveAction } from './move-actions.ts';
import { pasteClip, pasteHtml, type PasteAction } from './paste-actions.ts';
import { setPageSettings, type SettingsAction } from './settings-actions.ts';
import * as view from './view-actions.ts';

/**
 * Everything that changes the builder's state, as plain data: what the user did, never how to do it,
 * so the history can name each step and a test can replay any sequence. Each action is a pure
 * function of the state in its family's file; the page's own operations are the document model's
 * (src/shared/landing-pages/operations).
 */
export type EditorAction = EditAction | StructureAction | MoveAction | PasteAction | HistoryAction | SettingsAction | view.ViewAction;

/** What actions need from outside: new node ids (tests make them predictable). */
export interface ActionContext {
  readonly makeId: IdMaker;
}

const LIVE: ActionContext = { makeId: newNodeId };

export function applyAction(state: EditorState, action: EditorAction, context: ActionContext = LIVE): EditorState {
  switch (action.type) {
    case 'updateProp':
      return updateProp(state, action);
    case 'updateStyle':
      return updateStyle(state, action);
    case 'setText':
      return setText(state, action);
    case 'addComponent':
      return addComponent(state, action);
    case 'addSection':
      return addSection(state, action);
    case 'duplicate':
      return duplicate(state, action, context.makeId);
    case 'remove':
      return remove(state, action);
    case 'moveNode':
      return moveNode(state, action);
    case 'moveTo':
      return moveTo(state, action);
    case 'drop':
      return drop(state, action);
    case 'pasteClip':
      return pasteClip(state, action, context.makeId);
    case 'pasteHtml':
      return pasteHtml(state, action, context.makeId);
    case 'setPageSettings':
      return setPageSettings(state, action);
    case 'undo':
      return undo(state);
    case 'redo':
      return redo(state);
    case 'saved':
      return saved(state, action);
    case 'load':
      return load(state, action);
    case 'rebase':
      return rebase(state, action);
    case 'restoreVersion':
      return restoreVersion(state, action);
    case 'restoreDraft':
      return restoreDraft(state, action);
    case 'select':
      return view.select(state, action);
    case 'edit':
      return view.edit(state, action);
    case 'stepSelection':
      return view.stepSelection(state, action);
    case 'mode':
      return view.mode(state, action);
    case 'toggleEdit':
      return view.toggleEdit(state);
    case 'closePanel':
      return view.closePanel(state);
    case 'openAdd':
      return view.openAdd(state, action);
    case 'openDialog':
      return view.openDialog(state, action);
    case 'closeDialog':
      return view.closeDialog(state);
    case 'viewport':
      return view.viewport(state, action);
    case 'notify':
      return view.notify(state, action);
    case 'clearBanner':
      return view.clearBanner(state);
  }
}
