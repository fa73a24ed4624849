import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarEventListSchema, savedEventResultSchema } from '@shared/calendar/api.ts';
import type { CalendarEventInput } from '@shared/calendar/event.ts';
import { calendarEventPath, CALENDAR_EVENTS_PATH } from '@shared/calendar/paths.ts';
import { apiParsed, del } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The signed-in user's calendar events over the staff API (src/server/calendar/routes.ts); every answer is parsed by its contract schema. */

export interface EventListPage {
  q: string;
  limit: number;
  offset: number;
}

/** One page of the user's events, newest first; the previous page stays on screen while the next loads. */
export function useEventList({ q, limit, offset }: EventListPage) {
  return useQuery({
    queryKey: queryKeys.calendarEvents.page({ q, limit, offset }),
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      if (q) params.set('q', q);
      return apiParsed(calendarEventListSchema, 'GET', `${CALENDAR_EVENTS_PATH}?${params}`);
    },
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** Creates an event, or updates the one with eventId; either way the list is refreshed. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, event }: { eventId: string | null; event: CalendarEventInput }) =>
      eventId
        ? apiParsed(savedEventResultSchema, 'PUT', calendarEventPath(eventId), event)
        : apiParsed(savedEventResultSchema, 'POST', CALENDAR_EVENTS_PATH, event),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.calendarEvents.all }),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => del(calendarEventPath(eventId)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.calendarEvents.all }),
  });
}
