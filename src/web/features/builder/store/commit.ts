import { DocumentError } from '@shared/landing-pages/document-error.ts';
import type { PageSettings } from '@shared/landing-pages/page-settings.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { HISTORY_LIMIT, type EditorState } from './editor-state.ts';

/** A change of the document an action proposes: the new document and the name of the step. */
export interface Change {
  readonly doc: PageContent;
  /** The page's settings afterwards; they stay when omitted. */
  readonly settings?: PageSettings;
  readonly name: string;
  /** What to select afterwards; the selection stays when omitted. */
  readonly select?: string | null;
  /** Changes with the same key in a row are one step of the history (typing into one field). */
  readonly merge?: string;
  /** A key typed into the property editor: the canvas draws it a frame later (use-drawn-doc.ts). */
  readonly typed?: boolean;
}

/** An action the page's rules refuse, with why. */
export interface Refusal {
  readonly refused: string;
}

/** The state with a message in the status line, e.g. why a change was refused. */
export const withBanner = (state: EditorState, tone: 'success' | 'error', text: string): EditorState => ({ ...state, banner: { tone, text } });

/**
 * Makes the proposed change the new document and a step of the history, or keeps the page and says
 * why when the document model refuses it (its operations throw a DocumentError). A change that
 * leaves the document as it was makes no step.
 */
export function commit(state: EditorState, propose: () => Change | Refusal): EditorState {
  let change: Change | Refusal;
  try {
    change = propose();
  } catch (error) {
    if (error instanceof DocumentError) return withBanner(state, 'error', error.message);
    throw error;
  }
  if ('refused' in change) return withBanner(state, 'error', change.refused);
  const selectedId = change.select === undefined ? state.selectedId : change.select;
  const settings = change.settings ?? state.settings;
  if (change.doc === state.doc && settings === state.settings) return selectedId === state.selectedId ? state : { ...state, selectedId };
  const merging = change.merge !== undefined && change.merge === state.lastMerge;
  const past = merging ? state.past : [...state.past, { doc: state.doc, settings: state.settings, name: change.name }].slice(-HISTORY_LIMIT);
  return { ...state, doc: change.doc, settings, past, future: [], selectedId, lastMerge: change.merge ?? null, typed: change.typed === true };
}
