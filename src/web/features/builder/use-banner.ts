import { useEffect } from 'react';
import { BUILDER_LIMITS } from '@shared/landing-pages/builder.ts';
import { selectBanner } from './store/selectors.ts';
import { useEditor, useEditorStore } from './store/editor-store.ts';

/** The status line's message (a save, a reload, a refusal, a copy), which clears itself after a few seconds. */
export function useBanner() {
  const banner = useEditor(selectBanner);
  const { dispatch } = useEditorStore();
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => dispatch({ type: 'clearBanner' }), BUILDER_LIMITS.statusMs);
    return () => clearTimeout(timer);
  }, [banner, dispatch]);
  return banner;
}
