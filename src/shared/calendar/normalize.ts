import type { CalendarTimezone, RecurrenceFrequency } from './constants.ts';
import { CALENDAR_LIMITS as L } from './limits.ts';

/*
 * Defaults and the rules that tidy what a person typed. Kept free of
 * zod, so the public download page can build links without loading the form validation.
 */

export const CALENDAR_DEFAULTS = {
  timezone: 'Europe/Berlin',
  reminderEnabled: true,
  reminderMinutes: 30,
  recurrenceEnabled: false,
  recurrenceFrequency: 'WEEKLY',
  recurrenceInterval: 1,
} as const satisfies {
  timezone: CalendarTimezone;
  reminderEnabled: boolean;
  reminderMinutes: number;
  recurrenceEnabled: boolean;
  recurrenceFrequency: RecurrenceFrequency;
  recurrenceInterval: number;
};

// Control characters other than tab and line breaks have no place in an event (and NUL breaks PostgreSQL).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/** Guests are written comma-separated: split by commas, trimmed, empty entries dropped. */
export function parseGuests(guests: string): string[] {
  return guests
    .split(',')
    .map((guest) => guest.trim())
    .filter(Boolean);
}

function wholeNumber(value: unknown): number {
  return typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
}

/** Reminder minutes: at least 1; 30 when the value is not a number. */
export function normalizeReminderMinutes(value: unknown): number {
  const minutes = wholeNumber(value);
  return Number.isNaN(minutes) ? CALENDAR_DEFAULTS.reminderMinutes : Math.max(L.reminderMinutesMin, minutes);
}

/** Repeat interval: at least 1; 1 when the value is not a number. */
export function normalizeRecurrenceInterval(value: unknown): number {
  const interval = wholeNumber(value);
  return Number.isNaN(interval) ? CALENDAR_DEFAULTS.recurrenceInterval : Math.max(L.intervalMin, interval);
}

/** Number of occurrences: at least 1; empty (or not a number) means no limit, null. */
export function normalizeRecurrenceCount(value: unknown): number | null {
  const count = wholeNumber(value);
  return Number.isNaN(count) ? null : Math.max(L.countMin, count);
}
