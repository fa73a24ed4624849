import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TAG_PATHS, tagListResponseSchema } from '@shared/tags/api.ts';
import { ApiError, apiParsed, del, get, post, put } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/*
 * The Kit integration's staff API (src/server/kit/routes.ts). Only the server talks to Kit; the
 * browser sees the API key masked. The shapes below are the routes' answers.
 */

export interface KitKeyStatus {
  configured: boolean;
  /** The last four characters only, e.g. "••••••••3f9a". */
  masked_key: string | null;
  updated_at: string | null;
  /** A key is stored but this server cannot decrypt it. */
  error?: string;
}

export type ConnectionResult = { ok: true; account: { name: string; email: string } } | { ok: false; error: string };

export interface KitStats {
  total_subscribers: number;
  active_subscribers: number;
}

export interface KitForm {
  id: number;
  name: string;
  type: string;
  created_at: string;
}

export interface KitTag {
  id: number;
  name: string;
  created_at: string;
}

export type KitSubscriberState = 'active' | 'inactive' | 'bounced' | 'complained' | 'cancelled';

export interface KitSubscriber {
  id: number;
  first_name: string | null;
  email_address: string;
  state: KitSubscriberState;
  created_at: string;
  fields: Record<string, string | null>;
}

export interface KitPagination {
  has_previous_page: boolean;
  has_next_page: boolean;
  start_cursor: string | null;
  end_cursor: string | null;
  per_page: number;
}

export interface SubscriberPage {
  subscribers: KitSubscriber[];
  pagination: KitPagination;
}

export interface CustomFieldsResult {
  created: string[];
  existing: string[];
}

export type TagLinkResult = 'unchanged' | 'linked' | 'created' | 'missing';

export interface TagLinksResult {
  tags: Array<{ id: string; name: string; kit_tag_name: string | null; kit_tag_id: number | null; result: TagLinkResult }>;
}

export interface CheckResult {
  kit_id: number | null;
  subscriber: KitSubscriber | null;
}

export interface SyncResult {
  kit_id: number;
  created: boolean;
  tags: Array<{ name: string; kit_tag_id: number }>;
  message: string;
}

export interface BatchProgress {
  batch_id: string;
  total: number;
  done: number;
  failed: number;
  queued: number;
  running: number;
  finished: boolean;
  /** Each message reads "Failed to sync {email}: {message or Unknown error}". */
  failures: Array<{ contact_id: string; email: string; message: string }>;
}

export interface KitSyncState {
  contact_id: string;
  state: 'never' | 'queued' | 'running' | 'synced' | 'failed';
  last_synced_at: string | null;
  error: string | null;
  attempts: number;
  next_attempt_at: string | null;
}

/** The server refuses Kit work without a saved key: the contacts screen words that case itself. */
export const isKeyMissing = (error: unknown) => error instanceof ApiError && error.code === 'kit_not_configured';

export function useKitSettings() {
  return useQuery({ queryKey: queryKeys.kit.settings, queryFn: () => get<KitKeyStatus>('/api/kit/settings') });
}

/** What Kit itself answered for the saved key: forgotten when the key changes, so nothing of another key shows. */
const forgetAccountData = (client: QueryClient) => {
  for (const queryKey of Object.values(queryKeys.kit.account)) client.removeQueries({ queryKey });
};

export function useSaveKitKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => put<KitKeyStatus>('/api/kit/settings', { api_key: apiKey }),
    onSuccess: (status) => {
      forgetAccountData(client);
      client.setQueryData(queryKeys.kit.settings, status);
    },
  });
}

export function useClearKitKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del('/api/kit/settings'),
    onSuccess: () => {
      forgetAccountData(client);
      client.setQueryData<KitKeyStatus>(queryKeys.kit.settings, { configured: false, masked_key: null, updated_at: new Date().toISOString() });
    },
  });
}

/** Tests the saved key (GET /account in Kit); `ok: false` carries "HTTP {status}: {statusText}". */
export function useKitConnection(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.kit.account.connection,
    queryFn: () => post<ConnectionResult>('/api/kit/test-connection'),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Tests a key typed in but not saved yet. */
export function useTestTypedKey() {
  return useMutation({ mutationFn: (apiKey: string) => post<ConnectionResult>('/api/kit/test-connection', { api_key: apiKey }) });
}

export function useKitStats(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.kit.account.stats, queryFn: () => get<KitStats>('/api/kit/stats'), enabled, retry: false });
}

export function useKitForms(enabled = true) {
  return useQuery({
    queryKey: queryKeys.kit.account.forms,
    queryFn: async () => (await get<{ forms: KitForm[] }>('/api/kit/forms')).forms,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useKitTags(enabled = true) {
  return useQuery({
    queryKey: queryKeys.kit.account.tags,
    queryFn: async () => (await get<{ tags: KitTag[] }>('/api/kit/tags')).tags,
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
      return get<SubscriberPage>(`/api/kit/subscribers?${params}`);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCreateCustomFields() {
  return useMutation({ mutationFn: () => post<CustomFieldsResult>('/api/kit/custom-fields') });
}

/** The CRM's tags (src/server/tags), to show which ones are linked to Kit tags. */
export function useCrmTags() {
  return useQuery({ queryKey: queryKeys.tags, queryFn: async () => (await apiParsed(tagListResponseSchema, 'GET', TAG_PATHS.list)).tags });
}

export function useLinkTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (createMissing: boolean) => post<TagLinksResult>('/api/kit/tag-links', { create_missing: createMissing }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.tags }), client.invalidateQueries({ queryKey: queryKeys.kit.account.tags })]),
  });
}

export const checkContactInKit = (contactId: string) => post<CheckResult>(`/api/kit/contacts/${contactId}/check`);

export const syncContactToKit = (contactId: string, tagNames: string[]) =>
  post<SyncResult>(`/api/kit/contacts/${contactId}/sync`, { tag_names: tagNames });

export const startSyncBatch = (contactIds: string[], tagNames: string[]) =>
  post<{ batch_id: string; total: number }>('/api/kit/sync-batches', { contact_ids: contactIds, tag_names: tagNames });

export const getBatchProgress = (batchId: string) => get<BatchProgress>(`/api/kit/sync-batches/${batchId}`);

export const retrySyncBatch = (batchId: string) => post<{ requeued: number }>(`/api/kit/sync-batches/${batchId}/retry`);

export const getSyncStates = (contactIds: string[]) =>
  get<{ states: Record<string, KitSyncState> }>(`/api/kit/sync-state?contact_ids=${contactIds.map(encodeURIComponent).join(',')}`);
