import { compactDateTime } from './date-time.ts';
import type { CalendarEventInput } from './event.ts';
import { publishedTimes } from './event-times.ts';
import { parseGuests } from './normalize.ts';
import { formatRrule, recurrenceRule } from './recurrence.ts';

const GOOGLE_TEMPLATE_URL = 'https://calendar.google.com/calendar/render';

/**
 * Google Calendar's "add event" template link: text, dates, ctz (unless UTC), details, location,
 * add (guests), recur (the RRULE) and sprop website and name. Times are the event's wall-clock
 * times; ctz tells Google their zone, and UTC times carry a Z instead.
 */
export function buildGoogleCalendarLink(input: CalendarEventInput): string {
  const event = publishedTimes(input);
  const utc = event.timezone === 'UTC';
  const time = (date: string, clock: string) => compactDateTime(date, clock) + (utc ? 'Z' : '');
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title });
  params.set('dates', `${time(event.start_date, event.start_time)}/${time(event.end_date, event.end_time)}`);
  if (!utc) params.set('ctz', event.timezone);
  if (event.description) params.set('details', event.description);
  if (event.location) params.set('location', event.location);
  const guests = parseGuests(event.guests);
  if (guests.length) params.set('add', guests.join(','));
  const rule = recurrenceRule(event);
  if (rule) params.set('recur', `RRULE:${formatRrule(rule)}`);
  if (event.source_website) params.append('sprop', `website:${event.source_website}`);
  if (event.source_name) params.append('sprop', `name:${event.source_name}`);
  return `${GOOGLE_TEMPLATE_URL}?${params}`;
}
