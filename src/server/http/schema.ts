import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The rate-limit counters of rate-limit.ts (sign-ins and public sign-ups): only it touches this table.
 * src/server/db/schema.ts re-exports it for drizzle-kit.
 */

/** Fixed-window counters for sign-in throttling, shared by every server instance. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
