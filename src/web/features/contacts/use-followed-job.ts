import { useCallback, useState } from 'react';

/** localStorage keys of the jobs the contacts screen follows. */
export const FOLLOWED_JOB_KEYS = { bulk: 'mycrm.contacts.bulkJob', import: 'mycrm.contacts.importJob' } as const;

/**
 * A background job this browser follows (a bulk action, an import). Its id is kept in localStorage,
 * so the progress (and then the outcome) is still on screen after a reload; the job runs on the
 * server either way.
 */
export function useFollowedJob(storageKey: string): [string | null, (jobId: string | null) => void] {
  const [jobId, setJobId] = useState(() => {
    try {
      return localStorage.getItem(storageKey);
    } catch {
      return null; // storage unavailable (private mode): followed until the page reloads
    }
  });
  const follow = useCallback(
    (next: string | null) => {
      setJobId(next);
      try {
        if (next) localStorage.setItem(storageKey, next);
        else localStorage.removeItem(storageKey);
      } catch {
        // see above
      }
    },
    [storageKey],
  );
  return [jobId, follow];
}
