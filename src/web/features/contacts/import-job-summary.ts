import type { ImportJob } from '@shared/contacts/import-job.ts';
import { ERASED_IMPORT_MESSAGES } from '@shared/privacy/erasure.ts';

const number = (n: number) => n.toLocaleString('en-US');
const rows = (n: number) => `${number(n)} ${n === 1 ? 'row' : 'rows'}`;

/** What an import did or is doing, in a sentence. */
export function importJobSummary(job: ImportJob): string {
  const file = job.file_name ? ` from ${job.file_name}` : '';
  if (job.status === 'running') return `Importing contacts${file}: ${number(job.done)} of ${rows(job.total)}`;
  if (job.status === 'failed') return `Import stopped after ${number(job.done)} of ${rows(job.total)}: ${job.error ?? ''}`;
  const erased = job.erased > 0 ? `, ${ERASED_IMPORT_MESSAGES.skipped(job.erased)}` : '';
  return `Import finished: ${number(job.created)} created, ${number(job.updated)} updated, ${number(job.skipped)} skipped, ${number(job.invalid)} invalid${erased}`;
}
