import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { importReportSchema } from './api.ts';
import { BULK_JOB_STATUSES } from './bulk.ts';

/**
 * A CSV import as a job (src/server/contacts/import.ts): `POST CONTACT_PATHS.import` checks every row
 * and answers with the job; a file of one batch is imported before the answer, a larger one goes on
 * in the background while the screen reads its progress here.
 */

/**
 * Rows written per transaction. The embedded database runs on the server's only thread and holds it
 * for a whole batch, so a batch is kept well under the half second any request may wait behind an
 * import (`npm run bench:import` measures the longest wait).
 */
export const IMPORT_BATCH_SIZE = 250;

export const IMPORT_JOB_STATUSES = BULK_JOB_STATUSES;

export const IMPORT_JOB_PATHS = {
  /** GET a job's progress, and its report once done. */
  job: routePath('/api/contacts/import-jobs/:id'),
} as const;

export const importJobParamsSchema = z.object({ id: z.uuid({ error: 'Not an import id' }) });

export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  file_name: z.string().nullable(),
  /** Rows to write: the file's rows less those left out by the checks (the Import button's count). */
  total: z.number().int(),
  /** Of them, rows handled so far. */
  done: z.number().int(),
  /** What the import has done so far (the report's figures); `invalid` counts rows. */
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Rows left out as people erased before. */
  erased: z.number().int(),
  invalid: z.number().int(),
  /** The whole report, every row left out with its reason, once the job is done. */
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type ImportJob = z.output<typeof importJobSchema>;
export const importJobResponseSchema = z.object({ job: importJobSchema });

export const IMPORT_JOB_MESSAGES = {
  notFound: 'Import not found',
  stopped: 'The import stopped before it finished; the rows imported until then keep their change. Import the file again to add the rest.',
} as const;
