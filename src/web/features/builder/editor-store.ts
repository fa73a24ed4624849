import { DocumentError } from '@shared/landing-pages/document-error.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';

/**
 * The builder's state: the page being edited, what is selected, the mode, and the history. Every
 * change is a pure operation of the document model, so an entry of the history is just an earlier
 * document; operations share every node they do not change, which keeps a long history cheap.
 */
export type EditorMode = 'overview' | 'edit';

/** How many earlier documents undo can go back to. */
export const HISTORY_LIMIT = 200;

export interface EditorState {
  readonly doc: PageContent;
  /** Earlier documents, oldest first. */
  readonly past: readonly PageContent[];
  /** Documents undone, the next redo last. */
  readonly future: readonly PageContent[];
  /** The document as last saved or loaded: the editor is dirty when `doc` is another one. */
  readonly saved: PageContent;
  readonly selectedId: string | null;
  readonly mode: EditorMode;
  /** Why the last change was refused (a document rule); cleared by the next change. */
  readonly refused: string | null;
  /** The kind of the last change: typing into one field makes one history entry, not one per key. */
  readonly lastMerge: string | null;
  /** Whether the last change was a key typed into the property editor (use-drawn-doc.ts). */
  readonly typed: boolean;
}

export type EditorAction =
  | {
      readonly type: 'change';
      readonly change: (doc: PageContent) => PageContent;
      /** Changes with the same key in a row replace each other in the history (typing into one field). */
      readonly merge?: string;
      /** What to select afterwards; the selection stays when omitted. */
      readonly select?: string | null;
      /** A key typed into the property editor. */
      readonly typed?: boolean;
    }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'select'; readonly id: string | null }
  | { readonly type: 'mode'; readonly mode: EditorMode }
  /** The document was saved: it is the clean state now. */
  | { readonly type: 'saved'; readonly doc: PageContent }
  /** The stored document replaces the page (Reload); undo brings back what was there, unsaved work included. */
  | { readonly type: 'load'; readonly doc: PageContent };

export function initialEditorState(doc: PageContent): EditorState {
  return { doc, past: [], future: [], saved: doc, selectedId: null, mode: 'edit', refused: null, lastMerge: null, typed: false };
}

export const isDirty = (state: EditorState) => state.doc !== state.saved;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change': {
      let doc: PageContent;
      try {
        doc = action.change(state.doc);
      } catch (error) {
        if (error instanceof DocumentError) return { ...state, refused: error.message };
        throw error;
      }
      const selectedId = action.select === undefined ? state.selectedId : action.select;
      if (doc === state.doc) return { ...state, selectedId, refused: null };
      const merging = action.merge !== undefined && action.merge === state.lastMerge;
      const past = merging ? state.past : [...state.past, state.doc].slice(-HISTORY_LIMIT);
      return { ...state, doc, past, future: [], selectedId, refused: null, lastMerge: action.merge ?? null, typed: action.typed === true };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, doc: previous, past: state.past.slice(0, -1), future: [...state.future, state.doc], refused: null, lastMerge: null, typed: false };
    }
    case 'redo': {
      const next = state.future.at(-1);
      if (!next) return state;
      return { ...state, doc: next, past: [...state.past, state.doc], future: state.future.slice(0, -1), refused: null, lastMerge: null, typed: false };
    }
    case 'select':
      return state.selectedId === action.id ? state : { ...state, selectedId: action.id, lastMerge: null };
    case 'mode':
      return state.mode === action.mode ? state : { ...state, mode: action.mode };
    case 'saved':
      return { ...state, saved: action.doc, lastMerge: null };
    case 'load':
      return {
        ...state,
        doc: action.doc,
        saved: action.doc,
        past: [...state.past, state.doc].slice(-HISTORY_LIMIT),
        future: [],
        selectedId: null,
        refused: null,
        lastMerge: null,
        typed: false,
      };
  }
}
