import { describe, expect, it } from 'vitest';
import { COMPONENT_DEFINITIONS } from './component-definitions.ts';
import { isFlagOn, linesToList, listToLines, numberInput, toFlag } from './input-rules.ts';

describe('one entry per line', () => {
  it('drops blank lines and keeps the rest as a list', () => {
    expect(linesToList('Basic support\n\n  \nWeekly calls\r\nAll recordings\r\n')).toEqual(['Basic support', 'Weekly calls', 'All recordings']);
    expect(linesToList('')).toEqual([]);
    expect(linesToList('  padded entry  ')).toEqual(['padded entry']);
  });

  it('shows a stored list one entry per line', () => {
    expect(listToLines(['facebook', 'instagram'])).toBe('facebook\ninstagram');
    expect(listToLines(undefined)).toBe('');
    expect(linesToList(listToLines(['a', 'b c']))).toEqual(['a', 'b c']);
  });
});

describe('checkbox values', () => {
  it("are stored as 'true' and 'false'", () => {
    expect(toFlag(true)).toBe('true');
    expect(toFlag(false)).toBe('false');
    expect(isFlagOn('true')).toBe(true);
    expect(isFlagOn(true)).toBe(true);
    expect(isFlagOn('false')).toBe(false);
    expect(isFlagOn(undefined)).toBe(false);
  });
});

describe('numberInput', () => {
  const rows = COMPONENT_DEFINITIONS.textarea.fields.rows;
  const overlay = COMPONENT_DEFINITIONS.hero.fields.overlay;
  const columns = COMPONENT_DEFINITIONS.grid.fields.columns;

  it('keeps textarea rows within 1-20', () => {
    expect(numberInput(rows, '7')).toBe(7);
    expect(numberInput(rows, '0')).toBe(1);
    expect(numberInput(rows, '50')).toBe(20);
    expect(numberInput(rows, '3.6')).toBe(4);
  });

  it('keeps the hero overlay within 0-1 in steps of 0.1', () => {
    expect(numberInput(overlay, '0.3')).toBe(0.3);
    expect(numberInput(overlay, '0.34')).toBe(0.3);
    expect(numberInput(overlay, '0.75')).toBe(0.8);
    expect(numberInput(overlay, '-1')).toBe(0);
    expect(numberInput(overlay, '2')).toBe(1);
  });

  it('keeps grid columns within 1-4, and gives the default for text that is no number', () => {
    expect(numberInput(columns, '4')).toBe(4);
    expect(numberInput(columns, '9')).toBe(4);
    expect(numberInput(columns, 'three')).toBe(2);
    expect(numberInput(columns, '')).toBe(2);
  });
});
