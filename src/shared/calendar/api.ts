import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { safeText } from '../text/safe-text.ts';
import { CALENDAR_TIMEZONES, RECURRENCE_FREQUENCIES } from './constants.ts';

/** Response shapes of the calendar HTTP API (src/server/calendar/routes.ts); the paths are in paths.ts, the request in event.ts. */

/** The answer to a create or an update. */
export const savedEventResultSchema = z.object({
  eventId: z.string(),
  /** Absolute URL of the public download page. */
  downloadUrl: z.string(),
});
export type SavedEventResult = z.output<typeof savedEventResultSchema>;

/** A stored event's own fields as answered: what calendarEventSchema let in, so no rule is checked again. */
const eventFieldsSchema = z.object({
  title: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  end_date: z.string(),
  end_time: z.string(),
  timezone: z.enum(CALENDAR_TIMEZONES),
  description: z.string(),
  location: z.string(),
  guests: z.string(),
  organizer_name: z.string(),
  organizer_email: z.string(),
  reminder_enabled: z.boolean(),
  reminder_minutes: z.number().int(),
  recurrence_enabled: z.boolean(),
  recurrence_frequency: z.enum(RECURRENCE_FREQUENCIES),
  recurrence_interval: z.number().int(),
  recurrence_count: z.number().int().nullable(),
  recurrence_until: z.string().nullable(),
  source_website: z.string(),
  source_name: z.string(),
});

/** A stored event as the staff API returns it. */
export const storedCalendarEventSchema = eventFieldsSchema.extend({
  id: z.string(),
  event_id: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  /** Absolute URL of the public download page. */
  download_url: z.string(),
});
export type StoredCalendarEvent = z.output<typeof storedCalendarEventSchema>;

/** A stored event as anyone with its id may read it: everything its .ics file holds. */
export const publicCalendarEventSchema = eventFieldsSchema.extend({
  event_id: z.string(),
  updated_at: timestamp,
});
export type PublicCalendarEvent = z.output<typeof publicCalendarEventSchema>;

export const eventIdParamsSchema = z.object({ eventId: z.string() });

const EVENT_LIST_MAX_LIMIT = 100;

/** Query of the staff list: newest first, a page at a time, optionally searched by title or location. */
export const eventListQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_LIST_MAX_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

export const calendarEventListSchema = z.object({
  events: z.array(storedCalendarEventSchema),
  /** All of the user's events matching the search, across pages. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type CalendarEventList = z.output<typeof calendarEventListSchema>;
