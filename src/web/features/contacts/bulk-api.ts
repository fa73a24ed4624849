import { useQuery } from '@tanstack/react-query';
import { BULK_PATHS, bulkJobResponseSchema, type BulkJobInput, type SelectionExport } from '@shared/contacts/bulk.ts';
import { ApiError, apiParsed, send } from '@web/lib/api.ts';
import { attachmentName, saveFile } from '@web/lib/download.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** While a bulk job runs, its progress is read this often. */
const POLL_MS = 1000;

/** Starts a bulk tag, untag or delete; a small one comes back finished. */
export const startBulkJob = async (request: BulkJobInput) => (await apiParsed(bulkJobResponseSchema, 'POST', BULK_PATHS.jobs, request)).job;

/** A bulk job's progress, polled until it is over. */
export function useBulkJob(id: string) {
  return useQuery({
    queryKey: queryKeys.contacts.bulkJob(id),
    queryFn: async () => (await apiParsed(bulkJobResponseSchema, 'GET', BULK_PATHS.job.path({ id }))).job,
    refetchInterval: (query) => (query.state.data?.status !== 'running' || query.state.error ? false : POLL_MS),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
    staleTime: 0,
  });
}

/** Downloads the CSV of the selected contacts (posted: a selection of ids is too long for a URL). */
export async function downloadSelectionCsv(request: SelectionExport): Promise<void> {
  const response = await send(BULK_PATHS.exportCsv, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  saveFile(await response.blob(), attachmentName(response.headers.get('content-disposition')) ?? 'contacts.csv');
}
