import { useEffect, useLayoutEffect, useRef, type Dispatch } from 'react';
import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { DocumentError } from '@shared/landing-pages/document-error.ts';
import { CLIPBOARD_MESSAGES, clipText, looksLikeHtml, pasteClip, pasteHtml, readClip, sizeProblem } from './clipboard.ts';
import type { EditorAction, EditorState } from './editor-store.ts';

/** Events the builder leaves to the browser: in a field, or anywhere in a dialog. */
const isElsewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null);

/** Text the user selected on the page: Ctrl+C copies that, as anywhere else. */
const hasTextSelection = () => {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== '';
};

export interface ClipboardEditor {
  /** The editor's latest state. */
  state: () => EditorState;
  dispatch: Dispatch<EditorAction>;
  /** What messages call a node ('heading', 'section'). */
  label: (id: string) => string;
  notify: (tone: 'success' | 'error', text: string) => void;
}

/** The clipboard text of the selected node in edit mode, or null (nothing of the builder's to copy). */
function copySelected(editor: ClipboardEditor): string | null {
  const { doc, selectedId, mode } = editor.state();
  const text = mode === 'edit' && selectedId !== null ? clipText(doc, selectedId) : null;
  if (text !== null) editor.notify('success', CLIPBOARD_MESSAGES.copied(editor.label(selectedId!)));
  return text;
}

/** Pastes a copied node, or converts pasted HTML (spec 2.3); false when the data is not the builder's. */
function paste(editor: ClipboardEditor, { text, html }: { text: string; html: string }): boolean {
  const { doc, selectedId, mode } = editor.state();
  if (mode !== 'edit') return false;
  const clip = readClip(text);
  if (clip) {
    try {
      const pasted = pasteClip(doc, clip, selectedId);
      const tooLarge = sizeProblem(pasted.doc);
      if (tooLarge) editor.notify('error', `${CLIPBOARD_MESSAGES.notPasted}: ${tooLarge}`);
      else editor.dispatch({ type: 'change', change: () => pasted.doc, select: pasted.id });
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      editor.notify('error', error.message);
    }
    return true;
  }
  // Markup copied as text (source code) is the HTML meant; else what a web page put on the clipboard.
  const markup = looksLikeHtml(text) ? text : html;
  if (!markup.trim()) return false;
  const result = pasteHtml(doc, markup, selectedId);
  if (!result.ok) editor.notify('error', result.message);
  else {
    editor.dispatch({ type: 'change', change: () => result.doc });
    editor.notify('success', CONVERTER_MESSAGES.builderSuccess(result.sections));
  }
  return true;
}

/**
 * Ctrl/Cmd+C and Ctrl/Cmd+V on the builder: the browser's own copy and paste events, so the system
 * clipboard carries the node between tabs and windows, and no permission prompt is needed. Typing
 * in a field or copying selected text keeps the browser's own behaviour; a dialog's fields too.
 */
export function useCanvasClipboard(editor: ClipboardEditor) {
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  });
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (isElsewhere(event.target) || hasTextSelection() || !event.clipboardData) return;
      const text = copySelected(latest.current);
      if (text === null) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isElsewhere(event.target) || !event.clipboardData) return;
      const data = { text: event.clipboardData.getData('text/plain'), html: event.clipboardData.getData('text/html') };
      if (paste(latest.current, data)) event.preventDefault();
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, []);
}
