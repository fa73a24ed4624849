import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CalendarEventList, PublicCalendarEvent, StoredCalendarEvent } from '../../shared/calendar/api.ts';
import type { CalendarTimezone } from '../../shared/calendar/constants.ts';
import { isEventIdShaped, newEventId } from '../../shared/calendar/event-id.ts';
import type { CalendarEventInput } from '../../shared/calendar/event.ts';
import { buildIcs } from '../../shared/calendar/ics.ts';
import type { Db } from '../db/client.ts';
import { calendarEvents } from './schema.ts';

/*
 * Calendar events. Only their creator (created_by) may see them in the list, change or delete
 * them: every query below carries that condition, so another user's event is simply not found.
 * Anyone who knows an event id may read its public fields and .ics file (the newsletter link).
 */

export type CalendarEventRow = typeof calendarEvents.$inferSelect;

export async function createEvent(db: Db, userId: string, input: CalendarEventInput): Promise<CalendarEventRow> {
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...input, event_id: newEventId(), created_by: userId })
    .returning();
  return row!;
}

export interface ListOptions {
  q?: string;
  limit: number;
  offset: number;
}

/** The user's events, newest first, a page at a time; `q` searches title and location. */
export async function listOwnEvents(
  db: Db,
  userId: string,
  { q, limit, offset }: ListOptions,
): Promise<{ rows: CalendarEventRow[]; total: number }> {
  const conditions: SQL[] = [eq(calendarEvents.created_by, userId)];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(calendarEvents.title, pattern), ilike(calendarEvents.location, pattern))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(where)
    .orderBy(desc(calendarEvents.created_at), desc(calendarEvents.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(calendarEvents).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOwnEvent(db: Db, userId: string, eventId: string): Promise<CalendarEventRow | undefined> {
  if (!isEventIdShaped(eventId)) return undefined;
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.event_id, eventId), eq(calendarEvents.created_by, userId)));
  return row;
}

/** Any user's event, by its (unguessable) event id: the public download page's read. */
export async function findEventByEventId(db: Db, eventId: string): Promise<CalendarEventRow | undefined> {
  if (!isEventIdShaped(eventId)) return undefined;
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.event_id, eventId));
  return row;
}

/** Replaces the event's fields; undefined when the user has no event with that id. */
export async function updateOwnEvent(
  db: Db,
  userId: string,
  eventId: string,
  input: CalendarEventInput,
): Promise<CalendarEventRow | undefined> {
  if (!isEventIdShaped(eventId)) return undefined;
  const [row] = await db
    .update(calendarEvents)
    .set({ ...input, updated_at: new Date() })
    .where(and(eq(calendarEvents.event_id, eventId), eq(calendarEvents.created_by, userId)))
    .returning();
  return row;
}

/** False when the user has no event with that id. */
export async function deleteOwnEvent(db: Db, userId: string, eventId: string): Promise<boolean> {
  if (!isEventIdShaped(eventId)) return false;
  const deleted = await db
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.event_id, eventId), eq(calendarEvents.created_by, userId)))
    .returning({ id: calendarEvents.id });
  return deleted.length > 0;
}

/** The event's own fields, as the links and the .ics file take them. */
function eventFields(row: CalendarEventRow): CalendarEventInput {
  return {
    title: row.title,
    start_date: row.start_date,
    start_time: row.start_time,
    end_date: row.end_date,
    end_time: row.end_time,
    // Only values from the list are ever stored: every write passes calendarEventSchema.
    timezone: row.timezone as CalendarTimezone,
    description: row.description,
    location: row.location,
    guests: row.guests,
    organizer_name: row.organizer_name,
    organizer_email: row.organizer_email,
    reminder_enabled: row.reminder_enabled,
    reminder_minutes: row.reminder_minutes,
    recurrence_enabled: row.recurrence_enabled,
    recurrence_frequency: row.recurrence_frequency,
    recurrence_interval: row.recurrence_interval,
    recurrence_count: row.recurrence_count,
    recurrence_until: row.recurrence_until,
    source_website: row.source_website,
    source_name: row.source_name,
  };
}

export function toStoredEvent(row: CalendarEventRow, downloadUrl: string): StoredCalendarEvent {
  return {
    id: row.id,
    event_id: row.event_id,
    ...eventFields(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    download_url: downloadUrl,
  };
}

export function toEventList(rows: CalendarEventRow[], total: number, page: ListOptions, downloadUrl: (eventId: string) => string): CalendarEventList {
  return {
    events: rows.map((row) => toStoredEvent(row, downloadUrl(row.event_id))),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}

/** What anyone with the event id may read: the event itself, without who made it or internal ids. */
export function toPublicEvent(row: CalendarEventRow): PublicCalendarEvent {
  return { event_id: row.event_id, ...eventFields(row), updated_at: row.updated_at };
}

/** The stored event's .ics file. Stamped with its last change, so the file (and its ETag) stays the same until edited. */
export function eventIcs(row: CalendarEventRow): string {
  return buildIcs({ ...eventFields(row), event_id: row.event_id }, { stamp: row.updated_at, lastModified: row.updated_at });
}
