import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { selectMode, selectSelectedId } from './store/selectors.ts';
import { useEditor } from './store/editor-store.ts';

/**
 * The selection's outline on the canvas (styles.css): an attribute on its frame, looked for again
 * only when the selection changed or a change drew its frame anew (`drawnDoc`; a search of the
 * canvas costs a millisecond). A <style> naming it made the browser rework its whole stylesheet each
 * time. A new selection (from the tree, Ctrl/Cmd+Right, an add) is brought into view: the canvas is
 * where the property editor's changes show live.
 */
export function useSelectionReveal(canvasRef: RefObject<HTMLElement | null>, drawnDoc: PageContent) {
  const selected = useEditor(selectSelectedId);
  const mode = useEditor(selectMode);
  const selectedFrame = useRef<Element | null>(null);
  const revealed = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = mode === 'edit' ? selected : null;
    const marked = selectedFrame.current;
    if (marked?.isConnected && marked.getAttribute('data-node-id') === id) return;
    marked?.removeAttribute('data-selected');
    selectedFrame.current = id ? (canvasRef.current?.querySelector(`[data-node-id="${CSS.escape(id)}"]`) ?? null) : null;
    selectedFrame.current?.setAttribute('data-selected', '');
    if (selectedFrame.current && revealed.current !== id) selectedFrame.current.scrollIntoView({ block: 'nearest' });
    revealed.current = id;
  }, [canvasRef, selected, mode, drawnDoc]);
}
