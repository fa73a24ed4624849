import { nodeIndex } from '@shared/landing-pages/node-index.ts';
import { walk } from '@shared/landing-pages/tree.ts';
import type { ViewportId } from '@web/features/builder/viewport-css.ts';
import type { Banner, EditorMode, EditorState, OpenDialog } from './editor-state.ts';
import { labelIn } from './step-names.ts';

/** The selection, the mode and the screen around the canvas: none of them is a step of the history. */
export type ViewAction =
  | { readonly type: 'select'; readonly id: string | null }
  /** Selects a node and opens the property editor on it (its toolbar's Edit properties, the tree). */
  | { readonly type: 'edit'; readonly id: string }
  /** Ctrl/Cmd+Right and Left: the next or previous node in page order, in the property editor. */
  | { readonly type: 'stepSelection'; readonly step: 1 | -1 }
  | { readonly type: 'mode'; readonly mode: EditorMode }
  /** Ctrl/Cmd+E: edit mode on or off, the property editor closed. */
  | { readonly type: 'toggleEdit' }
  | { readonly type: 'closePanel' }
  /** Opens the palette for a section, grid cell or container. */
  | { readonly type: 'openAdd'; readonly parentId: string }
  | { readonly type: 'openDialog'; readonly dialog: Exclude<OpenDialog, { kind: 'add' }> }
  | { readonly type: 'closeDialog' }
  | { readonly type: 'viewport'; readonly viewport: ViewportId }
  | { readonly type: 'notify'; readonly banner: Banner }
  | { readonly type: 'clearBanner' };

export function select(state: EditorState, { id }: Extract<ViewAction, { type: 'select' }>): EditorState {
  return state.selectedId === id ? state : { ...state, selectedId: id, lastMerge: null };
}

export function edit(state: EditorState, { id }: Extract<ViewAction, { type: 'edit' }>): EditorState {
  const selected = select(state, { type: 'select', id });
  return selected.panelOpen ? selected : { ...selected, panelOpen: true };
}

export function stepSelection(state: EditorState, { step }: Extract<ViewAction, { type: 'stepSelection' }>): EditorState {
  const order: string[] = [];
  walk(state.doc, (node) => order.push(node.id));
  if (order.length === 0) return state;
  const at = state.selectedId === null ? -1 : order.indexOf(state.selectedId);
  return edit(state, { type: 'edit', id: order[at === -1 ? 0 : Math.min(order.length - 1, Math.max(0, at + step))]! });
}

export function mode(state: EditorState, action: Extract<ViewAction, { type: 'mode' }>): EditorState {
  return state.mode === action.mode ? state : { ...state, mode: action.mode };
}

export function toggleEdit(state: EditorState): EditorState {
  return { ...state, mode: state.mode === 'edit' ? 'overview' : 'edit', panelOpen: false };
}

export function closePanel(state: EditorState): EditorState {
  return state.panelOpen ? { ...state, panelOpen: false } : state;
}

/** The palette adds at the end of its target, or after the selected component when that sits directly in it. */
export function openAdd(state: EditorState, { parentId }: Extract<ViewAction, { type: 'openAdd' }>): EditorState {
  const { doc, selectedId } = state;
  const selectedIn = selectedId !== null && nodeIndex(doc).get(selectedId)?.parentId === parentId;
  const after = selectedIn ? { id: selectedId, label: labelIn(doc, selectedId) } : null;
  return { ...state, dialog: { kind: 'add', target: { id: parentId, label: labelIn(doc, parentId), after } } };
}

export function openDialog(state: EditorState, { dialog }: Extract<ViewAction, { type: 'openDialog' }>): EditorState {
  return { ...state, dialog };
}

export function closeDialog(state: EditorState): EditorState {
  return state.dialog === null ? state : { ...state, dialog: null };
}

export function viewport(state: EditorState, action: Extract<ViewAction, { type: 'viewport' }>): EditorState {
  return state.viewport === action.viewport ? state : { ...state, viewport: action.viewport };
}

export function notify(state: EditorState, { banner }: Extract<ViewAction, { type: 'notify' }>): EditorState {
  return { ...state, banner };
}

export function clearBanner(state: EditorState): EditorState {
  return state.banner === null ? state : { ...state, banner: null };
}
