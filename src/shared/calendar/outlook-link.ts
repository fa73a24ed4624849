import { isoUtc, zonedTimeToUtc } from './date-time.ts';
import type { CalendarEventInput } from './event.ts';
import { publishedTimes } from './event-times.ts';

const OUTLOOK_COMPOSE_URL = 'https://outlook.live.com/calendar/0/deeplink/compose';

type OutlookFields = Pick<
  CalendarEventInput,
  'title' | 'start_date' | 'start_time' | 'end_date' | 'end_time' | 'timezone' | 'description' | 'location'
>;

/**
 * Outlook's compose deep link (subject, startdt, enddt, body, location), used by the public
 * download page. Start and end go as UTC instants, which Outlook shows in the reader's own zone.
 */
export function buildOutlookLink(input: OutlookFields): string {
  const event = publishedTimes(input);
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: isoUtc(zonedTimeToUtc(event.start_date, event.start_time, event.timezone)),
    enddt: isoUtc(zonedTimeToUtc(event.end_date, event.end_time, event.timezone)),
  });
  if (event.description) params.set('body', event.description);
  if (event.location) params.set('location', event.location);
  return `${OUTLOOK_COMPOSE_URL}?${params}`;
}
