import { z } from 'zod';
import { safeText } from '../text/safe-text.ts';
import { CALENDAR_TIMEZONES, RECURRENCE_FREQUENCIES } from './constants.ts';
import { isValidDate, isValidTime } from './date-time.ts';
import { endsBeforeStart } from './event-times.ts';
import { CALENDAR_LIMITS as L } from './limits.ts';
import { CALENDAR_MESSAGES as M } from './messages.ts';
import {
  CALENDAR_DEFAULTS,
  normalizeRecurrenceCount,
  normalizeRecurrenceInterval,
  normalizeReminderMinutes,
  parseGuests,
} from './normalize.ts';

/*
 * The calendar event: the zod schema the server applies to every save, and the link creator's
 * form with the check it runs before generating or saving. The API and the database use
 * snake_case names (start_date, ...); the form holds camelCase names (startDate, ...) and becomes
 * the snake_case shape with prepareEvent().
 */

// Control characters are refused (they break PostgreSQL and calendar files); the .ics writer strips
// them again from events stored before this rule.
const requiredText = safeText({ error: M.requiredForSave }).trim().min(1, M.requiredForSave).max(L.titleMax, M.tooLong(L.titleMax));
const date = safeText({ error: M.requiredForSave }).trim().min(1, M.requiredForSave).refine(isValidDate, M.invalidDateTime);
const time = safeText({ error: M.requiredForSave }).trim().min(1, M.requiredForSave).refine(isValidTime, M.invalidDateTime);
const line = (max: number) => safeText().trim().max(max, M.tooLong(max)).default('');
const wholeNumberIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** An event's fields, each checked on its own (events stored before the end-after-start rule still pass). */
export const calendarEventFieldsSchema = z.object({
  title: requiredText,
  start_date: date,
  start_time: time,
  end_date: date,
  end_time: time,
  timezone: z.enum(CALENDAR_TIMEZONES, { error: M.timezoneInvalid }).default(CALENDAR_DEFAULTS.timezone),
  description: safeText({ multiline: true }).max(L.descriptionMax, M.tooLong(L.descriptionMax)).default(''),
  location: line(L.locationMax),
  guests: safeText()
    .max(L.guestsTextMax, M.tooLong(L.guestsTextMax))
    .refine((value) => parseGuests(value).length <= L.guestsMax, M.tooManyGuests)
    .transform((value) => parseGuests(value).join(', '))
    .default(''),
  organizer_name: line(L.nameMax),
  organizer_email: line(L.emailMax),
  reminder_enabled: z.boolean().default(CALENDAR_DEFAULTS.reminderEnabled),
  reminder_minutes: wholeNumberIn(L.reminderMinutesMin, L.reminderMinutesMax, M.reminderMinutesInvalid).default(
    CALENDAR_DEFAULTS.reminderMinutes,
  ),
  recurrence_enabled: z.boolean().default(CALENDAR_DEFAULTS.recurrenceEnabled),
  recurrence_frequency: z
    .enum(RECURRENCE_FREQUENCIES, { error: M.frequencyInvalid })
    .default(CALENDAR_DEFAULTS.recurrenceFrequency),
  recurrence_interval: wholeNumberIn(L.intervalMin, L.intervalMax, M.intervalInvalid).default(
    CALENDAR_DEFAULTS.recurrenceInterval,
  ),
  recurrence_count: wholeNumberIn(L.countMin, L.countMax, M.countInvalid).nullable().default(null),
  recurrence_until: safeText().refine(isValidDate, M.invalidDateTime).nullable().default(null),
  source_website: line(L.sourceWebsiteMax),
  source_name: line(L.nameMax),
});

/** One event as the API accepts it (create and update): the stored-event fields without ids and dates, ending after it starts. */
export const calendarEventSchema = calendarEventFieldsSchema.refine((event) => !endsBeforeStart(event), {
  message: M.endBeforeStart,
  path: ['end_time'],
});

/** What a client may send (optional fields take their defaults). */
export type CalendarEventPayload = z.input<typeof calendarEventSchema>;
/** A complete, checked event: what is stored, and what the links and the .ics file are built from. */
export type CalendarEventInput = z.output<typeof calendarEventSchema>;

/** The link creator's form: what a person types, numbers possibly as text. */
export interface CalendarEventForm {
  title: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
  description: string;
  location: string;
  guests: string;
  organizerName: string;
  organizerEmail: string;
  reminderEnabled: boolean;
  reminderMinutes: number | string;
  recurrenceEnabled: boolean;
  recurrenceFrequency: string;
  recurrenceInterval: number | string;
  recurrenceCount: number | string | null;
  recurrenceUntil: string;
  sourceWebsite: string;
  sourceName: string;
}

