import { describe, expect, it } from 'vitest';
import { applyStartDate, calendarEventSchema, defaultEventForm, formFromEvent, prepareEvent, type CalendarEventForm } from './event.ts';
import {
  CALENDAR_DEFAULTS,
  normalizeRecurrenceCount,
  normalizeRecurrenceInterval,
  normalizeReminderMinutes,
  parseGuests,
} from './normalize.ts';
import { TEXT_MESSAGES } from '../text/characters.ts';

const filled = (overrides: Partial<CalendarEventForm> = {}): CalendarEventForm => ({
  ...defaultEventForm(),
  title: 'Webinar',
  startDate: '2026-09-28',
  startTime: '11:00',
  endDate: '2026-09-28',
  endTime: '12:00',
  ...overrides,
});

describe('defaults', () => {
  it('start in Europe/Berlin with a 30-minute reminder and weekly recurrence switched off', () => {
    expect(CALENDAR_DEFAULTS).toEqual({
      timezone: 'Europe/Berlin',
      reminderEnabled: true,
      reminderMinutes: 30,
      recurrenceEnabled: false,
      recurrenceFrequency: 'WEEKLY',
      recurrenceInterval: 1,
    });
    expect(defaultEventForm()).toMatchObject({ timezone: 'Europe/Berlin', reminderEnabled: true, reminderMinutes: 30, recurrenceEnabled: false, recurrenceFrequency: 'WEEKLY', recurrenceInterval: 1, recurrenceCount: null, recurrenceUntil: '' });
  });

  it('fill the end date from the start date only while it is empty', () => {
    expect(applyStartDate(defaultEventForm(), '2026-05-04')).toMatchObject({ startDate: '2026-05-04', endDate: '2026-05-04' });
    expect(applyStartDate({ ...defaultEventForm(), endDate: '2026-05-06' }, '2026-05-04')).toMatchObject({ startDate: '2026-05-04', endDate: '2026-05-06' });
  });
});

describe('normalising what was typed', () => {
  it('reminder minutes: at least 1, 30 when not a number', () => {
    expect([normalizeReminderMinutes('15'), normalizeReminderMinutes(0), normalizeReminderMinutes('-5'), normalizeReminderMinutes(''), normalizeReminderMinutes('abc'), normalizeReminderMinutes(12.7)]).toEqual([15, 1, 1, 30, 30, 12]);
  });

  it('interval: at least 1, 1 when not a number', () => {
    expect([normalizeRecurrenceInterval('3'), normalizeRecurrenceInterval(0), normalizeRecurrenceInterval(''), normalizeRecurrenceInterval('x')]).toEqual([3, 1, 1, 1]);
  });

  it('count: at least 1, empty means none', () => {
    expect([normalizeRecurrenceCount('5'), normalizeRecurrenceCount(0), normalizeRecurrenceCount(''), normalizeRecurrenceCount(null), normalizeRecurrenceCount(undefined)]).toEqual([5, 1, null, null, null]);
  });

  it('guests: split by commas, trimmed, empty entries dropped', () => {
    expect(parseGuests(' a@example.com,b@example.com , ,, c@example.com ')).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(parseGuests('')).toEqual([]);
  });
});

