// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MESSAGES, type ImportMapping } from '@shared/contacts/csv.ts';
import { checkRows, useCheckSummary } from './import-checks.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const MAPPING: Partial<ImportMapping> = { email: 'E-Mail', tags: 'Tags' };
const TAGS = new Set(['vip']);

describe('checking import rows in the browser', () => {
  it('marks each row ready, invalid (with the reason) or repeated (pointing at the first row of its email)', () => {
    const rows = [
      { 'E-Mail': 'anna@example.com', Tags: 'vip' },
      { 'E-Mail': 'not an email', Tags: '' },
      { 'E-Mail': 'ANNA@example.com ', Tags: '' },
      { 'E-Mail': 'ben@example.com', Tags: 'unknown-tag' },
    ];
    const checks = checkRows(rows, 0, rows.length, MAPPING, TAGS, new Map());
    expect(checks.map((c) => [c.row, c.status])).toEqual([
      [1, 'ready'],
      [2, 'invalid'],
      [3, 'repeated'],
      [4, 'invalid'],
    ]);
    expect(checks[0]).toMatchObject({ values: { email: 'anna@example.com', tags: ['vip'] } });
    expect(checks[1]).toMatchObject({ email: 'not an email', reason: expect.stringContaining('Email') });
    expect(checks[2]).toMatchObject({ email: 'anna@example.com', reason: IMPORT_MESSAGES.duplicateInFile(1) });
    expect(checks[3]).toMatchObject({ email: 'ben@example.com', reason: expect.stringContaining('unknown-tag') });
  });

  it('gives the same answers slice by slice as in one pass: the first row of an email wins across slices', () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({ 'E-Mail': `person${i % 4}@example.com`, Tags: '' }));
    const whole = checkRows(rows, 0, rows.length, MAPPING, TAGS, new Map());
    const seen = new Map<string, number>();
    const sliced = [0, 3, 6].flatMap((from) => checkRows(rows, from, from + 3, MAPPING, TAGS, seen));
    expect(sliced).toEqual(whole);
    expect(whole.filter((c) => c.status === 'repeated').map((c) => c.row)).toEqual([5, 6, 7, 8, 9]);
  });
});

describe('the import summary', () => {
  const rows = Array.from({ length: 1_200 }, (_, i) => ({ 'E-Mail': i % 100 === 99 ? 'broken' : `person${i}@example.com`, Tags: '', Name: 'x' }));

  it('fills in 500 rows at a time between frames, so a large file never freezes the dialog', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCheckSummary(rows, MAPPING, TAGS));
    expect(result.current).toEqual({ checked: 0, total: 1_200, ready: 0, invalid: 0, repeated: 0, emails: [] });
    await act(() => vi.advanceTimersToNextTimerAsync());
    // The ready rows' emails (for the count of people erased before) only once every row is checked.
    expect(result.current).toMatchObject({ checked: 500, invalid: 5, emails: [] });
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(result.current.checked).toBe(1_000);
    await act(() => vi.advanceTimersToNextTimerAsync());
    const { emails, ...counts } = result.current;
    expect(counts).toEqual({ checked: 1_200, total: 1_200, ready: 1_188, invalid: 12, repeated: 0 });
    expect(emails).toHaveLength(1_188);
    expect(emails[0]).toBe('person0@example.com');
    expect(emails).not.toContain('broken');
  });

  it('starts over when the mapping changes, counting with the new one', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ mapping }) => useCheckSummary(rows, mapping, TAGS), { initialProps: { mapping: MAPPING } });
    await act(() => vi.runAllTimersAsync());
    expect(result.current.ready).toBe(1_188);

    // The email now comes from the Name column, which holds no address: every row fails.
    rerender({ mapping: { email: 'Name' } });
    expect(result.current).toEqual({ checked: 0, total: 1_200, ready: 0, invalid: 0, repeated: 0, emails: [] });
    await act(() => vi.runAllTimersAsync());
    expect(result.current).toEqual({ checked: 1_200, total: 1_200, ready: 0, invalid: 1_200, repeated: 0, emails: [] });
  });
});
