import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The settings feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

/** Single values by key (the Kit API key, the setup link's token, …): each key belongs to the feature that names it. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
