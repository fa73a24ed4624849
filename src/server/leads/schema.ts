import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from '../contacts/schema.ts';
import { landingPages } from '../landing-pages/schema.ts';
import { tags } from '../tags/schema.ts';

/*
 * The leads feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

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

/**
 * A sign-up a bot made by filling the honeypot: nothing it sent is kept, only the made-up
 * submission id it was given and when that sign-up's pretend sync to Kit ends, so the sync state it
 * asks about reads like a real one's (waiting, then done). Kept a day.
 */
export const leadDecoys = pgTable('lead_decoys', {
  id: uuid('id').primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  synced_after: timestamp('synced_after', { withTimezone: true }).notNull(),
});

/**
 * The CRM tag each sign-up campaign (waiting_list, webinar) adds, by id: a renamed tag stays bound.
 * No row, or a deleted tag: the campaign's default tag is bound on the next sign-up (campaign-tags.ts).
 */
export const campaignTags = pgTable('campaign_tags', {
  campaign: text('campaign').primaryKey(),
  tag_id: uuid('tag_id').references(() => tags.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
