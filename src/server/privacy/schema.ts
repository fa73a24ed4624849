import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.ts';
import { contacts } from '../contacts/schema.ts';
import { leadSubmissions } from '../leads/schema.ts';

/*
 * The privacy feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

/**
 * What a person agrees to next to a form, per sign-up kind (SIGNUP_KINDS), in both languages. A row
 * is never changed: editing a statement adds the next version, and consent records point at the
 * version they were given under, so the exact words stay provable. The migration adds version 1 of
 * each kind.
 */
export const consentStatements = pgTable(
  'consent_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    text_en: text('text_en').notNull(),
    text_de: text('text_de').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consent_statements_kind_version_key').on(t.kind, t.version),
    check('consent_statements_kind_check', sql`${t.kind} in ('waiting_list', 'webinar', 'landing_page')`),
  ],
);

/**
 * One per sign-up: which statement version the person was shown, in which language, on which page
 * and when; and, when the source joins a Kit form (double opt-in), that form and when Kit reported
 * the person confirmed. Goes with the contact (an erasure deletes it).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contact_id: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    submission_id: uuid('submission_id').references(() => leadSubmissions.id, { onDelete: 'cascade' }),
    statement_id: uuid('statement_id')
      .notNull()
      .references(() => consentStatements.id, { onDelete: 'restrict' }),
    /** The sign-up source key (SignupSourceKey). */
    source: text('source').notNull(),
    language: text('language').notNull(),
    page_url: text('page_url').notNull(),
    given_at: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    kit_form_id: bigint('kit_form_id', { mode: 'number' }),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('consent_records_contact_idx').on(t.contact_id, t.given_at),
    // Unconfirmed double opt-in sign-ups by age, for the retention job.
    index('consent_records_unconfirmed_idx').on(t.given_at).where(sql`${t.kit_form_id} is not null and ${t.confirmed_at} is null`),
    check('consent_records_language_check', sql`${t.language} in ('en', 'de')`),
  ],
);

/** The Kit form a sign-up source joins (double opt-in); no row: sign-ups are added as today. */
export const signupKitForms = pgTable('signup_kit_forms', {
  source: text('source').primaryKey(),
  kit_form_id: bigint('kit_form_id', { mode: 'number' }).notNull(),
  kit_form_name: text('kit_form_name').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What remains of an erased person: when, by whom, and a salted hash of the email (HMAC with the
 * instance secret), so that a later import or sign-up can warn before bringing them back. No
 * personal data.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    erased_at: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
    erased_by: uuid('erased_by').references(() => users.id, { onDelete: 'set null' }),
    email_hash: text('email_hash').notNull(),
  },
  (t) => [index('erasures_email_hash_idx').on(t.email_hash)],
);
