import { useEffect, useLayoutEffect, useRef } from 'react';

/** Events the builder leaves to the browser: in a field, or anywhere in a dialog. */
const isElsewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null);

/** Text the user selected on the page: Ctrl+C copies that, as anywhere else. */
const hasTextSelection = () => {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== '';
};

export interface ClipboardHandlers {
  /** The clipboard text of the selected node, or null when nothing is selected. */
  copy: () => string | null;
  /** Takes pasted data; true when it was the builder's to take. */
  paste: (data: { text: string; html: string }) => boolean;
}

/**
 * Ctrl/Cmd+C and Ctrl/Cmd+V on the builder: the browser's own copy and paste events, so the system
 * clipboard carries the node between tabs and windows, and no permission prompt is needed. Typing
 * in a field or copying selected text keeps the browser's own behaviour; a dialog's fields too.
 */
export function useCanvasClipboard(handlers: ClipboardHandlers) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (isElsewhere(event.target) || hasTextSelection() || !event.clipboardData) return;
      const text = latest.current.copy();
      if (text === null) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isElsewhere(event.target) || !event.clipboardData) return;
      const data = { text: event.clipboardData.getData('text/plain'), html: event.clipboardData.getData('text/html') };
      if (latest.current.paste(data)) event.preventDefault();
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, []);
}
