import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { describe, expect, it } from 'vitest';
import { CALENDAR_TIMEZONES } from './constants.ts';
import { VTIMEZONES, vtimezoneComponent } from './vtimezones.ts';

describe('VTIMEZONE blocks', () => {
  it.each(CALENDAR_TIMEZONES.filter((zone) => zone !== 'UTC'))('%s is the block of @touch4it/ical-timezones', (zone) => {
    const fromPackage = getVtimezoneComponent(zone)!.trim().split(/\r?\n/);
    expect(vtimezoneComponent(zone)!.split('\r\n')).toEqual(fromPackage);
  });

  it('covers exactly the offered zones; UTC and others have none', () => {
    expect(Object.keys(VTIMEZONES).sort()).toEqual(CALENDAR_TIMEZONES.filter((zone) => zone !== 'UTC').sort());
    expect(vtimezoneComponent('UTC')).toBeNull();
    expect(vtimezoneComponent('Europe/Vienna')).toBeNull();
    expect(vtimezoneComponent('toString')).toBeNull();
  });
});
