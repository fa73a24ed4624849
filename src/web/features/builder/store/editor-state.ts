import type { PageSettings } from '@shared/landing-pages/page-settings.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import type { ViewportId } from '@web/features/builder/viewport-css.ts';

/**
 * The builder's state, in one store (editor-store.ts): the page being edited, its undo history,
 * what is selected, the mode, what was saved, and the state of the screen around the canvas (the
 * property editor, the dialog that is open, the previewed screen, the status banner). It changes
 * only through the named actions of editor-actions.ts.
 */
export type EditorMode = 'overview' | 'edit';

/** How many earlier documents undo can go back to. */
export const HISTORY_LIMIT = 200;

/**
 * One step of the history: a document, and the name of the change between it and the document
 * after it ('Changed heading text', 'Added Button'). Documents share every node a change did not
 * touch, so a long history stays cheap.
 */
export interface HistoryStep {
  readonly doc: PageContent;
  /** The page's settings (search and link previews) with that document. */
  readonly settings: PageSettings;
  readonly name: string;
}

/** Where the palette adds: into a section, a grid cell or a container, at its end or after its selected child. */
export interface AddTarget {
  readonly id: string;
  readonly label: string;
  /** The selected component when it sits directly in the target: the new one can go after it. */
  readonly after: { readonly id: string; readonly label: string } | null;
}

/** The builder's own dialog that is open, if any. */
export type OpenDialog =
  | { readonly kind: 'add'; readonly target: AddTarget }
  | { readonly kind: 'move'; readonly id: string }
  | { readonly kind: 'shortcuts' | 'debug' | 'history' | 'pageSettings' }
  /** Reload asked while there are unsaved changes: the question first. */
  | { readonly kind: 'reload' };

export interface Banner {
  readonly tone: 'success' | 'error';
  readonly text: string;
}

export interface EditorState {
  readonly doc: PageContent;
  /** Earlier documents with the step that left each, oldest first: undo takes the last. */
  readonly past: readonly HistoryStep[];
  /** Documents undone with the step that leads to each, the next redo last. */
  readonly future: readonly HistoryStep[];
  /** The document as last saved or loaded: the editor is dirty when `doc` is another one. */
  readonly saved: PageContent;
  /** The page's settings, saved with the document; changed only as a whole ('Changed page settings'). */
  readonly settings: PageSettings;
  readonly savedSettings: PageSettings;
  /** The version of the stored page the editor's work starts from: a save names it, so the server can refuse a save over someone else's. */
  readonly baseVersion: number;
  readonly selectedId: string | null;
  readonly mode: EditorMode;
  /** The property editor is open (shown in edit mode); it stays open while nothing is selected. */
  readonly panelOpen: boolean;
  readonly dialog: OpenDialog | null;
  readonly viewport: ViewportId;
  /** The status line under the header: a save, a reload, a refusal, a copy. A new object each time, so the same text shows again. */
  readonly banner: Banner | null;
  /** What the last undo or redo did, said to screen readers ('Undone: Changed heading text'). */
  readonly announcement: { readonly text: string; readonly count: number } | null;
  /** The kind of the last change: typing into one field makes one history step, not one per key. */
  readonly lastMerge: string | null;
  /** Whether the last change was a key typed into the property editor (use-drawn-doc.ts). */
  readonly typed: boolean;
}

export function initialEditorState(doc: PageContent, options: { baseVersion?: number; banner?: Banner | null; settings?: PageSettings } = {}): EditorState {
  const settings = options.settings ?? {};
  return {
    doc,
    past: [],
    future: [],
    saved: doc,
    settings,
    savedSettings: settings,
    baseVersion: options.baseVersion ?? 0,
    selectedId: null,
    mode: 'edit',
    panelOpen: false,
    dialog: null,
    viewport: 'desktop',
    banner: options.banner ?? null,
    announcement: null,
    lastMerge: null,
    typed: false,
  };
}

export const isDirty = (state: EditorState) => state.doc !== state.saved || state.settings !== state.savedSettings;
