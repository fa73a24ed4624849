import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { erasureLogSchema, PRIVACY_PATHS, retryUnsubscribesResponseSchema } from '@shared/privacy/erasure.ts';
import { RETENTION_PATHS, retentionStateSchema, type RetentionRules } from '@shared/privacy/retention.ts';
import { get, post, put } from '@web/lib/api.ts';

/** The erasure log and retention API (src/server/privacy/erasure-routes.ts); answers parsed with the shared schemas. */

const keys = { erasures: ['privacy', 'erasures'] as const, retention: ['privacy', 'retention'] as const };

export function useErasureLog() {
  return useQuery({ queryKey: keys.erasures, queryFn: async () => erasureLogSchema.parse(await get<unknown>(PRIVACY_PATHS.erasures)), staleTime: 0 });
}

export function useRetryUnsubscribes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => retryUnsubscribesResponseSchema.parse(await post<unknown>(PRIVACY_PATHS.retryUnsubscribes)).queued,
    onSettled: () => client.invalidateQueries({ queryKey: keys.erasures }),
  });
}

export function useRetention() {
  return useQuery({ queryKey: keys.retention, queryFn: async () => retentionStateSchema.parse(await get<unknown>(RETENTION_PATHS.settings)) });
}

export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rules: RetentionRules) => retentionStateSchema.parse(await put<unknown>(RETENTION_PATHS.settings, rules)),
    onSuccess: (state) => client.setQueryData(keys.retention, state),
  });
}
