import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { KIT_SYNC_JOB_STATUSES } from '../../shared/kit/api.ts';
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
