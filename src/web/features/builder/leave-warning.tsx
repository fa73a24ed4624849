import { useEffect } from 'react';
import { selectDirty } from './store/selectors.ts';
import { useEditor } from './store/editor-store.ts';

/**
 * A closed tab or a typed address would drop unsaved work: the browser asks first. A component of its
 * own, drawing nothing, so that the page turning clean or dirty (every undo back to what is saved, and
 * every redo from it) re-renders it alone rather than the builder's whole screen.
 */
export function LeaveWarning() {
  const dirty = useEditor(selectDirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
