import type { RecurrenceFrequency } from './constants.ts';
import { compactUtc, zonedTimeToUtc } from './date-time.ts';
import type { CalendarEventInput } from './event.ts';

/** The repeat rule of an event as both the .ics file and the Google link write it. */
export interface RecurrenceRule {
  freq: RecurrenceFrequency;
  /** Only above 1 (1 is the default and is left out). */
  interval?: number;
  count?: number;
  /** The end of the last day, in UTC. */
  until?: Date;
}

type RecurrenceFields = Pick<
  CalendarEventInput,
  'recurrence_enabled' | 'recurrence_frequency' | 'recurrence_interval' | 'recurrence_count' | 'recurrence_until' | 'timezone'
>;

/**
 * The event's repeat rule, or null when it does not repeat. RFC 5545 forbids COUNT and UNTIL in
 * one rule; when both are filled in, the count wins. "Until" is a date: the series runs to the
 * end of that day in the event's time zone, so an occurrence on that day is included.
 */
export function recurrenceRule(event: RecurrenceFields): RecurrenceRule | null {
  if (!event.recurrence_enabled) return null;
  const rule: RecurrenceRule = { freq: event.recurrence_frequency };
  if (event.recurrence_interval > 1) rule.interval = event.recurrence_interval;
  if (event.recurrence_count) rule.count = event.recurrence_count;
  else if (event.recurrence_until) rule.until = zonedTimeToUtc(event.recurrence_until, '23:59:59', event.timezone);
  return rule;
}

/** The rule as an RRULE value: FREQ=WEEKLY;INTERVAL=2;UNTIL=20260501T215959Z */
export function formatRrule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.count) parts.push(`COUNT=${rule.count}`);
  if (rule.until) parts.push(`UNTIL=${compactUtc(rule.until)}`);
  return parts.join(';');
}
