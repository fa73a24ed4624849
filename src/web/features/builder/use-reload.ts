import { useCallback } from 'react';
import type { LandingPage } from '@shared/landing-pages/api.ts';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { parseContent } from '@shared/landing-pages/parse-content.ts';
import { fetchPage } from './builder-api.ts';
import { errorText, timeNow } from './status-text.ts';
import { useEditorStore } from './store/editor-store.ts';

/**
 * Reload: the page as stored replaces the editor's, as an undoable step, and later saves
 * start from its version. `loadStored` is its second half, also used by a save conflict's Reload.
 */
export function useReload(pageId: string | null) {
  const { dispatch } = useEditorStore();
  const fail = useCallback((text: string) => dispatch({ type: 'notify', banner: { tone: 'error', text } }), [dispatch]);

  const loadStored = useCallback(
    (stored: LandingPage) => {
      if (!stored.content.trim()) return fail(BUILDER_MESSAGES.noContent);
      const parsed = parseContent(stored.content);
      if (!parsed.ok) return fail(BUILDER_MESSAGES.invalidJson(parsed.details[0] ?? parsed.message));
      dispatch({ type: 'load', doc: parsed.content, settings: stored.settings, version: stored.version });
      dispatch({ type: 'notify', banner: { tone: 'success', text: BUILDER_MESSAGES.reloaded(timeNow()) } });
    },
    [dispatch, fail],
  );

  const reload = useCallback(async () => {
    if (!pageId) return fail(BUILDER_MESSAGES.noPageId);
    try {
      loadStored(await fetchPage(pageId));
    } catch (error) {
      fail(BUILDER_MESSAGES.reloadFailed(errorText(error)));
    }
  }, [pageId, loadStored, fail]);

  return { reload, loadStored };
}
