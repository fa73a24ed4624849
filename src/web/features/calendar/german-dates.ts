/** Dates as the events manager shows them: German format, 28.09.2025 11:00 – 12:00. */

/** '2025-09-28' as 28.09.2025; the digits as stored, so no time zone can shift the day. */
function germanDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}.${month}.${year}` : date;
}

/** 28.09.2025 11:00 */
export function germanDateTime(date: string, time: string): string {
  return `${germanDate(date)} ${time}`;
}

/** 28.09.2025 11:00 – 12:00 on one day, 28.09.2025 11:00 – 29.09.2025 12:00 across days. */
export function germanRange(event: { start_date: string; start_time: string; end_date: string; end_time: string }): string {
  const end = event.end_date === event.start_date ? event.end_time : germanDateTime(event.end_date, event.end_time);
  return `${germanDateTime(event.start_date, event.start_time)} – ${end}`;
}

const createdFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** A timestamp as the viewer's local day: 22.11.2025. */
export function germanDay(timestamp: Date): string {
  return createdFormat.format(new Date(timestamp));
}
