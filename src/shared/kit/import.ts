import { z } from 'zod';
import { IMPORT_BATCH_SIZE } from '../contacts/import-job.ts';
import { timestamp } from '../http/codecs.ts';

/*
 * Taking in the list an owner already has in Kit (src/server/kit/import/): an import of every
 * subscriber, and the reconciliation passes that follow it for installations Kit cannot reach with
 * webhooks. Both are durable jobs: the screen starts an import and reads how far it got.
 */

export const KIT_IMPORT_PATHS = {
  /** GET the latest import and the latest reconciliation pass; POST starts an import. */
  import: '/api/kit/import',
} as const;

export const KIT_IMPORT_KINDS = ['import', 'reconciliation'] as const;
export type KitImportKind = (typeof KIT_IMPORT_KINDS)[number];

export const KIT_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

/**
 * In this order: Kit's tags (linked to CRM tags, created where missing), then who holds each tag
 * (one paged pass per tag, kept aside), then the subscribers page by page (contacts written with
 * their tags), then tag holders whose subscriber was not listed (a reconciliation's newly tagged).
 */
export const KIT_IMPORT_PHASES = ['tags', 'memberships', 'subscribers', 'leftover_tags', 'done'] as const;
export type KitImportPhase = (typeof KIT_IMPORT_PHASES)[number];

export const KIT_IMPORT_PHASE_LABELS: Record<KitImportPhase, string> = {
  tags: 'Reading Kit tags',
  memberships: 'Reading who holds each tag',
  subscribers: 'Importing subscribers',
  leftover_tags: 'Applying tags',
  done: 'Finished',
};

/** Tag holders asked for per request (Kit's largest page): kept aside, a cheap write. */
export const KIT_IMPORT_PAGE_SIZE = 1000;
/**
 * Subscribers asked for per request: each page is written in one transaction, which the embedded
 * database runs on the server's only thread, so a page is the CSV import's batch (well under the
 * half second a request may wait). 10,000 subscribers still cost 40 requests, a third of a minute of Kit's limit.
 */
export const KIT_IMPORT_SUBSCRIBER_PAGE_SIZE = IMPORT_BATCH_SIZE;
/** Skipped subscribers the summary lists one by one (the count covers them all). */
export const KIT_IMPORT_SKIPPED_LISTED = 500;

export const kitImportSkippedSchema = z.object({ email: z.string(), reason: z.string() });
export type KitImportSkipped = z.output<typeof kitImportSkippedSchema>;

export const kitImportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(KIT_IMPORT_KINDS),
  status: z.enum(KIT_IMPORT_STATUSES),
  phase: z.enum(KIT_IMPORT_PHASES),
  /** Subscribers Kit has to list (its total count), once known. */
  total: z.number().int().nullable(),
  /** Subscribers handled so far. */
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Subscribers left out as people erased before (counted, never listed). */
  erased: z.number().int(),
  /** The owner chose to bring back people erased before. */
  include_erased: z.boolean(),
  /** The first KIT_IMPORT_SKIPPED_LISTED skipped subscribers with why. */
  skipped_items: z.array(kitImportSkippedSchema),
  /** Requests made to Kit. */
  requests: z.number().int(),
  /** Set while Kit's rate limit holds the job back. */
  paused_until: timestamp.nullable(),
  error: z.string().nullable(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type KitImportJob = z.output<typeof kitImportJobSchema>;

/** POST KIT_IMPORT_PATHS.import: people erased before are left out unless `include_erased`. */
export const kitImportStartSchema = z.object({ include_erased: z.boolean().default(false) });
export type KitImportStart = z.input<typeof kitImportStartSchema>;

export const kitImportStateSchema = z.object({
  import: kitImportJobSchema.nullable(),
  reconciliation: kitImportJobSchema.nullable(),
});
export type KitImportState = z.output<typeof kitImportStateSchema>;

export const KIT_IMPORT_MESSAGES = {
  alreadyRunning: 'An import from Kit or a reconciliation pass is already running.',
  stopped: 'The import stopped: the server was shut down. It goes on from where it was when the server starts again.',
  invalidEmail: 'The email address is not valid',
  duplicateEmail: 'Another Kit subscriber in this page has the same email address',
  confirm:
    'Every subscriber in Kit, in every state, becomes a contact or updates the contact with the same email: first name, custom fields, Kit state and tags (CRM tags are created where missing). Fields Kit leaves empty and tags Kit does not have stay as they are in the CRM.',
} as const;
