import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RECURRENCE_FREQUENCIES } from '../../shared/calendar/constants.ts';
import { CONTACT_SOURCES, CONTACT_STATUSES } from '../../shared/contacts.ts';
import { KIT_SYNC_JOB_STATUSES } from '../../shared/kit/api.ts';
import { PAGE_TYPES } from '../../shared/landing-pages/page-types.ts';
import { DEFAULT_TAG_COLOR } from '../../shared/tags/api.ts';

/*
 * The whole schema. Field names follow the specification (snake_case), and the JSON API keeps them.
 * Every change here needs a migration: `npm run db:generate`.
 */

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const contactStatus = pgEnum('contact_status', CONTACT_STATUSES);
export const contactSource = pgEnum('contact_source', CONTACT_SOURCES);
export const pageType = pgEnum('page_type', PAGE_TYPES);
export const recurrenceFrequency = pgEnum('recurrence_frequency', RECURRENCE_FREQUENCIES);
export const kitSyncJobStatus = pgEnum('kit_sync_job_status', KIT_SYNC_JOB_STATUSES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role').notNull().default('admin'),
    /** Last sign-in or request, to the hour (sessions.ts writes it at most hourly). */
    last_active_at: timestamp('last_active_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** One-time links that let a new staff member set a password. Kept after use, so a used link can say so. */
export const userInvites = pgTable(
  'user_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; the account is created with this address. */
    email: text('email').notNull(),
    /** SHA-256 of the link's token: the link itself is shown once and never stored. */
    token_hash: text('token_hash').notNull().unique(),
    invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_invites_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token: a leaked table does not sign anyone in. */
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id), index('sessions_expires_at_idx').on(t.expires_at)],
);

/** Fixed-window counters for sign-in throttling, shared by every server instance. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    url_parameters: jsonb('url_parameters').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_email_lower_key').on(sql`lower(${t.email})`),
    index('contacts_created_at_idx').on(t.created_at.desc()),
    // Filter by status or source, newest first (the list's default order), without a sort step.
    index('contacts_status_created_idx').on(t.status, t.created_at.desc().nullsLast(), t.id.desc()),
    index('contacts_source_created_idx').on(t.source, t.created_at.desc().nullsLast(), t.id.desc()),
    // Sorting by name: the display name the list shows (full name, else first + last, else email).
    index('contacts_name_sort_idx').on(
      sql`lower(coalesce(nullif(${t.full_name}, ''), nullif(trim(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '')), ''), ${t.email}))`,
      t.id,
    ),
    index('contacts_tags_idx').using('gin', t.tags),
    // Free-text search over email and names (ILIKE '%…%'); the extension comes from migration 0000.
    index('contacts_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.email}, '') || ' ' || coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '') || ' ' || coalesce(${t.full_name}, '')) gin_trgm_ops`,
    ),
  ],
);

export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  color: text('color').notNull().default(DEFAULT_TAG_COLOR),
  kit_tag_name: text('kit_tag_name'),
  kit_tag_id: bigint('kit_tag_id', { mode: 'number' }),
  ...timestamps,
});

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const landingPages = pgTable(
  'landing_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    content: text('content').notNull().default(''),
    page_type: pageType('page_type').notNull().default('builder'),
    is_active: boolean('is_active').notNull().default(true),
    builder_config: jsonb('builder_config'),
    ...timestamps,
  },
  (t) => [
    index('landing_pages_created_at_idx').on(t.created_at.desc()),
    check('landing_pages_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) between 3 and 50`),
  ],
);

/**
 * Views of published pages: one counter row per page and day, no cookie and no personal data. Each
 * instance adds its own counts, so several instances sum correctly.
 */
export const landingPageViews = pgTable(
  'landing_page_views',
  {
    landing_page_id: uuid('landing_page_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.landing_page_id, t.day] })],
);

export const leadSubmissions = pgTable(
  'lead_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contact_id: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    landing_page_id: uuid('landing_page_id').references(() => landingPages.id, { onDelete: 'set null' }),
    form_data: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_submissions_contact_id_idx').on(t.contact_id),
    // Sign-ups per page and day, for the landing pages' figures.
    index('lead_submissions_page_idx').on(t.landing_page_id, t.created_at),
  ],
);

export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Where the file sits in storage (a random name, never the uploader's). */
    storage_key: text('storage_key').notNull().unique(),
    size: integer('size').notNull(),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    landing_page_id: uuid('landing_page_id').references(() => landingPages.id, { onDelete: 'set null' }),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    mime_type: text('mime_type').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    usage_count: integer('usage_count').notNull().default(0),
  },
  (t) => [index('uploaded_images_uploaded_at_idx').on(t.uploaded_at.desc()), index('uploaded_images_user_id_idx').on(t.user_id)],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: text('event_id').notNull().unique(),
    title: text('title').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    end_time: text('end_time').notNull(),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    guests: text('guests').notNull().default(''),
    organizer_name: text('organizer_name').notNull().default(''),
    organizer_email: text('organizer_email').notNull().default(''),
    reminder_enabled: boolean('reminder_enabled').notNull().default(true),
    reminder_minutes: integer('reminder_minutes').notNull().default(30),
    recurrence_enabled: boolean('recurrence_enabled').notNull().default(false),
    recurrence_frequency: recurrenceFrequency('recurrence_frequency').notNull().default('WEEKLY'),
    recurrence_interval: integer('recurrence_interval').notNull().default(1),
    recurrence_count: integer('recurrence_count'),
    recurrence_until: date('recurrence_until', { mode: 'string' }),
    source_website: text('source_website').notNull().default(''),
    source_name: text('source_name').notNull().default(''),
    ...timestamps,
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('calendar_events_created_by_idx').on(t.created_by, t.created_at.desc()),
    check('calendar_events_times_format', sql`${t.start_time} ~ '^\\d{2}:\\d{2}$' and ${t.end_time} ~ '^\\d{2}:\\d{2}$'`),
    check('calendar_events_reminder_minutes_min', sql`${t.reminder_minutes} >= 1`),
    check('calendar_events_recurrence_interval_min', sql`${t.recurrence_interval} >= 1`),
    check('calendar_events_recurrence_count_min', sql`${t.recurrence_count} is null or ${t.recurrence_count} >= 1`),
  ],
);

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

export const schema = {
  users,
  userInvites,
  sessions,
  authThrottle,
  contacts,
  tags,
  appSettings,
  landingPages,
  landingPageViews,
  leadSubmissions,
  uploadedImages,
  calendarEvents,
  kitSyncJobs,
};
