import { useEffect, useLayoutEffect, useRef } from 'react';

export interface ShortcutHandlers {
  save: () => void;
  toggleEdit: () => void;
  overview: () => void;
  undo: () => void;
  redo: () => void;
  shortcuts: () => void;
}

/**
 * The builder's keyboard shortcuts (spec 001, 9, plus undo and redo), with Ctrl, or Cmd on a Mac.
 * Escape is left to the dialogs, which close on it themselves.
 */
export function useBuilderShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
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
        : null;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
