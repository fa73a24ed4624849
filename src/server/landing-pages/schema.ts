import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAGE_TYPES } from '../../shared/landing-pages/page-types.ts';
import { users } from '../auth/schema.ts';
import { timestamps } from '../db/columns.ts';

/*
 * The landing pages feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

export const pageType = pgEnum('page_type', PAGE_TYPES);

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
    /** Search and link-preview settings (page-settings.ts), saved with the content; null: none set. */
    settings: jsonb('settings'),
    /**
     * Counts the saves of the content: a save names the version it started from and is refused when
     * another came in between (optimistic concurrency). Toggling is_active is no content save.
     */
    version: integer('version').notNull().default(1),
    /** Who saved the content last (null: before accounts recorded it, or the user was removed). */
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('landing_pages_created_at_idx').on(t.created_at.desc()),
    check('landing_pages_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) between 3 and 50`),
  ],
);

/**
 * Earlier saves of a page's content, the last PAGE_VERSIONS_KEPT per page (the service prunes older
 * ones in the transaction of each save). `version` is the page's version that save produced.
 */
export const landingPageVersions = pgTable(
  'landing_page_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    landing_page_id: uuid('landing_page_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    page_type: pageType('page_type').notNull(),
    settings: jsonb('settings'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('landing_page_versions_page_version_key').on(t.landing_page_id, t.version)],
);

/**
 * Views of published pages: one counter row per page and day, no cookie and no personal data. A view
 * is one visitor's first visit of the page that day (landing_page_visitors decides), whichever
 * instance saw it.
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

/**
 * Who visited a page today, each as a hash of their address and browser salted with the day's salt
 * (never the address or the browser): one row per page, day and visitor, so a visitor counts once
 * across instances. Rows of earlier days are deleted together with their day's salt.
 */
export const landingPageVisitors = pgTable(
  'landing_page_visitors',
  {
    landing_page_id: uuid('landing_page_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.landing_page_id, t.day, t.visitor] })],
);

/**
 * Each day's random salt for the visitor hashes, shared by all instances and kept apart from them.
 * Deleted once its day is over: that day's hashes can then no longer be linked to anyone.
 */
export const landingPageViewSalts = pgTable('landing_page_view_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * A/B tests: page A (the published page) against variant B, a page of its own that is never active
 * (so never served at its own address nor listed): while the test runs, A's visitors are assigned A
 * or B. One running test per page. Ended tests stay, with their winner, and B stays archived, so
 * the sign-ups recorded on B keep their page.
 */
export const landingPageTests = pgTable(
  'landing_page_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    page_a_id: uuid('page_a_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    page_b_id: uuid('page_b_id')
      .notNull()
      .unique()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    /** Share of visitors who get B, in percent. */
    split_percent: integer('split_percent').notNull(),
    /** A's views on the start day before the test began: the results count A's views since the start. */
    a_views_before: integer('a_views_before').notNull().default(0),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    winner: text('winner'),
  },
  (t) => [
    uniqueIndex('landing_page_tests_running_key').on(t.page_a_id).where(sql`${t.ended_at} is null`),
    check('landing_page_tests_split', sql`${t.split_percent} between 1 and 99`),
    check('landing_page_tests_winner', sql`${t.winner} in ('a', 'b') and ${t.ended_at} is not null or ${t.winner} is null and ${t.ended_at} is null`),
  ],
);
