import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { RECURRENCE_FREQUENCIES } from '../../shared/calendar/constants.ts';
import { users } from '../auth/schema.ts';
import { timestamps } from '../db/columns.ts';

/*
 * The calendar feature's tables: only this feature reads or writes them (others call its service.ts).
 * src/server/db/schema.ts re-exports them for drizzle-kit; every change here needs a migration.
 */

export const recurrenceFrequency = pgEnum('recurrence_frequency', RECURRENCE_FREQUENCIES);

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
