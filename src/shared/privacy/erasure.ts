import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { contactSelectionSchema } from '../contacts/bulk.ts';

/**
 * A person's rights over their data (src/server/privacy/erasure-routes.ts): a copy of everything
 * kept about them (person-export.ts), erasure (of one contact, or of a selection as a bulk action),
 * the log erasure leaves, and the consent records of a selection as CSV.
 */

export const PRIVACY_PATHS = {
  /** GET: the person's data as a JSON file (PersonExport). */
  personExport: routePath('/api/contacts/:id/privacy-export'),
  /** POST: erases the contact; 204. */
  erase: routePath('/api/contacts/:id/erase'),
  /** GET: the erasure log and Kit's unsubscribes (ErasureLog). */
  erasures: '/api/privacy/erasures',
  /** POST: queues the failed Kit unsubscribes again. */
  retryUnsubscribes: '/api/privacy/kit-unsubscribes/retry',
  /** POST a ConsentCsvRequest: the consent records of those contacts, a CSV file. */
  consentCsv: '/api/privacy/consent-records.csv',
} as const;

export const erasureSchema = z.object({
  id: z.string(),
  erased_at: timestamp,
  /** The staff member who erased (null: removed since). */
  erased_by: z.string().nullable(),
});
export type Erasure = z.output<typeof erasureSchema>;

export const ERASURE_LOG_LIMIT = 100;

export const erasureLogSchema = z.object({
  total: z.number().int(),
  /** The newest ERASURE_LOG_LIMIT. */
  erasures: z.array(erasureSchema),
  kit_unsubscribes: z.object({ waiting: z.number().int(), failed: z.number().int(), done: z.number().int() }),
});
export type ErasureLog = z.output<typeof erasureLogSchema>;

export const retryUnsubscribesResponseSchema = z.object({ queued: z.number().int() });

export const consentCsvRequestSchema = z.object({ selection: contactSelectionSchema });
export type ConsentCsvRequest = z.input<typeof consentCsvRequestSchema>;

export const CONSENT_CSV_COLUMNS = [
  'email',
  'source',
  'statement_kind',
  'statement_version',
  'language',
  'statement_text',
  'page_url',
  'given_at',
  'kit_form_id',
  'confirmed_at',
] as const;

export const ERASURE_MESSAGES = {
  /** The confirmation: it names the person. */
  confirmTitle: (name: string) => `Erase ${name}?`,
  confirmBody:
    'This deletes the contact, their timeline, sign-ups and consent records, and tells Kit to unsubscribe them. It cannot be undone. Only the date, who erased, and a code that cannot be turned back into the email remain, so that an import can warn before bringing them back.',
  bulkConfirmBody: 'Each contact is deleted with their timeline, sign-ups and consent records, and Kit is told to unsubscribe them. This cannot be undone.',
  /** How erasing differs from deleting, said where both are offered. */
  differsFromDelete:
    'Delete removes the contacts with their timelines and sign-ups, and leaves them subscribed in Kit. Erase also removes every other trace of their email (import reports, what Kit sent), tells Kit to unsubscribe them, and records that they were erased.',
  erased: (name: string) => `${name} was erased.`,
  exportFileName: (contactId: string) => `person-${contactId}.json`,
} as const;


const figure = (n: number) => n.toLocaleString('en-US');

/**
 * What the imports (CSV and Kit) say about people erased before: only how many, never who. They are
 * left out unless the owner chooses to bring them back.
 */
export const ERASED_IMPORT_MESSAGES = {
  warning: (n: number) => `${n === 1 ? '1 of these people was' : `${figure(n)} of these people were`} erased before.`,
  choice: 'People erased before',
  skip: 'Skip them',
  skipHint: 'They stay erased: their rows are not imported.',
  importAnyway: 'Import them anyway',
  importAnywayHint: 'Only when they asked to be added again: they come back as new contacts.',
  skipped: (n: number) => `${figure(n)} skipped: erased before`,
  checkFailed: 'Could not check the rows for people erased before; the import skips them anyway.',
  kitInclude: 'Also bring back people erased before',
  kitIncludeHint: 'Left off, Kit subscribers whose email was erased in this CRM are skipped and only counted.',
} as const;
