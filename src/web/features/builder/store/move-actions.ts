import { dropAt, type DropSlot } from '@shared/landing-pages/drop-slots.ts';
import { moveDown, moveTo as moveToInDoc, moveUp } from '@shared/landing-pages/operations/move.ts';
import { commit } from './commit.ts';
import type { EditorState } from './editor-state.ts';
import { STEP_NAMES } from './step-names.ts';

/** Nodes moved: up and down among their siblings, into another holder (Move Component), or dropped (drag and drop). */
export type MoveAction =
  | { readonly type: 'moveNode'; readonly id: string; readonly direction: 'up' | 'down' }
  | { readonly type: 'moveTo'; readonly id: string; readonly parentId: string }
  | { readonly type: 'drop'; readonly id: string; readonly slot: DropSlot };

/** Swaps a node with its neighbour; the first stays first (no step). */
export function moveNode(state: EditorState, { id, direction }: Extract<MoveAction, { type: 'moveNode' }>): EditorState {
  const move = direction === 'up' ? moveUp : moveDown;
  return commit(state, () => ({ doc: move(state.doc, { id }), name: STEP_NAMES.moved(state.doc, id, direction) }));
}

/** Move Component's choice: the component goes to the end of `parentId`, stays selected, and the dialog closes. */
export function moveTo(state: EditorState, { id, parentId }: Extract<MoveAction, { type: 'moveTo' }>): EditorState {
  const next = commit(state, () => ({ doc: moveToInDoc(state.doc, { id, parentId }), name: STEP_NAMES.movedTo(state.doc, id, parentId), select: id }));
  return { ...next, dialog: null };
}

/** A drag's drop at a place the document model allows: one step, the node selected. */
export function drop(state: EditorState, { id, slot }: Extract<MoveAction, { type: 'drop' }>): EditorState {
  return commit(state, () => ({ doc: dropAt(state.doc, id, slot), name: STEP_NAMES.dropped(state.doc, id, slot), select: id }));
}
