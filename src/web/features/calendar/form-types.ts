import type { CalendarEventForm } from '@shared/calendar/event.ts';

/** What every card of the creator's form receives: the form and a way to change some of its fields. */
export interface FormCardProps {
  form: CalendarEventForm;
  update: (patch: Partial<CalendarEventForm>) => void;
}
