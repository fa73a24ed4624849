import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CALENDAR_TIMEZONES, type CalendarTimezone } from './constants.ts';
import { calendarEventSchema, type CalendarEventPayload } from './event.ts';
import { buildIcs, ICS_PLACEHOLDER_DOMAIN, icsPreview, type IcsEvent } from './ics.ts';

/*
 * Every file is parsed back with ical.js, an independent parser, and each property is checked.
 * Instants are computed by ical.js from the VTIMEZONE block inside the file and compared with
 * offsets written down here by hand, so neither our time zone code nor the block is trusted.
 */

const SPECIAL = 'Kick-off, Q3; "Planung" & <Ziele>\nZeile 2: Grüße aus Köln 🎉🚀 \\ Ende';
// One-line fields refuse line breaks; only the description keeps them.
const ONE_LINE = SPECIAL.replace('\n', ' ');
const STAMP = new Date('2026-02-01T08:30:00Z');

/** 10:00 on 15 January and on 15 July 2026 in each zone, as UTC (winter and summer offsets). */
const TEN_O_CLOCK_UTC: Record<CalendarTimezone, { winter: string; summer: string }> = {
  'Europe/Berlin': { winter: '2026-01-15T09:00:00Z', summer: '2026-07-15T08:00:00Z' },
  'Europe/London': { winter: '2026-01-15T10:00:00Z', summer: '2026-07-15T09:00:00Z' },
  'Europe/Paris': { winter: '2026-01-15T09:00:00Z', summer: '2026-07-15T08:00:00Z' },
  'America/New_York': { winter: '2026-01-15T15:00:00Z', summer: '2026-07-15T14:00:00Z' },
  'America/Los_Angeles': { winter: '2026-01-15T18:00:00Z', summer: '2026-07-15T17:00:00Z' },
  'Asia/Tokyo': { winter: '2026-01-15T01:00:00Z', summer: '2026-07-15T01:00:00Z' },
  UTC: { winter: '2026-01-15T10:00:00Z', summer: '2026-07-15T10:00:00Z' },
};

/** A checked event; `stored` bypasses the checks, like a row stored before a rule existed. */
function event(overrides: Partial<CalendarEventPayload> & { event_id?: string } = {}, stored: Partial<IcsEvent> = {}): IcsEvent {
  const { event_id, ...fields } = overrides;
  return {
    ...calendarEventSchema.parse({
      title: `Title ${ONE_LINE}`,
      start_date: '2026-01-15',
      start_time: '10:00',
      end_date: '2026-01-15',
      end_time: '11:30',
      description: `Description ${SPECIAL}`,
      location: `Location ${ONE_LINE}`,
      guests: 'anna@example.com, bernd.müller@example.de',
      organizer_name: 'Jörg Müller, Coach; "Mentor" 🎯',
      organizer_email: 'joerg@example.com',
      reminder_minutes: 45,
      source_website: 'https://coach.example/newsletter',
      source_name: `Newsletter ${ONE_LINE}`,
      ...fields,
    }),
    ...stored,
    event_id: event_id ?? 'event_1767225600000_abcdefghijklmnop',
  };
}

function parse(ics: string) {
  ICAL.TimezoneService.reset();
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return { calendar, vevent: vevents[0]! };
}

const instant = (value: unknown) => new Date((value as ICAL.Time).toUnixTime() * 1000).toISOString().replace('.000', '');
const rawValue = (vevent: ICAL.Component, name: string) => vevent.getFirstProperty(name)!.toJSON()[3];
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

function expectRfc5545Lines(ics: string) {
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const lines = ics.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/); // no bare CR or LF: every line ends with CRLF
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\uD800-\uDBFF]$/); // folding never splits a character
  }
}

afterEach(() => ICAL.TimezoneService.reset());

