import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_SOURCES, CONTACT_STATUSES } from '../../shared/contacts.ts';
import { timestamps } from '../db/columns.ts';

/*
 * The contacts feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

export const contactStatus = pgEnum('contact_status', CONTACT_STATUSES);
export const contactSource = pgEnum('contact_source', CONTACT_SOURCES);

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
