/**
 * Dates (YYYY-MM-DD) and times (HH:MM) of calendar events are wall-clock values in the event's
 * time zone. These helpers check them and turn them into instants with the platform's time zone
 * data (Intl), so they give the same answer in every browser and on the server, whatever the
 * machine's own time zone.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR_MS = 3_600_000;

/** A real calendar date written as YYYY-MM-DD (so 2026-02-30 is refused). */
export function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time of day written as HH:MM, 00:00 to 23:59. */
export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** '2026-03-02' and '10:00' (or '10:00:30') as the digits of a floating date-time: 20260302T100000. */
export function compactDateTime(date: string, time: string): string {
  const [hours = '00', minutes = '00', seconds = '00'] = time.split(':');
  return `${date.replaceAll('-', '')}T${hours}${minutes}${seconds}`;
}

/** An instant as an iCalendar UTC date-time: 20260302T090000Z. */
export function compactUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** An instant as ISO 8601 in UTC without milliseconds: 2026-03-02T09:00:00Z. */
export function isoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(utcMs: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(utcMs)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `time`. As RFC 5545 (3.3.5) asks:
 * a time that occurs twice (clocks going back) means the first occurrence, and a time skipped by
 * clocks going forward is read with the offset from before the change (02:30 becomes 03:30).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  // Offset changes are months apart, so the offsets half a day either side are the only candidates.
  const before = offsetAt(wall - 12 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 12 * HOUR_MS, timeZone);
  const valid = [wall - before, wall - after].filter((utc) => wall - utc === offsetAt(utc, timeZone));
  return new Date(valid.length ? Math.min(...valid) : wall - before);
}
