import { useEffect } from 'react';
import { CLIPBOARD_MESSAGES, clipText, looksLikeHtml, readClip } from './clipboard.ts';
import { useEditorStore, type EditorStore } from './store/editor-store.ts';
import { labelIn } from './store/step-names.ts';

/** Events the builder leaves to the browser: in a field, or anywhere in a dialog. */
const isElsewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null);

/** Text the user selected on the page: Ctrl+C copies that, as anywhere else. */
const hasTextSelection = () => {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== '';
};

/** The clipboard text of the selected node in edit mode, or null (nothing of the builder's to copy). */
function copySelected(store: EditorStore): string | null {
  const { doc, selectedId, mode } = store.getState();
  const text = mode === 'edit' && selectedId !== null ? clipText(doc, selectedId) : null;
  if (text !== null) store.dispatch({ type: 'notify', banner: { tone: 'success', text: CLIPBOARD_MESSAGES.copied(labelIn(doc, selectedId!)) } });
  return text;
}

/** Pastes a copied node, or converts pasted HTML; false when the data is not the builder's. */
function paste(store: EditorStore, { text, html }: { text: string; html: string }): boolean {
  if (store.getState().mode !== 'edit') return false;
  const clip = readClip(text);
  if (clip) {
    store.dispatch({ type: 'pasteClip', clip });
    return true;
  }
  // Markup copied as text (source code) is the HTML meant; else what a web page put on the clipboard.
  const markup = looksLikeHtml(text) ? text : html;
  if (!markup.trim()) return false;
  store.dispatch({ type: 'pasteHtml', html: markup });
  return true;
}

/**
 * Ctrl/Cmd+C and Ctrl/Cmd+V on the builder: the browser's own copy and paste events, so the system
 * clipboard carries the node between tabs and windows, and no permission prompt is needed. Typing
 * in a field or copying selected text keeps the browser's own behaviour; a dialog's fields too.
 */
export function useCanvasClipboard() {
  const store = useEditorStore();
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (isElsewhere(event.target) || hasTextSelection() || !event.clipboardData) return;
      const text = copySelected(store);
      if (text === null) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isElsewhere(event.target) || !event.clipboardData) return;
      const data = { text: event.clipboardData.getData('text/plain'), html: event.clipboardData.getData('text/html') };
      if (paste(store, data)) event.preventDefault();
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [store]);
}
