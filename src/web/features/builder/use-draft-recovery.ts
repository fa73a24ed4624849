import { useEffect, useRef, useState } from 'react';
import { DRAFT_DEBOUNCE_MS } from '@shared/landing-pages/builder.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import type { PageSettings } from '@shared/landing-pages/page-settings.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { draftOffer, serializeSettings, type DraftOffer, type KeptWork } from './draft-offer.ts';
import { deleteDraft, readDraft, writeDraft } from './draft-store.ts';

const warn = (error: unknown) => console.warn('The unsaved work could not be kept in this browser', error);

/**
 * Keeps the editor's unsaved work in IndexedDB under `draftKey` (the page's id, or 'new'): written
 * a moment after the last change (and at once when the tab goes away), never while typing; removed
 * once the editor is clean again (saved, reloaded, undone). When the editor opens, work kept by an
 * earlier tab is offered back first, and nothing is written over it until the user has answered;
 * dismissing the offer keeps it until this editor has work of its own to keep.
 */
export function useDraftRecovery({
  draftKey,
  doc,
  settings,
  dirty,
  opening: openingWork,
  lastSaved,
}: {
  draftKey: string;
  doc: PageContent;
  settings: PageSettings;
  dirty: boolean;
  /** What the editor opened with: kept work equal to it is not offered back. */
  opening: KeptWork;
  lastSaved: Date | null;
}) {
  const [opening] = useState(() => ({ draftKey, work: openingWork, lastSaved }));
  const [checked, setChecked] = useState(false);
  const [offer, setOffer] = useState<DraftOffer | null>(null);
  // Whether the stored draft is this editor's work (so a clean editor removes it), not an earlier tab's.
  const kept = useRef(false);

  useEffect(() => {
    let live = true;
    readDraft(opening.draftKey)
      .then(
        (draft) => live && setOffer(draftOffer(draft, opening.work, opening.lastSaved)),
        (error: unknown) => warn(error),
      )
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [opening]);

  useEffect(() => {
    if (!checked || offer) return;
    if (!dirty) {
      if (kept.current) deleteDraft(draftKey).catch(warn);
      kept.current = false;
      return;
    }
    const keep = () => {
      clearTimeout(timer);
      kept.current = true;
      writeDraft(draftKey, { content: serializeContent(doc), settings: serializeSettings(settings), kept_at: Date.now() }).catch(warn);
    };
    const timer = setTimeout(keep, DRAFT_DEBOUNCE_MS);
    window.addEventListener('pagehide', keep);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', keep);
    };
  }, [checked, offer, dirty, doc, settings, draftKey]);

  // The first save of a new page moves its work from 'new' to the page's own id.
  const keyBefore = useRef(draftKey);
  useEffect(() => {
    if (keyBefore.current === draftKey) return;
    deleteDraft(keyBefore.current).catch(warn);
    keyBefore.current = draftKey;
  }, [draftKey]);

  return {
    offer,
    /** The kept work, to load into the editor; from now on the editor's work is kept instead. */
    restore: () => {
      kept.current = true;
      setOffer(null);
      return offer;
    },
    /** Forget the kept work. */
    discard: () => {
      setOffer(null);
      deleteDraft(draftKey).catch(warn);
    },
    /** Decide later: the kept work stays until this editor keeps its own. */
    dismiss: () => setOffer(null),
  };
}
