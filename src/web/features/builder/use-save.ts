import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LandingPage } from '@shared/landing-pages/api.ts';
import { BUILDER_MESSAGES, builderPath } from '@shared/landing-pages/builder.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { builderPageKey, createBuilderPage, fetchPage, isSaveConflict, saveBuilderPage, STALE_AFTER_SAVE } from './builder-api.ts';
import { errorText, timeNow } from './status-text.ts';
import { useEditorStore } from './store/editor-store.ts';

export const LIST_PATH = '/crm/landing-pages';

/** A save the server refused because someone saved the page since: the page as stored now, and whether the save was Save & Close. */
export interface SaveConflict {
  readonly current: LandingPage;
  readonly close: boolean;
}

/**
 * Save and Save & Close: the first save creates the page (the address becomes its own), later ones
 * name the version the work started from. A save refused because someone else saved in between
 * becomes `conflict`, resolved by Reload (theirs) or `overwrite` (mine, over theirs).
 */
export function useSave(pageId: string | null) {
  const store = useEditorStore();
  const navigate = useNavigate();
  const client = useQueryClient();
  const saving = useRef(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);

  const save = useCallback(
    async (close = false) => {
      if (saving.current) return;
      saving.current = true;
      const { doc, settings, baseVersion } = store.getState();
      const notify = (tone: 'success' | 'error', text: string) => store.dispatch({ type: 'notify', banner: { tone, text } });
      try {
        const content = serializeContent(doc);
        const saved = pageId ? await saveBuilderPage(pageId, content, settings, baseVersion) : await createBuilderPage(content, settings);
        store.dispatch({ type: 'saved', doc, settings, version: saved.version });
        client.setQueryData(builderPageKey(saved.id), saved);
        await Promise.all(STALE_AFTER_SAVE.map((queryKey) => client.invalidateQueries({ queryKey })));
        if (close) await navigate(LIST_PATH);
        else {
          if (!pageId) await navigate(builderPath(saved.id), { replace: true });
          notify('success', BUILDER_MESSAGES.saved(timeNow()));
        }
      } catch (error) {
        if (pageId && isSaveConflict(error)) {
          const current = await fetchPage(pageId).catch(() => null);
          if (current) return setConflict({ current, close });
        }
        console.error('Save failed', error);
        notify('error', BUILDER_MESSAGES.saveFailed(errorText(error)));
      } finally {
        saving.current = false;
      }
    },
    [store, client, navigate, pageId],
  );

  /** Mine replaces theirs: the same work saved again, from the version that refused it. */
  const overwrite = () => {
    setConflict(null);
    if (!conflict) return;
    store.dispatch({ type: 'rebase', version: conflict.current.version });
    void save(conflict.close);
  };

  return { save, conflict, overwrite, dismissConflict: () => setConflict(null) };
}
