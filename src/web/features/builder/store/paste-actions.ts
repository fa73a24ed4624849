import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import type { IdMaker } from '@shared/landing-pages/ids.ts';
import { CLIPBOARD_MESSAGES, pasteClip as pasteClipInto, pasteHtml as pasteHtmlInto, sizeProblem, type Clip } from '@web/features/builder/clipboard.ts';
import { commit, withBanner } from './commit.ts';
import type { EditorState } from './editor-state.ts';
import { nodeLabel, STEP_NAMES } from './step-names.ts';

/** Ctrl/Cmd+V: a copied section or component (checked, clipboard.ts), or HTML the converter turns into sections. */
export type PasteAction = { readonly type: 'pasteClip'; readonly clip: Clip } | { readonly type: 'pasteHtml'; readonly html: string };

/** A copy of the clip, every id new, after the selection or into it (clipboard.ts); refused when the page would be too large to save. */
export function pasteClip(state: EditorState, { clip }: Extract<PasteAction, { type: 'pasteClip' }>, makeId: IdMaker): EditorState {
  return commit(state, () => {
    const pasted = pasteClipInto(state.doc, clip, state.selectedId, makeId);
    const tooLarge = sizeProblem(pasted.doc);
    if (tooLarge) return { refused: `${CLIPBOARD_MESSAGES.notPasted}: ${tooLarge}` };
    return { doc: pasted.doc, name: STEP_NAMES.pasted(nodeLabel(clip.node, clip.kind === 'section')), select: pasted.id };
  });
}

/** The converted sections after the selection's section, and how many there were, in the status line. */
export function pasteHtml(state: EditorState, { html }: Extract<PasteAction, { type: 'pasteHtml' }>, makeId: IdMaker): EditorState {
  const result = pasteHtmlInto(state.doc, html, state.selectedId, makeId);
  if (!result.ok) return withBanner(state, 'error', result.message);
  const next = commit(state, () => ({ doc: result.doc, name: STEP_NAMES.pastedHtml(result.sections) }));
  return withBanner(next, 'success', CONVERTER_MESSAGES.builderSuccess(result.sections));
}