describe.each(CALENDAR_TIMEZONES)('the .ics file in %s', (timezone) => {
  describe.each([
    { recurring: false, season: 'winter', date: '2026-01-15' },
    { recurring: true, season: 'summer', date: '2026-07-15' },
  ] as const)('recurring: $recurring ($season)', ({ recurring, season, date }) => {
    const source = event({
      timezone,
      start_date: date,
      end_date: date,
      recurrence_enabled: recurring,
      recurrence_frequency: 'WEEKLY',
      recurrence_interval: 2,
      recurrence_count: 3,
    });
    const ics = buildIcs(source, { stamp: STAMP, lastModified: STAMP });

    it('is well-formed: CRLF line endings, lines folded at 75 octets, VERSION 2.0', () => {
      const { calendar } = parse(ics);
      expectRfc5545Lines(ics);
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getFirstPropertyValue('prodid')).toBe('-//mycrm//Calendar Link Creator//EN');
    });

    it('writes start and end in the chosen time zone, with its VTIMEZONE (UTC with a Z)', () => {
      const { calendar, vevent } = parse(ics);
      const zones = calendar.getAllSubcomponents('vtimezone');
      const start = vevent.getFirstProperty('dtstart')!;
      const end = vevent.getFirstProperty('dtend')!;
      if (timezone === 'UTC') {
        expect(zones).toHaveLength(0);
        expect(start.getParameter('tzid')).toBeUndefined();
        expect(rawValue(vevent, 'dtstart')).toBe(`${date}T10:00:00Z`);
        expect(rawValue(vevent, 'dtend')).toBe(`${date}T11:30:00Z`);
      } else {
        expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual([timezone]);
        expect(start.getParameter('tzid')).toBe(timezone);
        expect(end.getParameter('tzid')).toBe(timezone);
        expect(rawValue(vevent, 'dtstart')).toBe(`${date}T10:00:00`);
        expect(rawValue(vevent, 'dtend')).toBe(`${date}T11:30:00`);
      }
      const expectedStart = TEN_O_CLOCK_UTC[timezone][season];
      expect(instant(start.getFirstValue())).toBe(expectedStart);
      expect(new Date(instant(end.getFirstValue())).getTime() - new Date(expectedStart).getTime()).toBe(90 * 60_000);
    });

    it('has the stored UID, DTSTAMP and LAST-MODIFIED in UTC', () => {
      const { vevent } = parse(ics);
      expect(vevent.getFirstPropertyValue('uid')).toBe('event_1767225600000_abcdefghijklmnop@coach.example');
      expect(rawValue(vevent, 'dtstamp')).toBe('2026-02-01T08:30:00Z');
      expect(rawValue(vevent, 'last-modified')).toBe('2026-02-01T08:30:00Z');
    });

    it('keeps commas, semicolons, quotes, umlauts and emoji in SUMMARY, DESCRIPTION and LOCATION, and line breaks in DESCRIPTION', () => {
      const { vevent } = parse(ics);
      expect(vevent.getFirstPropertyValue('summary')).toBe(source.title);
      expect(vevent.getFirstPropertyValue('description')).toBe(source.description);
      expect(vevent.getFirstPropertyValue('location')).toBe(source.location);
      const unfolded = unfold(ics);
      expect(unfolded).toContain('DESCRIPTION:Description Kick-off\\, Q3\\; "Planung" & <Ziele>\\nZeile 2');
    });

    it(recurring ? 'repeats by its RRULE: every 2 weeks, 3 times' : 'has no RRULE', () => {
      const { vevent } = parse(ics);
      const rrule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur | null;
      if (!recurring) {
        expect(rrule).toBeNull();
        return;
      }
      expect(rrule!.freq).toBe('WEEKLY');
      expect(rrule!.interval).toBe(2);
      expect(rrule!.count).toBe(3);
      const iterator = new ICAL.Event(vevent).iterator();
      const starts: string[] = [];
      for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toString().slice(0, 10));
      expect(starts).toEqual(['2026-07-15', '2026-07-29', '2026-08-12']);
    });

    it('invites each guest as a required participant and names the organizer', () => {
      const { vevent } = parse(ics);
      const attendees = vevent.getAllProperties('attendee');
      expect(attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual([
        'mailto:anna@example.com',
        'mailto:bernd.müller@example.de',
      ]);
      for (const attendee of attendees) expect(attendee.getParameter('role')).toBe('REQ-PARTICIPANT');
      const organizer = vevent.getFirstProperty('organizer')!;
      expect(organizer.getFirstValue()).toBe('mailto:joerg@example.com');
      // A quoted parameter cannot hold a double quote (RFC 5545, 3.2): it becomes an apostrophe.
      expect(organizer.getParameter('cn')).toBe("Jörg Müller, Coach; 'Mentor' 🎯");
    });

    it('reminds with a display alarm 45 minutes before the start', () => {
      const { vevent } = parse(ics);
      const alarms = vevent.getAllSubcomponents('valarm');
      expect(alarms).toHaveLength(1);
      expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect((alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-45 * 60);
      expect(alarms[0]!.getFirstPropertyValue('description')).toBe(source.title);
    });
  });
});

