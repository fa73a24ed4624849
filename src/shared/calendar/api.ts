import { z } from 'zod';
import type { CalendarEventInput } from './event.ts';
import { safeText } from '../text/safe-text.ts';

/** Response shapes of the calendar HTTP API (src/server/calendar/routes.ts); the paths are in paths.ts. */

/** The answer to a create or an update (spec 002, section 3: "Save result"). */
export interface SavedEventResult {
  eventId: string;
  /** Absolute URL of the public download page. */
  downloadUrl: string;
}

/** A stored event as the staff API returns it. */
export interface StoredCalendarEvent extends CalendarEventInput {
  id: string;
  event_id: string;
  /** ISO 8601 timestamps. */
  created_at: string;
  updated_at: string;
  /** Absolute URL of the public download page. */
  download_url: string;
}

/** A stored event as anyone with its id may read it: everything its .ics file holds. */
export interface PublicCalendarEvent extends CalendarEventInput {
  event_id: string;
  updated_at: string;
}

export const EVENT_LIST_MAX_LIMIT = 100;

/** Query of the staff list: newest first, a page at a time, optionally searched by title or location. */
export const eventListQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_LIST_MAX_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

export interface CalendarEventList {
  events: StoredCalendarEvent[];
  /** All of the user's events matching the search, across pages. */
  total: number;
  limit: number;
  offset: number;
}
