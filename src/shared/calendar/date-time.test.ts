import { describe, expect, it } from 'vitest';
import { compactDateTime, compactUtc, isoUtc, isValidDate, isValidTime, zonedTimeToUtc } from './date-time.ts';

describe('date and time checks', () => {
  it('accepts real dates written YYYY-MM-DD only', () => {
    for (const ok of ['2026-01-01', '2028-02-29', '2026-12-31']) expect(isValidDate(ok)).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-1', '01.03.2026', '', '2026-01-01T10:00']) {
      expect(isValidDate(bad), bad).toBe(false);
    }
  });

  it('accepts times 00:00 to 23:59 written HH:MM only', () => {
    for (const ok of ['00:00', '09:05', '23:59']) expect(isValidTime(ok)).toBe(true);
    for (const bad of ['24:00', '9:05', '12:60', '12:00:00', '', 'noon']) expect(isValidTime(bad), bad).toBe(false);
  });
});

describe('zonedTimeToUtc', () => {
  const utc = (date: string, time: string, zone: string) => isoUtc(zonedTimeToUtc(date, time, zone));

  it('reads wall-clock times in the event zone, winter and summer', () => {
    expect(utc('2026-01-15', '10:00', 'Europe/Berlin')).toBe('2026-01-15T09:00:00Z');
    expect(utc('2026-07-15', '10:00', 'Europe/Berlin')).toBe('2026-07-15T08:00:00Z');
    expect(utc('2026-07-15', '10:00', 'America/Los_Angeles')).toBe('2026-07-15T17:00:00Z');
    expect(utc('2026-01-15', '23:30', 'America/New_York')).toBe('2026-01-16T04:30:00Z');
    expect(utc('2026-01-15', '08:00', 'Asia/Tokyo')).toBe('2026-01-14T23:00:00Z');
    expect(utc('2026-05-01', '23:59:59', 'UTC')).toBe('2026-05-01T23:59:59Z');
  });

  it('follows RFC 5545 for times that occur twice or not at all', () => {
    // Clocks go back at 03:00 CEST on 25 Oct 2026: 02:30 happens twice; the first (CEST) counts.
    expect(utc('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00Z');
    // Clocks go forward at 02:00 CET on 29 Mar 2026: 02:30 is read with the old offset, as 03:30 CEST.
    expect(utc('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00Z');
  });

  it('does not depend on the machine’s own time zone', () => {
    const machineZone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      expect(utc('2026-03-29', '02:30', 'America/New_York')).toBe('2026-03-29T06:30:00Z');
    } finally {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    }
  });
});

describe('compact formats', () => {
  it('writes floating and UTC date-times as iCalendar does', () => {
    expect(compactDateTime('2026-03-02', '10:05')).toBe('20260302T100500');
    expect(compactUtc(new Date('2026-03-02T09:05:07.123Z'))).toBe('20260302T090507Z');
    expect(isoUtc(new Date('2026-03-02T09:05:07.123Z'))).toBe('2026-03-02T09:05:07Z');
  });
});
