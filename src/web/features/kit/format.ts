/** Dates and numbers of the Kit screens, in the reader's locale. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

export const formatDateTime = (iso: string | Date) => dateTime.format(new Date(iso));
export const formatDate = (iso: string | Date) => date.format(new Date(iso));
export const formatNumber = (n: number) => number.format(n);

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** A short moment for a narrow cell: the time when it is today, else the day (and the year when not this one). */
export function formatShortMoment(iso: string | Date, now = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) return time.format(at);
  return at.getFullYear() === now.getFullYear() ? dayMonth.format(at) : date.format(at);
}
