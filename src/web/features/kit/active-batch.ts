import { useSyncExternalStore } from 'react';

/*
 * The bulk sync this browser follows. Its id is kept in localStorage, so the progress survives a
 * reload (and shows in every tab); the batch itself runs on the server whether anyone watches or not.
 * `showDetails` opens the progress dialog (when a sync starts, or on request).
 */

export interface FollowedBatch {
  batchId: string | null;
  showDetails: boolean;
  /** Started in this page, so all of its progress is news (unlike one resumed after a reload). */
  startedHere: boolean;
}

const STORAGE_KEY = 'mycrm.kit.activeSyncBatch';
const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage unavailable (private mode): the progress lasts until the page reloads
  }
}

function writeStorage(batchId: string | null) {
  try {
    if (batchId) localStorage.setItem(STORAGE_KEY, batchId);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // see readStorage
  }
}

let snapshot: FollowedBatch = { batchId: typeof window === 'undefined' ? null : readStorage(), showDetails: false, startedHere: false };

function update(next: FollowedBatch) {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab started or dismissed a batch.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY && event.newValue !== snapshot.batchId) update({ batchId: event.newValue, showDetails: false, startedHere: false });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Follows a batch that just started, with its progress dialog open. */
export function followBatch(batchId: string): void {
  writeStorage(batchId);
  update({ batchId, showDetails: true, startedHere: true });
}

export function stopFollowingBatch(): void {
  writeStorage(null);
  update({ batchId: null, showDetails: false, startedHere: false });
}

export function showBatchDetails(show: boolean): void {
  if (snapshot.showDetails !== show) update({ ...snapshot, showDetails: show });
}

export function useFollowedBatch(): FollowedBatch {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}
