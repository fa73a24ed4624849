import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  CONTACT_PATHS,
  contactListResponseSchema,
  contactResponseSchema,
  contactStatsSchema,
} from '@shared/contacts/api.ts';
import { importErasedResponseSchema, type ImportRequest } from '@shared/contacts/csv.ts';
import { IMPORT_JOB_PATHS, importJobResponseSchema, type ImportJob } from '@shared/contacts/import-job.ts';
import type { ContactInput } from '@shared/contacts/form.ts';
import { TAG_PATHS, tagListResponseSchema } from '@shared/tags/api.ts';
import { CONTACT_TIMELINE_PATHS, timelineResponseSchema } from '@shared/contacts/timeline.ts';
import { ApiError, apiParsed, del } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { queryKeys } from '@web/lib/query-keys.ts';
import { contactListPath, viewParams, type ContactView } from './contact-view.ts';

/** The contacts API (src/server/contacts/routes.ts) as TanStack Query hooks; every answer is parsed by its contract schema. */

/** The filtered, sorted list, a page at a time (keyset cursors), loaded further as the table scrolls. */
export const contactListQuery = (view: ContactView) =>
  infiniteQueryOptions({
    queryKey: queryKeys.contacts.list(view),
    queryFn: ({ pageParam }) => apiParsed(contactListResponseSchema, 'GET', contactListPath(view, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search loads, the rows of the previous one stay on screen.
    placeholderData: keepPreviousData,
    retry: 1,
  });

export const useContactList = (view: ContactView) => useInfiniteQuery(contactListQuery(view));

export function useContactStats() {
  return useQuery({
    queryKey: queryKeys.contacts.stats,
    queryFn: () => apiParsed(contactStatsSchema, 'GET', CONTACT_PATHS.stats),
  });
}

/** The configured tags: the only ones a contact may carry (the tags screen's list, cached once). */
export function useTagOptions() {
  return useQuery({
    queryKey: queryKeys.tags,
    queryFn: async () => (await apiParsed(tagListResponseSchema, 'GET', TAG_PATHS.list)).tags,
  });
}

/** Marks every contact query, and the dashboard that counts contacts, stale; those on screen refetch. */
export function useRefreshContacts() {
  const client = useQueryClient();
  return useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.contacts.all }), client.invalidateQueries({ queryKey: queryKeys.dashboard })]),
    [client],
  );
}

/** Creates a contact, or replaces the fields of the one with `id`. */
export function useSaveContact() {
  const invalidate = useRefreshContacts();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: ContactInput }) =>
      id
        ? apiParsed(contactResponseSchema, 'PUT', CONTACT_PATHS.one.path({ id }), values)
        : apiParsed(contactResponseSchema, 'POST', CONTACT_PATHS.list, values),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useRefreshContacts();
  return useMutation({
    mutationFn: (id: string) => del(CONTACT_PATHS.one.path({ id })),
    onSuccess: invalidate,
  });
}

/** Starts an import: the answer is its job, finished already for a file of one batch. */
export function useImportContacts() {
  const invalidate = useRefreshContacts();
  return useMutation({
    mutationFn: async (request: ImportRequest) => (await apiParsed(importJobResponseSchema, 'POST', CONTACT_PATHS.import, request)).job,
    onSuccess: (job) => (job.status === 'running' ? undefined : invalidate()),
  });
}

/** A number per list of emails, so the query's key stays small whatever the file's size. */
const emailListIds = new WeakMap<readonly string[], number>();
let nextEmailListId = 0;
const emailListId = (emails: readonly string[]) => {
  let id = emailListIds.get(emails);
  if (id === undefined) emailListIds.set(emails, (id = ++nextEmailListId));
  return id;
};

/**
 * How many of these emails (an import's ready rows) name people erased before who are not contacts
 * now. The server compares; only the count comes back. Null: not asked (the rows are being checked).
 */
export function useImportErasedCount(emails: readonly string[] | null) {
  return useQuery({
    queryKey: queryKeys.contacts.importErased(emails ? emailListId(emails) : 0),
    queryFn: async () => (await apiParsed(importErasedResponseSchema, 'POST', CONTACT_PATHS.importErased, { emails })).erased,
    enabled: emails !== null && emails.length > 0,
    staleTime: Infinity,
    retry: 1,
  });
}

/** While an import runs, its progress is read this often. */
const IMPORT_POLL_MS = 1000;

/** An import's progress, read until it is over (`started`: the answer that started it, shown at once). */
export function useImportJob(id: string | null, started?: ImportJob) {
  return useQuery({
    queryKey: queryKeys.contacts.importJob(id ?? ''),
    queryFn: async () => (await apiParsed(importJobResponseSchema, 'GET', IMPORT_JOB_PATHS.job.path({ id: id! }))).job,
    enabled: id !== null,
    initialData: started?.id === id ? started : undefined,
    refetchInterval: (query) => (query.state.data?.status !== 'running' || query.state.error ? false : IMPORT_POLL_MS),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
    // The answer that started it is fresh: the first read follows a poll later.
    staleTime: IMPORT_POLL_MS,
  });
}

/** Downloads the CSV of exactly this view (search, filters and sort; every page of it). */
export function downloadContactsCsv(view: ContactView): Promise<void> {
  return downloadFile(`${CONTACT_PATHS.exportCsv}?${viewParams(view)}`, 'contacts.csv');
}

/** One contact, for its page. */
export function useContact(id: string) {
  return useQuery({
    queryKey: queryKeys.contacts.one(id),
    queryFn: async () => (await apiParsed(contactResponseSchema, 'GET', CONTACT_PATHS.one.path({ id }))).contact,
    retry: false,
  });
}

/** A contact's timeline, newest first, a page at a time (keyset: each page ends where the next begins). */
export function useContactTimeline(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.contacts.timeline(id),
    queryFn: ({ pageParam }) =>
      apiParsed(timelineResponseSchema, 'GET', `${CONTACT_TIMELINE_PATHS.events.path({ id })}${pageParam ? `?before=${pageParam}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
}
