import { useEffect, useLayoutEffect, useRef } from 'react';

const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export interface ShortcutHandlers {
  save: () => void;
  toggleEdit: () => void;
  overview: () => void;
  undo: () => void;
  redo: () => void;
  shortcuts: () => void;
  resetPanel: () => void;
  reload: () => void;
  nextComponent: () => void;
  previousComponent: () => void;
  clearSelection: () => void;
}

/**
 * The builder's keyboard shortcuts (BUILDER_SHORTCUTS, plus undo and redo), with Ctrl, or Cmd on a Mac.
 * They win over the browser's own (Ctrl+S saves the page here, Ctrl+R resets the panel).
 * Escape clears the selection; in a dialog it is the dialog's, which closes on it.
 */
export function useBuilderShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Escape clears the selection, unless a field, a text edited in place or a dialog has it.
        const target = event.target;
        const elsewhere = isTextEntry(target) || (target instanceof HTMLElement && target.closest('[role="dialog"]') !== null);
        if (!event.defaultPrevented && !elsewhere && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) latest.current.clearSelection();
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const h = latest.current;
      const action =
        key === 's' ? h.save
        : key === 'e' ? h.toggleEdit
        : key === 'o' ? h.overview
        : key === 'z' ? (event.shiftKey ? h.redo : h.undo)
        : key === 'y' ? h.redo
        : key === '/' ? h.shortcuts
        : key === 'r' ? (event.shiftKey ? h.reload : h.resetPanel)
        : key === 'arrowright' ? h.nextComponent
        : key === 'arrowleft' ? h.previousComponent
        : null;
      // In a text field Ctrl+Left/Right keep their meaning: a word back or on.
      if (!action || (key.startsWith('arrow') && isTextEntry(event.target))) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
