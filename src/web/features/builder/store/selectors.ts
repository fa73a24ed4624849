import { isDirty, type EditorState } from './editor-state.ts';

/** The parts of the editor's state its components read (useEditor). */
export const selectDoc = (state: EditorState) => state.doc;
export const selectTyped = (state: EditorState) => state.typed;
export const selectMode = (state: EditorState) => state.mode;
export const selectSelectedId = (state: EditorState) => state.selectedId;
export const selectDirty = isDirty;
export const selectViewport = (state: EditorState) => state.viewport;
export const selectBanner = (state: EditorState) => state.banner;
export const selectAnnouncement = (state: EditorState) => state.announcement;
export const selectDialog = (state: EditorState) => state.dialog;
export const selectSettings = (state: EditorState) => state.settings;
/** The property editor shows in edit mode while open, also with nothing selected (the canvas keeps its width). */
export const selectShowPanel = (state: EditorState) => state.mode === 'edit' && state.panelOpen;
/** The name of the step undo would take back, or of the one redo would make again. */
export const selectUndoName = (state: EditorState) => state.past.at(-1)?.name;
export const selectRedoName = (state: EditorState) => state.future.at(-1)?.name;
