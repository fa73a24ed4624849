import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.ts';
import { landingPages } from '../landing-pages/schema.ts';

/*
 * The images feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

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
  },
  (t) => [index('uploaded_images_uploaded_at_idx').on(t.uploaded_at.desc()), index('uploaded_images_user_id_idx').on(t.user_id)],
);
