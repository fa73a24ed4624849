import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarEventFieldsSchema, defaultEventForm, prepareEvent } from './event.ts';
import { endsBeforeStart, nextDay, publishedTimes } from './event-times.ts';
import { buildGoogleCalendarLink } from './google-link.ts';
import { buildIcs } from './ics.ts';
import { CALENDAR_MESSAGES as M } from './messages.ts';
import { buildOutlookLink } from './outlook-link.ts';

const times = { start_date: '2026-12-01', start_time: '18:00', end_date: '2026-12-01', end_time: '09:00', timezone: 'Europe/Berlin' };

describe('endsBeforeStart', () => {
  it('compares the instants in the event’s zone', () => {
    expect(endsBeforeStart(times)).toBe(true);
    expect(endsBeforeStart({ ...times, end_date: '2026-12-02' })).toBe(false);
    expect(endsBeforeStart({ ...times, end_time: '18:00' })).toBe(false);
    expect(endsBeforeStart({ ...times, end_date: '2026-11-30', end_time: '23:00' })).toBe(true);
  });

  it('leaves incomplete or malformed values to the other checks', () => {
    expect(endsBeforeStart({ ...times, end_time: '' })).toBe(false);
    expect(endsBeforeStart({ ...times, start_date: '01.12.2026' })).toBe(false);
  });
});

describe('nextDay', () => {
  it('crosses months, years and leap days', () => {
    expect(nextDay('2026-12-01')).toBe('2026-12-02');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('the form (Creator, 01.12.2026 18:00–09:00)', () => {
  const form = { ...defaultEventForm(), title: 'Evening', startDate: '2026-12-01', startTime: '18:00', endDate: '2026-12-01', endTime: '09:00' };

  it('is refused on the end time for generate and save', () => {
    expect(prepareEvent(form, 'generate')).toEqual({ ok: false, message: M.endBeforeStart, field: 'endTime' });
    expect(prepareEvent(form, 'save')).toEqual({ ok: false, message: M.endBeforeStart, field: 'endTime' });
  });

  it('ends the next day once the end date says so, the same in the Google link, the Outlook link and the .ics', () => {
    const prepared = prepareEvent({ ...form, endDate: nextDay(form.startDate) }, 'generate');
    if (!prepared.ok) throw new Error(prepared.message);
    expect(new URL(buildGoogleCalendarLink(prepared.event)).searchParams.get('dates')).toBe('20261201T180000/20261202T090000');
    const outlook = new URL(buildOutlookLink(prepared.event)).searchParams;
    expect([outlook.get('startdt'), outlook.get('enddt')]).toEqual(['2026-12-01T17:00:00Z', '2026-12-02T08:00:00Z']);
    const vevent = new ICAL.Component(ICAL.parse(buildIcs(prepared.event))).getFirstSubcomponent('vevent')!;
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-12-01T18:00:00');
    expect(String(vevent.getFirstPropertyValue('dtend'))).toBe('2026-12-02T09:00:00');
  });
});

describe('publishedTimes (events stored before the rule)', () => {
  const stored = calendarEventFieldsSchema.parse({ title: 'Old', ...times });

  it('reads the end as on the day after the start, in every output alike', () => {
    expect(publishedTimes(stored)).toMatchObject({ end_date: '2026-12-02', end_time: '09:00' });
    expect(new URL(buildGoogleCalendarLink(stored)).searchParams.get('dates')).toBe('20261201T180000/20261202T090000');
    expect(new URL(buildOutlookLink(stored)).searchParams.get('enddt')).toBe('2026-12-02T08:00:00Z');
    const vevent = new ICAL.Component(ICAL.parse(buildIcs(stored))).getFirstSubcomponent('vevent')!;
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-12-01T18:00:00');
    expect(String(vevent.getFirstPropertyValue('dtend'))).toBe('2026-12-02T09:00:00');
  });

  it('leaves a well-ordered event as it is', () => {
    const fine = { ...stored, end_date: '2026-12-02' };
    expect(publishedTimes(fine)).toBe(fine);
  });
});
