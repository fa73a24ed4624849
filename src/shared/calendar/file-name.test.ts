import { describe, expect, it } from 'vitest';
import { icsFileName } from './file-name.ts';

describe('icsFileName', () => {
  it('replaces every character that is not a letter or digit with an underscore and adds .ics', () => {
    expect(icsFileName('Team Meeting 2026')).toBe('Team_Meeting_2026.ics');
    expect(icsFileName('Kick-off: Q3, "Planung"; 🎉')).toBe('Kick_off__Q3___Planung____.ics');
    expect(icsFileName('a/b\\c..d')).toBe('a_b_c__d.ics');
  });

  it('keeps letters of every script, also when written as base letter plus accent', () => {
    expect(icsFileName('Überblick Größe')).toBe('Überblick_Größe.ics');
    expect(icsFileName('U\u0308bung')).toBe('Übung.ics');
    expect(icsFileName('東京 Webinar')).toBe('東京_Webinar.ics');
  });
});
