import { useCallback, useState } from 'react';

const STORAGE_KEY = 'mycrm.contacts.bulkJob';

/**
 * The background bulk job this browser follows. Its id is kept in localStorage, so the progress
 * (and then the outcome) is still on screen after a reload; the job runs on the server either way.
 */
export function useFollowedBulkJob(): [string | null, (jobId: string | null) => void] {
  const [jobId, setJobId] = useState(() => {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null; // storage unavailable (private mode): followed until the page reloads
    }
  });
  const follow = useCallback((next: string | null) => {
    setJobId(next);
    try {
      if (next) localStorage.setItem(STORAGE_KEY, next);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // see above
    }
  }, []);
  return [jobId, follow];
}
