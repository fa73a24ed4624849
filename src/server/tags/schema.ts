import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_TAG_COLOR } from '../../shared/tags/api.ts';
import { timestamps } from '../db/columns.ts';

/*
 * The tags feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  color: text('color').notNull().default(DEFAULT_TAG_COLOR),
  kit_tag_name: text('kit_tag_name'),
  kit_tag_id: bigint('kit_tag_id', { mode: 'number' }),
  ...timestamps,
});
