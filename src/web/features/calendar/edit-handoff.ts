import type { StoredCalendarEvent } from '@shared/calendar/api.ts';
import { calendarEventFieldsSchema, type CalendarEventInput } from '@shared/calendar/event.ts';

/**
 * The manager hands an event to the link creator through session storage:
 * it stores the event and opens the creator with ?edit=true, which reads it once and removes it.
 */
const STORAGE_KEY = 'mycrm.calendar.edit-event';

export const EDIT_SEARCH_PARAM = 'edit';

export function storeEventForEditing(event: StoredCalendarEvent): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(event));
}

export interface EventToEdit {
  eventId: string;
  event: CalendarEventInput;
}

/**
 * The stored event, its fields checked as a save checks them; null when it is missing or not an
 * event. One saved before ends-after-start was a rule still opens, so it can be corrected.
 */
export function readEventForEditing(): EventToEdit | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object' || !('event_id' in stored) || typeof stored.event_id !== 'string') return null;
    const event = calendarEventFieldsSchema.safeParse(stored);
    return event.success ? { eventId: stored.event_id, event: event.data } : null;
  } catch {
    return null;
  }
}

export function forgetEventForEditing(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
