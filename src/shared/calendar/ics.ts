import ical, {
  ICalAlarmType,
  ICalAttendeeRole,
  ICalEventRepeatingFreq,
  type ICalDateTimeValue,
  type ICalDayJsStub,
} from 'ical-generator';
import { compactDateTime, isValidDate, isValidTime, zonedTimeToUtc } from './date-time.ts';
import { randomText } from './event-id.ts';
import type { CalendarEventInput } from './event.ts';
import { publishedTimes } from './event-times.ts';
import { CALENDAR_MESSAGES } from './messages.ts';
import { parseGuests, stripControlCharacters } from './normalize.ts';
import { recurrenceRule } from './recurrence.ts';
import { vtimezoneComponent } from './vtimezones.ts';

/** The UID's domain when the event names no source website. */
export const ICS_PLACEHOLDER_DOMAIN = 'mycrm.local';
/** The link creator previews the first 10 lines of the file. */
export const ICS_PREVIEW_LINES = 10;
const PRODUCT_ID = '//mycrm//Calendar Link Creator//EN';

/** An event to write: a stored one carries its event_id, an unsaved one (link creator) does not. */
export type IcsEvent = CalendarEventInput & { event_id?: string | null };

export interface IcsOptions {
  /** DTSTAMP; now by default. Stored events pass their updated_at, so the file stays the same until edited. */
  stamp?: Date;
  /** LAST-MODIFIED, written when given. */
  lastModified?: Date;
}

/**
 * The event as an RFC 5545 calendar file, built with ical-generator (escaping, line folding at 75
 * octets, CRLF line endings): start and end in the event's time zone with its VTIMEZONE block (UTC
 * with a Z suffix), UID, DTSTAMP, SUMMARY, DESCRIPTION, LOCATION, RRULE, one required-participant
 * ATTENDEE per guest, ORGANIZER when both name and email are known, and a display alarm.
 * Throws when a date or time is not valid; check the event with prepareEvent() first.
 */
export function buildIcs(input: IcsEvent, options: IcsOptions = {}): string {
  const event = publishedTimes(input);
  const calendar = ical({ prodId: PRODUCT_ID });
  // A generator without a calendar-wide zone: each event's VTIMEZONE is written, DTSTAMP stays UTC.
  calendar.timezone({ name: null, generator: vtimezoneComponent });

  const utc = event.timezone === 'UTC';
  const rule = recurrenceRule(event);
  const organizerName = singleLine(event.organizer_name).replaceAll('"', "'");
  const organizerEmail = singleLine(event.organizer_email);
  const entry = calendar.createEvent({
    id: `${event.event_id || `${Date.now()}-${randomText(12)}`}@${uidDomain(event.source_website)}`,
    stamp: options.stamp ?? new Date(),
    lastModified: options.lastModified ?? null,
    start: eventTime(event.start_date, event.start_time, event.timezone),
    end: eventTime(event.end_date, event.end_time, event.timezone),
    timezone: utc ? null : event.timezone,
    summary: stripControlCharacters(event.title),
    description: stripControlCharacters(event.description) || null,
    location: stripControlCharacters(event.location) || null,
    repeating: rule && {
      freq: ICalEventRepeatingFreq[rule.freq],
      interval: rule.interval,
      count: rule.count,
      until: rule.until,
    },
    organizer: organizerName && organizerEmail ? { name: organizerName, email: organizerEmail } : null,
  });
  for (const guest of parseGuests(singleLine(event.guests))) {
    entry.createAttendee({ email: guest, role: ICalAttendeeRole.REQ });
  }
  if (event.reminder_enabled) {
    entry.createAlarm({ type: ICalAlarmType.display, trigger: event.reminder_minutes * 60 });
  }
  // ical-generator leaves the last line without its CRLF; RFC 5545 ends every content line with one.
  return `${calendar.toString()}\r\n`;
}

/** The first lines of a file, for the link creator's preview. */
export function icsPreview(ics: string, lines: number = ICS_PREVIEW_LINES): string {
  return ics.split('\r\n').slice(0, lines).join('\n');
}

/** The host of the source website ('https://coach.example/x' gives coach.example), else the placeholder. */
function uidDomain(sourceWebsite: string): string {
  const site = sourceWebsite.trim();
  if (!site) return ICS_PLACEHOLDER_DOMAIN;
  try {
    return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(site) ? site : `https://${site}`).hostname || ICS_PLACEHOLDER_DOMAIN;
  } catch {
    return ICS_PLACEHOLDER_DOMAIN;
  }
}

function singleLine(value: string): string {
  return stripControlCharacters(value).replace(/[\r\n\t]+/g, ' ').trim();
}

/**
 * A start or end time for ical-generator. UTC: the instant, written with a Z. Any other zone: the
 * wall-clock digits, written under TZID. Handing ical-generator a string or Date instead would
 * route the time through the machine's own time zone and shift times that fall into its
 * daylight-saving gap; the date-library stub it supports takes the digits as they are.
 */
function eventTime(date: string, time: string, timezone: string): ICalDateTimeValue {
  if (!isValidDate(date) || !isValidTime(time)) throw new Error(CALENDAR_MESSAGES.invalidDateTime);
  const instant = zonedTimeToUtc(date, time, timezone);
  if (timezone === 'UTC') return instant;
  const [day, clock] = compactDateTime(date, time).split('T') as [string, string];
  const wallClock: ICalDayJsStub = {
    format(pattern) {
      if (pattern === 'YYYYMMDD') return day;
      if (pattern === 'HHmmss') return clock;
      throw new Error(`Unexpected date format requested by ical-generator: ${pattern}`);
    },
    isValid: () => true,
    toDate: () => instant,
    toJSON: () => instant.toISOString(),
  };
  return wallClock;
}
