import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { KIT_SYNC_JOB_STATUSES } from '../../shared/kit/api.ts';
import { KIT_IMPORT_KINDS, KIT_IMPORT_PHASES, KIT_IMPORT_STATUSES, type KitImportSkipped } from '../../shared/kit/import.ts';
import { contacts } from '../contacts/schema.ts';
import { timestamps } from '../db/columns.ts';

/*
 * The Kit feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

export const kitSyncJobStatus = pgEnum('kit_sync_job_status', KIT_SYNC_JOB_STATUSES);

/** The outbox of syncs to Kit: durable, retried with back-off, shared safely by several instances. */
export const kitSyncJobs = pgTable(
  'kit_sync_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contact_id: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tag_names: text('tag_names').array().notNull().default(sql`'{}'::text[]`),
    /** Groups the jobs of one bulk request, for its progress bar. */
    batch_id: uuid('batch_id'),
    status: kitSyncJobStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    last_error: text('last_error'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('kit_sync_jobs_due_idx').on(t.run_after).where(sql`${t.status} = 'queued'`),
    index('kit_sync_jobs_contact_idx').on(t.contact_id, t.created_at.desc()),
    // One request never syncs a contact twice.
    uniqueIndex('kit_sync_jobs_batch_contact_key').on(t.batch_id, t.contact_id),
  ],
);

export const kitImportKind = pgEnum('kit_import_kind', KIT_IMPORT_KINDS);
export const kitImportStatus = pgEnum('kit_import_status', KIT_IMPORT_STATUSES);
export const kitImportPhase = pgEnum('kit_import_phase', KIT_IMPORT_PHASES);

/**
 * An import from Kit or a reconciliation pass (import/): a phase and Kit's cursor within it, saved
 * with each page's writes, so whichever instance takes the job over after its lease ran out goes on
 * from the last page written. One job runs at a time.
 */
export const kitImportJobs = pgTable(
  'kit_import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: kitImportKind('kind').notNull(),
    status: kitImportStatus('status').notNull().default('running'),
    phase: kitImportPhase('phase').notNull().default('tags'),
    /** Kit's time for what the job reads (lists give no state time): when the job began. */
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** A reconciliation reads what changed since then (the previous pass's start). */
    since: timestamp('since', { withTimezone: true }),
    /** Kit's tags whose holders the job reads, in order; tag_index is the one being read. */
    kit_tag_ids: bigint('kit_tag_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    tag_index: integer('tag_index').notNull().default(0),
    /** Kit's cursor within the phase (null: its first page). */
    cursor: text('cursor'),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Subscribers left out as people erased before (only counted, never listed). */
    erased: integer('erased').notNull().default(0),
    /** The owner chose to bring back people erased before (a reconciliation pass never does). */
    include_erased: boolean('include_erased').notNull().default(false),
    skipped_items: jsonb('skipped_items').$type<KitImportSkipped[]>().notNull().default([]),
    requests: integer('requests').notNull().default(0),
    paused_until: timestamp('paused_until', { withTimezone: true }),
    error: text('error'),
    lock_token: uuid('lock_token'),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kit_import_jobs_one_running').on(t.status).where(sql`${t.status} = 'running'`),
    index('kit_import_jobs_kind_started_idx').on(t.kind, t.started_at.desc()),
  ],
);

/** Who holds which Kit tags, read tag by tag and kept until the subscriber's page is written. */
export const kitImportMemberships = pgTable(
  'kit_import_memberships',
  {
    job_id: uuid('job_id')
      .notNull()
      .references(() => kitImportJobs.id, { onDelete: 'cascade' }),
    kit_subscriber_id: bigint('kit_subscriber_id', { mode: 'number' }).notNull(),
    kit_tag_ids: bigint('kit_tag_ids', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.job_id, t.kit_subscriber_id] })],
);

/**
 * Events Kit delivered to the webhook endpoint (webhooks/), kept by Kit's event id: a delivery
 * retried, or an event sent twice, finds its id taken and is stored (so applied) once. The worker
 * applies unprocessed events in Kit's time order; processed ones are kept for a while, so a late
 * duplicate still finds its id, and so an older tag event never undoes a newer one.
 */
export const kitWebhookEvents = pgTable(
  'kit_webhook_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    /** The event's `created`: Kit's time of what happened. */
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull(),
    kit_subscriber_id: bigint('kit_subscriber_id', { mode: 'number' }).notNull(),
    kit_tag_id: bigint('kit_tag_id', { mode: 'number' }),
    delivery_id: text('delivery_id').notNull(),
    /** The event as Kit sent it. */
    payload: jsonb('payload').notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    /** What applying it did when that was not the usual (skipped, and why). */
    outcome: text('outcome'),
  },
  (t) => [
    index('kit_webhook_events_pending_idx').on(t.occurred_at, t.id).where(sql`${t.processed_at} is null`),
    index('kit_webhook_events_tag_idx').on(t.kit_subscriber_id, t.kit_tag_id, t.occurred_at).where(sql`${t.kit_tag_id} is not null`),
    index('kit_webhook_events_processed_idx').on(t.processed_at),
  ],
);

/**
 * Unsubscribes owed to Kit for erased people (unsubscribes.ts): the erasure deletes the contact and
 * its syncs, so this row, not tied to any contact, carries the email or Kit id until Kit confirmed;
 * then both are cleared and only when and how it ended remain. Retried with back-off like syncs,
 * claimed FOR UPDATE SKIP LOCKED by any instance's worker.
 */
export const kitUnsubscribes = pgTable(
  'kit_unsubscribes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    kit_id: bigint('kit_id', { mode: 'number' }),
    status: kitSyncJobStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('kit_unsubscribes_due_idx').on(t.run_after).where(sql`${t.status} = 'queued'`)],
);
