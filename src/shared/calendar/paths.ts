/** Paths of the calendar HTTP API (src/server/calendar/routes.ts) and of the public download page. */

/** Staff: POST to create, GET to list the signed-in user's events. */
export const CALENDAR_EVENTS_PATH = '/api/calendar/events';

/** Staff: GET, PUT and DELETE one of the signed-in user's events. */
export function calendarEventPath(eventId: string): string {
  return `${CALENDAR_EVENTS_PATH}/${encodeURIComponent(eventId)}`;
}

/**
 * The public download page (a browser page, so its answer is HTML, not JSON), the URL that goes into
 * newsletters: its route for the server and the browser's router, and one address.
 */
export const CALENDAR_DOWNLOAD_ROUTE = '/api/calendar/ics/:eventId';

export function calendarDownloadPath(eventId: string): string {
  return CALENDAR_DOWNLOAD_ROUTE.replace(':eventId', encodeURIComponent(eventId));
}

/** Public, no session: GET /:eventId answers the event's public fields, GET /:eventId/ics its .ics file. */
export const PUBLIC_EVENTS_PATH = '/api/public/calendar/events';

/** Public, no session: the event's public fields as JSON. */
export function publicEventPath(eventId: string): string {
  return `${PUBLIC_EVENTS_PATH}/${encodeURIComponent(eventId)}`;
}

/** Public, no session: the event's .ics file. */
export function publicEventIcsPath(eventId: string): string {
  return `${publicEventPath(eventId)}/ics`;
}
