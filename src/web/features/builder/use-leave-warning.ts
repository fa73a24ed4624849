import { useEffect } from 'react';
import { selectDirty } from './store/selectors.ts';
import { useEditor } from './store/editor-store.ts';

/** A closed tab or a typed address would drop unsaved work: the browser asks first. */
export function useLeaveWarning() {
  const dirty = useEditor(selectDirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
