import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import type { IdMaker } from '@shared/landing-pages/ids.ts';
import { nodeIndex } from '@shared/landing-pages/node-index.ts';
import { addComponent as addToDoc, addSection as addSectionToDoc } from '@shared/landing-pages/operations/add.ts';
import { duplicateNode } from '@shared/landing-pages/operations/duplicate.ts';
import { removeNode } from '@shared/landing-pages/operations/remove.ts';
import type { ComponentNode, SectionNode } from '@shared/landing-pages/types.ts';
import { commit } from './commit.ts';
import type { EditorState } from './editor-state.ts';
import { STEP_NAMES } from './step-names.ts';

/** Nodes added, duplicated and removed. A new node comes made (with its ids) in the action. */
export type StructureAction =
  /** From the palette: at the end of `parentId`, or right after `afterId` when it is given and still there. */
  | { readonly type: 'addComponent'; readonly parentId: string; readonly component: ComponentNode; readonly afterId: string | null }
  | { readonly type: 'addSection'; readonly section: SectionNode }
  | { readonly type: 'duplicate'; readonly id: string }
  | { readonly type: 'remove'; readonly id: string };

/** Adds the palette's pick, selects it, and leaves the palette for the property editor. */
export function addComponent(state: EditorState, { parentId, component, afterId }: Extract<StructureAction, { type: 'addComponent' }>): EditorState {
  const next = commit(state, () => {
    const position = afterId === null ? undefined : nodeIndex(state.doc).get(afterId)?.path.at(-1);
    return {
      doc: addToDoc(state.doc, { parentId, component, index: position === undefined ? undefined : position + 1 }),
      name: STEP_NAMES.added(definitionOf(component.type)?.label ?? component.type),
      select: component.id,
    };
  });
  return { ...next, dialog: null, panelOpen: true };
}

export function addSection(state: EditorState, { section }: Extract<StructureAction, { type: 'addSection' }>): EditorState {
  return commit(state, () => ({ doc: addSectionToDoc(state.doc, { section }), name: STEP_NAMES.added('Section') }));
}

/** A copy with new ids right after the node. */
export function duplicate(state: EditorState, { id }: Extract<StructureAction, { type: 'duplicate' }>, makeId: IdMaker): EditorState {
  return commit(state, () => ({ doc: duplicateNode(state.doc, { id, makeId }), name: STEP_NAMES.duplicated(state.doc, id) }));
}

/** Removes the node with what it holds; removing the selected node leaves nothing selected. */
export function remove(state: EditorState, { id }: Extract<StructureAction, { type: 'remove' }>): EditorState {
  return commit(state, () => ({ doc: removeNode(state.doc, { id }), name: STEP_NAMES.removed(state.doc, id), select: state.selectedId === id ? null : undefined }));
}
