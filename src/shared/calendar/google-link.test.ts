import { describe, expect, it } from 'vitest';
import { calendarEventSchema, type CalendarEventPayload } from './event.ts';
import { buildGoogleCalendarLink } from './google-link.ts';

const event = (overrides: Partial<CalendarEventPayload> = {}) =>
  calendarEventSchema.parse({
    title: 'Webinar: KI & Lernen, Teil 1; "live" 🎉',
    start_date: '2026-09-28',
    start_time: '11:00',
    end_date: '2026-09-28',
    end_time: '12:00',
    ...overrides,
  });
const params = (link: string) => new URL(link).searchParams;

describe('Google Calendar link', () => {
  it('is a template link with text, wall-clock dates and the time zone', () => {
    const link = buildGoogleCalendarLink(event());
    expect(link.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const p = params(link);
    expect(p.get('action')).toBe('TEMPLATE');
    expect(p.get('text')).toBe('Webinar: KI & Lernen, Teil 1; "live" 🎉');
    expect(p.get('dates')).toBe('20260928T110000/20260928T120000');
    expect(p.get('ctz')).toBe('Europe/Berlin');
    for (const absent of ['details', 'location', 'add', 'recur', 'sprop']) expect(p.has(absent), absent).toBe(false);
  });

  it('writes UTC times with a Z and no ctz', () => {
    const p = params(buildGoogleCalendarLink(event({ timezone: 'UTC' })));
    expect(p.get('dates')).toBe('20260928T110000Z/20260928T120000Z');
    expect(p.has('ctz')).toBe(false);
  });

  it('adds details, location, guests, the recurrence rule and the source properties', () => {
    const p = params(
      buildGoogleCalendarLink(
        event({
          timezone: 'America/New_York',
          description: 'Zeile 1\nZeile 2, mit Komma',
          location: 'Zoom; Raum "A"',
          guests: 'a@example.com, b@example.com',
          recurrence_enabled: true,
          recurrence_frequency: 'MONTHLY',
          recurrence_interval: 2,
          recurrence_until: '2026-12-31',
          source_website: 'https://coach.example',
          source_name: 'Newsletter #12',
        }),
      ),
    );
    expect(p.get('ctz')).toBe('America/New_York');
    expect(p.get('details')).toBe('Zeile 1\nZeile 2, mit Komma');
    expect(p.get('location')).toBe('Zoom; Raum "A"');
    expect(p.get('add')).toBe('a@example.com,b@example.com');
    // The end of 31 December in New York (EST, UTC-5) is 04:59:59 UTC on 1 January.
    expect(p.get('recur')).toBe('RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20270101T045959Z');
    expect(p.getAll('sprop')).toEqual(['website:https://coach.example', 'name:Newsletter #12']);
  });

  it('writes the count and leaves the interval out at 1', () => {
    const p = params(buildGoogleCalendarLink(event({ recurrence_enabled: true, recurrence_frequency: 'DAILY', recurrence_count: 5 })));
    expect(p.get('recur')).toBe('RRULE:FREQ=DAILY;COUNT=5');
  });

  it('has no recurrence when repeating is switched off, whatever the other fields say', () => {
    expect(params(buildGoogleCalendarLink(event({ recurrence_enabled: false, recurrence_count: 5 }))).has('recur')).toBe(false);
  });
});
