import { isValidDate, isValidTime, zonedTimeToUtc } from './date-time.ts';

/*
 * When an event starts and ends. An end before the start is refused where the event is typed
 * (the form's end-time field and the API); the person may instead say that the end falls on the
 * next day, which moves the end date, so the stored event, both links and the .ics agree.
 */

export interface EventTimes {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  timezone: string;
}

/** True when all four values are valid and the end lies before the start (compared as instants in the event's zone). */
export function endsBeforeStart(event: EventTimes): boolean {
  const { start_date, start_time, end_date, end_time, timezone } = event;
  if (![start_date, end_date].every(isValidDate) || ![start_time, end_time].every(isValidTime)) return false;
  return zonedTimeToUtc(end_date, end_time, timezone) < zonedTimeToUtc(start_date, start_time, timezone);
}

/** The calendar day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The times every output (Google link, Outlook link, .ics) writes. Events saved before the rule
 * above may still end before they start; their end time is read as on the day after the start,
 * the same in every output, instead of each calendar guessing (the .ics library swapped them).
 */
export function publishedTimes<T extends EventTimes>(event: T): T {
  return endsBeforeStart(event) ? { ...event, end_date: nextDay(event.start_date) } : event;
}
