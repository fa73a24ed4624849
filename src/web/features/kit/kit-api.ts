import type { ContactSelectionInput } from '@shared/contacts/bulk.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TAG_PATHS, tagListResponseSchema } from '@shared/tags/api.ts';
import {
  batchPreviewSchema,
  batchProgressSchema,
  batchRetriedSchema,
  batchStartedSchema,
  checkResultSchema,
  connectionResultSchema,
  customFieldsResultSchema,
  KIT_PATHS,
  syncStateQuery,
  kitFormListSchema,
  kitKeyStatusSchema,
  kitStatsSchema,
  kitTagListSchema,
  subscriberPageSchema,
  syncResultSchema,
  syncStatesSchema,
  tagLinksResultSchema,
  type KitKeyStatus,
} from '@shared/kit/api.ts';
import { KIT_IMPORT_PATHS, kitImportStateSchema, type KitImportStart } from '@shared/kit/import.ts';
import { ApiError, apiParsed, del } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/*
 * The Kit integration's staff API (src/server/kit/*-routes.ts) as TanStack Query hooks. Only the
 * server talks to Kit; the browser sees the API key masked. Every answer is parsed by its contract schema.
 */

/** The server refuses Kit work without a saved key: the contacts screen words that case itself. */
export const isKeyMissing = (error: unknown) => error instanceof ApiError && error.code === 'kit_not_configured';

export function useKitSettings() {
  return useQuery({ queryKey: queryKeys.kit.settings, queryFn: () => apiParsed(kitKeyStatusSchema, 'GET', KIT_PATHS.settings) });
}

/** What Kit itself answered for the saved key: forgotten when the key changes, so nothing of another key shows. */
const forgetAccountData = (client: QueryClient) => {
  for (const queryKey of Object.values(queryKeys.kit.account)) client.removeQueries({ queryKey });
};

export function useSaveKitKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => apiParsed(kitKeyStatusSchema, 'PUT', KIT_PATHS.settings, { api_key: apiKey }),
    onSuccess: (status) => {
      forgetAccountData(client);
      client.setQueryData(queryKeys.kit.settings, status);
    },
  });
}

export function useClearKitKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del(KIT_PATHS.settings),
    onSuccess: () => {
      forgetAccountData(client);
      client.setQueryData<KitKeyStatus>(queryKeys.kit.settings, { configured: false, masked_key: null, updated_at: new Date() });
    },
  });
}

/** Tests the saved key (GET /account in Kit); `ok: false` carries "HTTP {status}: {statusText}". */
export function useKitConnection(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.kit.account.connection,
    queryFn: () => apiParsed(connectionResultSchema, 'POST', KIT_PATHS.testConnection, {}),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Tests a key typed in but not saved yet. */
export function useTestTypedKey() {
  return useMutation({ mutationFn: (apiKey: string) => apiParsed(connectionResultSchema, 'POST', KIT_PATHS.testConnection, { api_key: apiKey }) });
}

export function useKitStats(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.kit.account.stats, queryFn: () => apiParsed(kitStatsSchema, 'GET', KIT_PATHS.stats), enabled, retry: false });
}

export function useKitForms(enabled = true) {
  return useQuery({
    queryKey: queryKeys.kit.account.forms,
    queryFn: async () => (await apiParsed(kitFormListSchema, 'GET', KIT_PATHS.forms)).forms,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useKitTags(enabled = true) {
  return useQuery({
    queryKey: queryKeys.kit.account.tags,
    queryFn: async () => (await apiParsed(kitTagListSchema, 'GET', KIT_PATHS.tags)).tags,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** A cursor into Kit's subscriber list: the page after one cursor, or before another. */
export type SubscriberCursor = { after: string } | { before: string } | null;

export function useKitSubscribers({ email, cursor, perPage }: { email: string; cursor: SubscriberCursor; perPage: number }) {
  return useQuery({
    queryKey: queryKeys.kit.subscriberPage({ email, cursor, perPage }),
    queryFn: () => {
      const params = new URLSearchParams({ per_page: String(perPage) });
      if (email) params.set('email', email);
      if (cursor && 'after' in cursor) params.set('after', cursor.after);
      if (cursor && 'before' in cursor) params.set('before', cursor.before);
      return apiParsed(subscriberPageSchema, 'GET', `${KIT_PATHS.subscribers}?${params}`);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCreateCustomFields() {
  return useMutation({ mutationFn: () => apiParsed(customFieldsResultSchema, 'POST', KIT_PATHS.customFields, {}) });
}

/** The CRM's tags (src/server/tags), to show which ones are linked to Kit tags. */
export function useCrmTags() {
  return useQuery({ queryKey: queryKeys.tags, queryFn: async () => (await apiParsed(tagListResponseSchema, 'GET', TAG_PATHS.list)).tags });
}

export function useLinkTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (createMissing: boolean) => apiParsed(tagLinksResultSchema, 'POST', KIT_PATHS.tagLinks, { create_missing: createMissing }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.tags }), client.invalidateQueries({ queryKey: queryKeys.kit.account.tags })]),
  });
}

export const checkContactInKit = (contactId: string) => apiParsed(checkResultSchema, 'POST', KIT_PATHS.checkContact.path({ id: contactId }), {});

export const syncContactToKit = (contactId: string, tagNames: string[]) =>
  apiParsed(syncResultSchema, 'POST', KIT_PATHS.syncContact.path({ id: contactId }), { tag_names: tagNames });

export const startSyncBatch = (selection: ContactSelectionInput, tagNames: string[]) =>
  apiParsed(batchStartedSchema, 'POST', KIT_PATHS.batches, { selection, tag_names: tagNames });

/** How many of a selection a bulk sync would skip (unsubscribed, bounced or complained in Kit). */
export function useBatchPreview(selection: ContactSelectionInput) {
  return useQuery({
    queryKey: queryKeys.kit.batchPreview(selection),
    queryFn: () => apiParsed(batchPreviewSchema, 'POST', KIT_PATHS.batchPreview, { selection }),
    retry: false,
  });
}

export const getBatchProgress = (batchId: string) => apiParsed(batchProgressSchema, 'GET', KIT_PATHS.batch.path({ id: batchId }));

export const retrySyncBatch = (batchId: string) => apiParsed(batchRetriedSchema, 'POST', KIT_PATHS.retryBatch.path({ id: batchId }), {});

export const getSyncStates = (contactIds: string[]) => apiParsed(syncStatesSchema, 'GET', syncStateQuery(contactIds));

/** The latest import from Kit and reconciliation pass; read every second while one runs. */
export function useKitImport(enabled = true) {
  return useQuery({
    queryKey: queryKeys.kit.import,
    queryFn: () => apiParsed(kitImportStateSchema, 'GET', KIT_IMPORT_PATHS.import),
    enabled,
    refetchInterval: (query) => (query.state.data?.import?.status === 'running' || query.state.data?.reconciliation?.status === 'running' ? 1_000 : false),
  });
}

export function useStartKitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (start: KitImportStart) => apiParsed(kitImportStateSchema, 'POST', KIT_IMPORT_PATHS.import, start),
    onSuccess: (state) => client.setQueryData(queryKeys.kit.import, state),
  });
}
