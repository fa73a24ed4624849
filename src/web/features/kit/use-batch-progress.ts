import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';
import { getBatchProgress, retrySyncBatch } from './kit-api.ts';

/** While a bulk sync runs, its progress is read this often. */
const POLL_MS = 1000;

/** A bulk sync's progress, polled until no contact is waiting or running any more. */
export function useBatchProgress(batchId: string) {
  return useQuery({
    queryKey: queryKeys.kit.batch(batchId),
    queryFn: () => getBatchProgress(batchId),
    refetchInterval: (query) => (query.state.data?.finished || query.state.error ? false : POLL_MS),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
    staleTime: 0,
  });
}

/** Puts the batch's failed contacts back in the queue; polling picks up from there. */
export function useRetryBatch(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => retrySyncBatch(batchId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.kit.batch(batchId) }),
  });
}
