import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys.ts';
import { KIT_SYNC_STATE_IDS_MAX as MAX_IDS_PER_REQUEST, type KitSyncState } from '@shared/kit/api.ts';
import { getSyncStates } from './kit-api.ts';

/*
 * Each row of the contacts table asks for its own contact's sync state; the asks made within a
 * few milliseconds of each other (a page of rows mounting, or all of them refetching) travel as one
 * request, /api/kit/sync-state?contact_ids=a,b,c.
 */

const GATHER_MS = 10;
/** While a sync waits or runs, its row looks again this often. */
const POLL_MS = 3000;

type Waiter = { resolve: (state: KitSyncState) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | undefined;

async function flush() {
  const batch = waiting;
  waiting = new Map();
  timer = undefined;
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) {
    const chunk = ids.slice(start, start + MAX_IDS_PER_REQUEST);
    try {
      const { states } = await getSyncStates(chunk);
      for (const id of chunk) {
        const state = states[id];
        for (const waiter of batch.get(id)!) {
          if (state) waiter.resolve(state);
          else waiter.reject(new Error('No sync state for this contact'));
        }
      }
    } catch (error) {
      for (const id of chunk) for (const waiter of batch.get(id)!) waiter.reject(error);
    }
  }
}

function loadSyncState(contactId: string): Promise<KitSyncState> {
  return new Promise((resolve, reject) => {
    const waiters = waiting.get(contactId) ?? [];
    waiters.push({ resolve, reject });
    waiting.set(contactId, waiters);
    timer ??= setTimeout(() => void flush(), GATHER_MS);
  });
}

export function useKitSyncState(contactId: string) {
  return useQuery({
    queryKey: queryKeys.kit.syncState(contactId),
    queryFn: () => loadSyncState(contactId),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'running' ? POLL_MS : false;
    },
    staleTime: 5_000,
  });
}