/** An empty form with the defaults: Europe/Berlin, reminder on at 30 minutes, weekly repeat off. */
export function defaultEventForm(): CalendarEventForm {
  return {
    title: '',
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    timezone: CALENDAR_DEFAULTS.timezone,
    description: '',
    location: '',
    guests: '',
    organizerName: '',
    organizerEmail: '',
    reminderEnabled: CALENDAR_DEFAULTS.reminderEnabled,
    reminderMinutes: CALENDAR_DEFAULTS.reminderMinutes,
    recurrenceEnabled: CALENDAR_DEFAULTS.recurrenceEnabled,
    recurrenceFrequency: CALENDAR_DEFAULTS.recurrenceFrequency,
    recurrenceInterval: CALENDAR_DEFAULTS.recurrenceInterval,
    recurrenceCount: null,
    recurrenceUntil: '',
    sourceWebsite: '',
    sourceName: '',
  };
}

/** Setting the start date also fills the end date, but only while the end date is empty. */
export function applyStartDate(form: CalendarEventForm, startDate: string): CalendarEventForm {
  return { ...form, startDate, endDate: form.endDate.trim() ? form.endDate : startDate };
}

/** A stored event loaded into the form (edit mode). */
export function formFromEvent(event: CalendarEventInput): CalendarEventForm {
  return {
    title: event.title,
    startDate: event.start_date,
    startTime: event.start_time,
    endDate: event.end_date,
    endTime: event.end_time,
    timezone: event.timezone,
    description: event.description,
    location: event.location,
    guests: event.guests,
    organizerName: event.organizer_name,
    organizerEmail: event.organizer_email,
    reminderEnabled: event.reminder_enabled,
    reminderMinutes: event.reminder_minutes,
    recurrenceEnabled: event.recurrence_enabled,
    recurrenceFrequency: event.recurrence_frequency,
    recurrenceInterval: event.recurrence_interval,
    recurrenceCount: event.recurrence_count,
    recurrenceUntil: event.recurrence_until ?? '',
    sourceWebsite: event.source_website,
    sourceName: event.source_name,
  };
}

export type PrepareEventResult =
  | { ok: true; event: CalendarEventInput }
  | { ok: false; message: string; field?: keyof CalendarEventForm };

/** The form's end time lies before its start (shown on the end-time field as soon as all four are filled). */
export function formEndsBeforeStart(form: CalendarEventForm): boolean {
  return endsBeforeStart({
    start_date: form.startDate.trim(),
    start_time: form.startTime.trim(),
    end_date: form.endDate.trim(),
    end_time: form.endTime.trim(),
    timezone: form.timezone,
  });
}

/**
 * Checks and tidies the form for 'generate' (links and .ics) or 'save' (the API): the required
 * fields first, with the message of that action, then the numbers and guests are normalised and
 * the whole event is checked by the same schema the server applies.
 */
export function prepareEvent(form: CalendarEventForm, action: 'generate' | 'save'): PrepareEventResult {
  const required = [form.title, form.startDate, form.startTime, form.endDate, form.endTime];
  if (required.some((value) => !value.trim())) {
    return { ok: false, message: action === 'generate' ? M.requiredForGenerate : M.requiredForSave };
  }
  const parsed = calendarEventSchema.safeParse({
    title: form.title,
    start_date: form.startDate,
    start_time: form.startTime,
    end_date: form.endDate,
    end_time: form.endTime,
    timezone: form.timezone,
    description: form.description,
    location: form.location,
    guests: form.guests,
    organizer_name: form.organizerName,
    organizer_email: form.organizerEmail,
    reminder_enabled: form.reminderEnabled,
    reminder_minutes: normalizeReminderMinutes(form.reminderMinutes),
    recurrence_enabled: form.recurrenceEnabled,
    recurrence_frequency: form.recurrenceFrequency,
    recurrence_interval: normalizeRecurrenceInterval(form.recurrenceInterval),
    recurrence_count: normalizeRecurrenceCount(form.recurrenceCount),
    recurrence_until: form.recurrenceUntil.trim() || null,
    source_website: form.sourceWebsite,
    source_name: form.sourceName,
  } satisfies Record<keyof CalendarEventInput, unknown>);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'end_time' && issue.message === M.endBeforeStart ? 'endTime' : undefined;
    return { ok: false, message: issue?.message ?? M.invalidDateTime, ...(field && { field }) };
  }
  return { ok: true, event: parsed.data };
}
