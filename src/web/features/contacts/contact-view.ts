import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readView, viewParams, type ContactView } from '@shared/contacts/view.ts';

// The view's rules are shared with the server (it names the screen's first request as a preload).
export { contactListPath, hasFilters, readView, viewParams, type ContactView } from '@shared/contacts/view.ts';

/** Marks the URL entries this hook writes, so only navigation from elsewhere (a link, back) replaces the view. */
const OWN_ENTRY = { contactView: true } as const;

/**
 * The view and its updater. React state is the source of truth, so updates in quick succession
 * (a search that settles while a filter is removed) never overwrite each other; the URL mirrors it
 * (replacing its entry, so typing does not flood the history) and is adopted when the person
 * navigates to a different one.
 */
export function useContactView() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState(() => readView(params));
  const [seenEntry, setSeenEntry] = useState(location.key);
  if (location.key !== seenEntry) {
    setSeenEntry(location.key);
    const own = (location.state as typeof OWN_ENTRY | null)?.contactView === true;
    if (!own) setView(readView(params));
  }

  useEffect(() => {
    const wanted = viewParams(view);
    if (wanted.toString() !== params.toString()) setParams(wanted, { replace: true, state: OWN_ENTRY });
  }, [view, params, setParams]);

  // A patch that changes nothing keeps the view as it is, so nothing downstream re-renders or refetches.
  const update = useCallback(
    (patch: Partial<ContactView>) =>
      setView((current) => {
        const changed = (Object.keys(patch) as Array<keyof ContactView>).some((key) => current[key] !== patch[key]);
        return changed ? { ...current, ...patch } : current;
      }),
    [],
  );
  return [view, update] as const;
}