describe('prepareEvent', () => {
  it('asks for the required fields with the message of the action', () => {
    for (const missing of ['title', 'startDate', 'startTime', 'endDate', 'endTime'] as const) {
      expect(prepareEvent(filled({ [missing]: '  ' }), 'generate')).toEqual({
        ok: false,
        message: 'Please fill in all required fields (Title, Start Date/Time, End Date/Time)',
      });
      expect(prepareEvent(filled({ [missing]: '' }), 'save')).toEqual({ ok: false, message: 'Please fill in all required fields before saving' });
    }
  });

  it("answers 'Invalid date/time format' for impossible dates and times", () => {
    for (const bad of [{ startDate: '2026-02-30' }, { endTime: '25:00' }, { startTime: '9.30' }, { recurrenceUntil: '31.12.2026' }]) {
      expect(prepareEvent(filled(bad), 'generate')).toEqual({ ok: false, message: 'Invalid date/time format' });
    }
  });

  it('normalises numbers and guests into the snake_case event the API takes', () => {
    const result = prepareEvent(
      filled({
        title: '  Webinar  ',
        guests: ' a@example.com, ,b@example.com ',
        reminderMinutes: 'abc',
        recurrenceEnabled: true,
        recurrenceInterval: '0',
        recurrenceCount: '',
        recurrenceUntil: '2026-12-31',
        sourceWebsite: 'coach.example',
      }),
      'save',
    );
    expect(result).toEqual({
      ok: true,
      event: {
        title: 'Webinar',
        start_date: '2026-09-28',
        start_time: '11:00',
        end_date: '2026-09-28',
        end_time: '12:00',
        timezone: 'Europe/Berlin',
        description: '',
        location: '',
        guests: 'a@example.com, b@example.com',
        organizer_name: '',
        organizer_email: '',
        reminder_enabled: true,
        reminder_minutes: 30,
        recurrence_enabled: true,
        recurrence_frequency: 'WEEKLY',
        recurrence_interval: 1,
        recurrence_count: null,
        recurrence_until: '2026-12-31',
        source_website: 'coach.example',
        source_name: '',
      },
    });
  });

  it('refuses a time zone or frequency that is not in the list', () => {
    expect(prepareEvent(filled({ timezone: 'Mars/Olympus' }), 'save')).toEqual({ ok: false, message: 'Please choose a time zone from the list' });
    expect(prepareEvent(filled({ recurrenceFrequency: 'HOURLY' }), 'save')).toEqual({ ok: false, message: 'Please choose a repeat frequency from the list' });
  });

  it('round-trips through formFromEvent (edit mode)', () => {
    const first = prepareEvent(filled({ guests: 'a@example.com', recurrenceCount: 4, reminderMinutes: 10 }), 'save');
    if (!first.ok) throw new Error(first.message);
    expect(prepareEvent(formFromEvent(first.event), 'save')).toEqual(first);
  });
});

describe('calendarEventSchema (the server check)', () => {
  const valid = { title: 'T', start_date: '2026-01-01', start_time: '10:00', end_date: '2026-01-01', end_time: '11:00' };
  const fieldErrors = (input: unknown) => {
    const result = calendarEventSchema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('fills the defaults', () => {
    expect(calendarEventSchema.parse(valid)).toMatchObject({ timezone: 'Europe/Berlin', reminder_enabled: true, reminder_minutes: 30, recurrence_enabled: false, recurrence_frequency: 'WEEKLY', recurrence_interval: 1, recurrence_count: null, recurrence_until: null, guests: '' });
  });

  it('names each bad field', () => {
    expect(fieldErrors({})).toMatchObject({
      title: 'Please fill in all required fields before saving',
      start_date: 'Please fill in all required fields before saving',
      end_time: 'Please fill in all required fields before saving',
    });
    expect(fieldErrors({ ...valid, start_date: '2026-1-1', end_time: '7pm', reminder_minutes: 0, recurrence_interval: 1.5, recurrence_count: 0, timezone: 'CET' })).toEqual({
      start_date: 'Invalid date/time format',
      end_time: 'Invalid date/time format',
      reminder_minutes: 'Reminder minutes must be a whole number from 1 to 40320 (4 weeks)',
      recurrence_interval: 'The repeat interval must be a whole number from 1 to 999',
      recurrence_count: 'The number of occurrences must be a whole number from 1 to 1000',
      timezone: 'Please choose a time zone from the list',
    });
    expect(fieldErrors({ ...valid, title: 'x'.repeat(301), guests: Array.from({ length: 101 }, (_, i) => `g${i}@example.com`).join(',') })).toEqual({
      title: 'Please use at most 300 characters',
      guests: 'Please add at most 100 guests',
    });
  });

  it('refuses control characters, which PostgreSQL and calendar files cannot take, but keeps line breaks in the description', () => {
    expect(calendarEventSchema.safeParse({ ...valid, title: 'A\u0000B' }).error?.issues[0]).toMatchObject({ path: ['title'], message: TEXT_MESSAGES.controlCharacter });
    expect(calendarEventSchema.safeParse({ ...valid, description: 'line 1\nline 2\u0007' }).error?.issues[0]).toMatchObject({ path: ['description'], message: TEXT_MESSAGES.controlCharacter });
    expect(calendarEventSchema.parse({ ...valid, description: 'line 1\r\nline 2\tend' })).toMatchObject({ description: 'line 1\r\nline 2\tend' });
  });
});