describe('the .ics file, further rules', () => {
  it('builds an unsaved event UID from a timestamp and random text, with the placeholder domain', () => {
    const unsaved = { ...event({ source_website: '' }), event_id: undefined };
    const uids = [buildIcs(unsaved), buildIcs(unsaved)].map((ics) => parse(ics).vevent.getFirstPropertyValue('uid'));
    for (const uid of uids) expect(uid).toMatch(new RegExp(`^\\d{13}-[a-z2-7]{12}@${ICS_PLACEHOLDER_DOMAIN.replace('.', '\\.')}$`));
    expect(uids[0]).not.toBe(uids[1]);
  });

  it('takes the UID domain from a website written without a scheme, and ignores one that is no address', () => {
    const uid = (source_website: string) => parse(buildIcs(event({ source_website }))).vevent.getFirstPropertyValue('uid');
    expect(uid('www.coach.example')).toBe('event_1767225600000_abcdefghijklmnop@www.coach.example');
    expect(uid('Mein Newsletter')).toBe(`event_1767225600000_abcdefghijklmnop@${ICS_PLACEHOLDER_DOMAIN}`);
  });

  it('writes DTSTAMP as the current time in UTC when no stamp is given', () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const stamp = new Date(rawValue(parse(buildIcs(event())).vevent, 'dtstamp') as string).getTime();
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });

  it('writes INTERVAL only above 1, and UNTIL as the end of that day in UTC, including that day', () => {
    const source = event({
      timezone: 'Europe/Berlin',
      recurrence_enabled: true,
      recurrence_frequency: 'DAILY',
      recurrence_interval: 1,
      recurrence_until: '2026-01-18',
    });
    const { vevent } = parse(buildIcs(source));
    expect(unfold(buildIcs(source))).toContain('RRULE:FREQ=DAILY;UNTIL=20260118T225959Z\r\n');
    const rrule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rrule.until!.toString()).toBe('2026-01-18T22:59:59Z');
    const iterator = new ICAL.Event(vevent).iterator();
    const days: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) days.push(next.toString().slice(0, 10));
    expect(days).toEqual(['2026-01-15', '2026-01-16', '2026-01-17', '2026-01-18']);
  });

  it('writes COUNT alone when both a count and an end date are given (RFC 5545 allows only one)', () => {
    const ics = unfold(buildIcs(event({ recurrence_enabled: true, recurrence_count: 4, recurrence_until: '2026-12-31' })));
    expect(ics).toContain('RRULE:FREQ=WEEKLY;COUNT=4\r\n');
  });

  it('leaves ORGANIZER out unless both name and email are present, and the alarm when reminders are off', () => {
    for (const fields of [{ organizer_name: '' }, { organizer_email: '' }]) {
      expect(parse(buildIcs(event(fields))).vevent.getFirstProperty('organizer')).toBeNull();
    }
    expect(parse(buildIcs(event({ reminder_enabled: false }))).vevent.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('writes no ATTENDEE without guests, and drops empty guest entries', () => {
    expect(parse(buildIcs(event({ guests: '' }))).vevent.getAllProperties('attendee')).toHaveLength(0);
    const guests = parse(buildIcs(event({ guests: ' , a@example.com ,, ' }))).vevent.getAllProperties('attendee');
    expect(guests.map((g) => String(g.getFirstValue()).toLowerCase())).toEqual(['mailto:a@example.com']);
  });

  it('folds long text of multi-byte characters without breaking a character', () => {
    const title = 'Ä😀'.repeat(120);
    const ics = buildIcs(event({ title, description: 'ß'.repeat(500) }));
    expectRfc5545Lines(ics);
    expect(parse(ics).vevent.getFirstPropertyValue('summary')).toBe(title);
  });

  it('cannot be broken by control characters or line breaks in single-line fields (stored before the API refused them)', () => {
    const ics = buildIcs(event({}, { title: 'A\u0000B\u0007C', guests: 'x@example.com\r\nBEGIN:VEVENT', organizer_name: 'Eve\nEND:VEVENT' }));
    expectRfc5545Lines(ics);
    const { vevent } = parse(ics);
    expect(vevent.getFirstPropertyValue('summary')).toBe('ABC');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Eve END:VEVENT');
  });

  it('writes the chosen wall-clock time even where the machine’s own zone skips that hour', () => {
    const machineZone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin'; // 02:00–03:00 on 29 March 2026 does not exist in Berlin
    try {
      const ics = buildIcs(event({ timezone: 'America/New_York', start_date: '2026-03-29', start_time: '02:30', end_date: '2026-03-29', end_time: '03:30' }));
      expect(ics).toContain('DTSTART;TZID=America/New_York:20260329T023000\r\n');
      expect(ics).toContain('DTEND;TZID=America/New_York:20260329T033000\r\n');
      expect(instant(parse(ics).vevent.getFirstPropertyValue('dtstart'))).toBe('2026-03-29T06:30:00Z');
    } finally {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    }
  });

  it('refuses an invalid date or time instead of writing a wrong file', () => {
    expect(() => buildIcs({ ...event(), start_date: '2026-02-30' })).toThrow('Invalid date/time format');
    expect(() => buildIcs({ ...event(), end_time: '24:00' })).toThrow('Invalid date/time format');
  });

  it('previews the first 10 lines', () => {
    const preview = icsPreview(buildIcs(event()));
    expect(preview.split('\n')).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//mycrm//Calendar Link Creator//EN', 'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'TZURL:http://tzurl.org/zoneinfo-outlook/Europe/Berlin', 'X-LIC-LOCATION:Europe/Berlin', 'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200']);
  });
});
