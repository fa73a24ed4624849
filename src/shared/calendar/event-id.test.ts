import { describe, expect, it } from 'vitest';
import { isEventIdShaped, newEventId, randomText } from './event-id.ts';

describe('event ids', () => {
  it("are 'event_' plus the time and 16 random characters", () => {
    expect(newEventId(1767225600000)).toMatch(/^event_1767225600000_[a-z2-7]{16}$/);
    expect(newEventId()).toMatch(/^event_\d{13}_[a-z2-7]{16}$/);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newEventId(1)));
    expect(ids.size).toBe(1000);
  });

  it('random text uses the whole alphabet and only it', () => {
    const text = randomText(4000);
    expect(text).toMatch(/^[a-z2-7]{4000}$/);
    expect(new Set(text).size).toBe(32);
  });
});

describe('isEventIdShaped', () => {
  it('accepts new ids and plain tokens, refuses anything else', () => {
    expect(isEventIdShaped(newEventId())).toBe(true);
    expect(isEventIdShaped('00000000-0000-0000-0000-000000000000')).toBe(true);
    for (const bad of ['', 'a\u0000b', "x' or 1=1", 'a/b', 'ü', 'a'.repeat(201)]) expect(isEventIdShaped(bad), bad).toBe(false);
  });
});
