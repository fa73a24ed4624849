import type { HeadingLevel } from '@shared/landing-pages/constants.ts';
import { isFlagOn } from '@shared/landing-pages/input-rules.ts';
import { locate } from '@shared/landing-pages/node-index.ts';
import { setGridColumns } from '@shared/landing-pages/operations/grid.ts';
import { setHeadingLevel, TEXT_STYLES, toggleTextStyle, type TextStyle } from '@shared/landing-pages/operations/text-styles.ts';
import { updateProps, updateStyles } from '@shared/landing-pages/operations/update.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { commit } from './commit.ts';
import type { EditorState } from './editor-state.ts';
import { STEP_NAMES } from './step-names.ts';

/** Edits of a node's props and styles: one step per field typed into, one per text committed on the canvas. */
export type EditAction =
  /** A prop's new value from the property editor; `typed` when it came from a key in a text box. */
  | { readonly type: 'updateProp'; readonly id: string; readonly key: string; readonly value: unknown; readonly typed?: boolean }
  /** A style's new value (undefined removes it). */
  | { readonly type: 'updateStyle'; readonly id: string; readonly key: string; readonly value: string | undefined }
  /** A text edited in place on the canvas, committed: one step, and the node selected. */
  | { readonly type: 'setText'; readonly id: string; readonly key: string; readonly text: string };

/** The document with a prop set: the level sets the heading's classes, columns make cells, style flags swap classes. */
function withProp(doc: PageContent, id: string, key: string, value: unknown): PageContent {
  const { node, path } = locate(doc, id);
  const isSection = path.length === 1;
  if (!isSection && node.type === 'heading' && key === 'level') return setHeadingLevel(doc, { id, level: value as HeadingLevel });
  if (!isSection && node.type === 'grid' && key === 'columns') return setGridColumns(doc, { id, columns: Number(value) });
  if (!isSection && TEXT_STYLES.includes(key as TextStyle) && isFlagOn(node.props[key]) !== isFlagOn(value)) return toggleTextStyle(doc, { id, style: key as TextStyle });
  return updateProps(doc, { id, props: { [key]: value } });
}

export function updateProp(state: EditorState, { id, key, value, typed }: Extract<EditAction, { type: 'updateProp' }>): EditorState {
  return commit(state, () => ({ doc: withProp(state.doc, id, key, value), name: STEP_NAMES.changedProp(state.doc, id, key), merge: `${id}:${key}`, typed }));
}

export function updateStyle(state: EditorState, { id, key, value }: Extract<EditAction, { type: 'updateStyle' }>): EditorState {
  return commit(state, () => ({
    doc: updateStyles(state.doc, { id, styles: { [key]: value } }),
    name: STEP_NAMES.changedStyle(state.doc, id, key),
    merge: `${id}:style:${key}`,
    typed: true,
  }));
}

export function setText(state: EditorState, { id, key, text }: Extract<EditAction, { type: 'setText' }>): EditorState {
  return commit(state, () => ({ doc: updateProps(state.doc, { id, props: { [key]: text } }), name: STEP_NAMES.changedProp(state.doc, id, key), select: id }));
}
