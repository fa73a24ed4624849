import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { safeText } from '../text/safe-text.ts';
import { TAG_NAME_MAX } from '../tags/api.ts';
import { contactFiltersSchema, CONTACT_SORTS, SORT_ORDERS } from './list.ts';

/**
 * Bulk actions on the contacts screen (src/server/contacts/bulk-routes.ts): which contacts they
 * apply to, and the background jobs that tag, untag or delete them a batch at a time.
 */

/** Rows one selection may name one by one; beyond that, "select all that match" names the filter instead. */
export const SELECTION_IDS_MAX = 10_000;
/** Contacts a job handles per transaction: a crash loses at most one uncommitted batch, and resumes after the last. */
export const BULK_BATCH_SIZE = 500;

/** The rows ticked on screen, or every contact matching the view's search and filters (at the moment the job starts). */
export const contactSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ids'), ids: z.array(z.uuid()).min(1).max(SELECTION_IDS_MAX) }),
  z.object({ kind: z.literal('matching'), filters: contactFiltersSchema.omit({ sort: true, order: true }) }),
]);
export type ContactSelection = z.output<typeof contactSelectionSchema>;
export type ContactSelectionInput = z.input<typeof contactSelectionSchema>;

export const bulkJobParamsSchema = z.object({ id: z.uuid({ error: 'Not a bulk job id' }) });

/** 'delete' removes the contacts; 'erase' also removes every trace of them and unsubscribes them in Kit (privacy). */
export const BULK_ACTIONS = ['tag', 'untag', 'delete', 'erase'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_JOB_STATUSES = ['running', 'done', 'failed'] as const;

const tagName = safeText().trim().min(1, 'Choose a tag').max(TAG_NAME_MAX);

export const bulkJobRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('tag'), tag: tagName, selection: contactSelectionSchema }),
  z.object({ action: z.literal('untag'), tag: tagName, selection: contactSelectionSchema }),
  z.object({ action: z.literal('delete'), selection: contactSelectionSchema }),
  z.object({ action: z.literal('erase'), selection: contactSelectionSchema }),
]);
export type BulkJobRequest = z.output<typeof bulkJobRequestSchema>;
export type BulkJobInput = z.input<typeof bulkJobRequestSchema>;

export const bulkJobSchema = z.object({
  id: z.string(),
  action: z.enum(BULK_ACTIONS),
  tag: z.string().nullable(),
  status: z.enum(BULK_JOB_STATUSES),
  /** Contacts selected when the job started. */
  total: z.number().int(),
  /** Contacts handled so far (changed, or already as asked, or deleted meanwhile). */
  done: z.number().int(),
  /** Contacts the job actually changed: tagged, untagged or deleted. */
  changed: z.number().int(),
  error: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type BulkJob = z.output<typeof bulkJobSchema>;
export const bulkJobResponseSchema = z.object({ job: bulkJobSchema });

/** The CSV of a selection, in the view's order. */
export const selectionExportSchema = z.object({
  selection: contactSelectionSchema,
  sort: z.enum(CONTACT_SORTS).default('created_at'),
  order: z.enum(SORT_ORDERS).optional(),
});
export type SelectionExport = z.input<typeof selectionExportSchema>;

export const BULK_PATHS = {
  /** POST starts a job (BulkJobRequest). */
  jobs: '/api/contacts/bulk-jobs',
  /** GET a job's progress. */
  job: routePath('/api/contacts/bulk-jobs/:id'),
  /** POST a SelectionExport: the CSV file of those contacts. */
  exportCsv: '/api/contacts/export-selection.csv',
} as const;

export const BULK_MESSAGES = {
  jobNotFound: 'Bulk action not found',
  nothingSelected: 'None of the selected contacts exist any more.',
  tagGone: (tag: string) => `The tag "${tag}" no longer exists; the contacts handled before it was removed keep their change.`,
  failed: 'The bulk action stopped because of an error; the contacts handled before it keep their change.',
} as const;
