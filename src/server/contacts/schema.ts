import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_SOURCES, CONTACT_STATUSES } from '../../shared/contacts.ts';
import type { ImportReport } from '../../shared/contacts/api.ts';
import type { ContactValues } from '../../shared/contacts/form.ts';
import { BULK_ACTIONS, BULK_JOB_STATUSES } from '../../shared/contacts/bulk.ts';
import { KIT_SUBSCRIBER_STATES } from '../../shared/kit/subscriber-state.ts';
import { CONTACT_EVENT_TYPES, type ContactEventActor, type ContactEventData } from '../../shared/contacts/timeline.ts';
import { timestamps } from '../db/columns.ts';

/*
 * The contacts feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

export const contactStatus = pgEnum('contact_status', CONTACT_STATUSES);
export const contactSource = pgEnum('contact_source', CONTACT_SOURCES);
export const kitSubscriberState = pgEnum('kit_subscriber_state', KIT_SUBSCRIBER_STATES);

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    full_name: text('full_name'),
    phone: text('phone'),
    address: text('address'),
    country: text('country'),
    linkedin: text('linkedin'),
    source: contactSource('source').notNull().default('manual'),
    status: contactStatus('status').notNull().default('lead'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    kit_id: bigint('kit_id', { mode: 'number' }),
    /** What Kit last said of this subscriber (null: Kit never said); only kit-state.ts writes it. */
    kit_state: kitSubscriberState('kit_state'),
    /** Kit's time of that state: a report older than it changes nothing (events arrive out of order). */
    kit_state_at: timestamp('kit_state_at', { withTimezone: true }),
    url_parameters: jsonb('url_parameters').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_email_lower_key').on(sql`lower(${t.email})`),
    index('contacts_created_at_idx').on(t.created_at.desc()),
    // Filter by status or source, newest first (the list's default order), without a sort step.
    index('contacts_status_created_idx').on(t.status, t.created_at.desc().nullsLast(), t.id.desc()),
    index('contacts_source_created_idx').on(t.source, t.created_at.desc().nullsLast(), t.id.desc()),
    index('contacts_kit_state_created_idx').on(t.kit_state, t.created_at.desc().nullsLast(), t.id.desc()),
    // Sorting by name: the display name the list shows (full name, else first + last, else email).
    index('contacts_name_sort_idx').on(
      sql`lower(coalesce(nullif(${t.full_name}, ''), nullif(trim(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '')), ''), ${t.email}))`,
      t.id,
    ),
    index('contacts_tags_idx').using('gin', t.tags),
    // One- and two-letter searches match the start of these (query.ts: PREFIX_COLUMNS), whatever the collation.
    index('contacts_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('contacts_first_name_prefix_idx').using('btree', sql`lower(${t.first_name}) text_pattern_ops`),
    index('contacts_last_name_prefix_idx').using('btree', sql`lower(${t.last_name}) text_pattern_ops`),
    index('contacts_full_name_prefix_idx').using('btree', sql`lower(${t.full_name}) text_pattern_ops`),
    // Free-text search over email and names (ILIKE '%…%'); the extension comes from migration 0000.
    index('contacts_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.email}, '') || ' ' || coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '') || ' ' || coalesce(${t.full_name}, '')) gin_trgm_ops`,
    ),
  ],
);

/** What only the system writes; every other column of contacts is a field a person fills. */
type SystemColumn = 'id' | 'kit_id' | 'kit_state' | 'kit_state_at' | 'url_parameters' | 'created_at' | 'updated_at';
type FieldColumns = Pick<typeof contacts.$inferSelect, Exclude<keyof typeof contacts.$inferSelect, SystemColumn>>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The compiler refuses a column a person fills that is not a CONTACT_FIELDS entry, an entry with no
 * column, and a column whose type is not what the entry's form gives (a text type is nullable text,
 * an enum its values, tags a text array).
 */
const _fieldsAreColumns: Same<FieldColumns, ContactValues> = true;

export const contactEventType = pgEnum('contact_event_type', CONTACT_EVENT_TYPES);

/**
 * A contact's timeline, append-only: each row is written in the transaction of the change it
 * records and never updated; rows go only with their contact. The list query never reads it.
 */
export const contactEvents = pgTable(
  'contact_events',
  {
    // Ascending in insertion order: it orders events of one transaction, which share their time.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contact_id: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    type: contactEventType('type').notNull(),
    actor: jsonb('actor').$type<ContactEventActor>().notNull(),
    /** The event's details; its `type` repeats the column, so the JSON reads on its own. */
    data: jsonb('data').$type<ContactEventData>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_events_contact_time_idx').on(t.contact_id, t.created_at.desc(), t.id.desc())],
);

export const contactBulkAction = pgEnum('contact_bulk_action', BULK_ACTIONS);
export const contactBulkStatus = pgEnum('contact_bulk_status', BULK_JOB_STATUSES);

/**
 * A bulk tag, untag or delete over a selection (bulk-jobs.ts): done a batch per transaction, by
 * whichever instance holds its lease (lock_token, renewed by each batch), resumed by another once
 * the lease runs out.
 */
export const contactBulkJobs = pgTable(
  'contact_bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: contactBulkAction('action').notNull(),
    tag: text('tag'),
    status: contactBulkStatus('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    error: text('error'),
    actor: jsonb('actor').$type<ContactEventActor>().notNull(),
    lock_token: uuid('lock_token'),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('contact_bulk_jobs_running_idx').on(t.created_at).where(sql`${t.status} = 'running'`)],
);

/** The contacts a job still has to handle, fixed when it starts; each batch deletes the rows it handled. */
export const contactBulkJobItems = pgTable(
  'contact_bulk_job_items',
  {
    job_id: uuid('job_id')
      .notNull()
      .references(() => contactBulkJobs.id, { onDelete: 'cascade' }),
    // No reference: a contact deleted meanwhile is simply skipped.
    contact_id: uuid('contact_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job_id, t.contact_id] })],
);

/**
 * A CSV import (import.ts), a batch of rows per transaction. Its rows to write live in the memory of
 * the instance running it, which renews locked_at with each batch: a job whose lease ran out cannot
 * go on anywhere and is shown as stopped. The rows the checks left out are kept for the report.
 */
export const contactImportJobs = pgTable('contact_import_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  // A job's states, the same as a bulk job's.
  status: contactBulkStatus('status').notNull().default('running'),
  file_name: text('file_name'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  /** Rows left out as people erased before (no emails kept: only the count). */
  erased: integer('erased').notNull().default(0),
  invalid: jsonb('invalid').$type<ImportReport['invalid']>().notNull().default([]),
  duplicates: jsonb('duplicates').$type<ImportReport['duplicates']>().notNull().default([]),
  error: text('error'),
  lock_token: uuid('lock_token'),
  locked_at: timestamp('locked_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
});
