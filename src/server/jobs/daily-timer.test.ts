import { afterEach, describe, expect, it, vi } from 'vitest';
import { msUntilDaily, startDailyTimer } from './daily-timer.ts';

describe('the daily timer', () => {
  afterEach(() => vi.useRealTimers());

  it('waits until the next time the hour strikes in UTC (the nightly backup at 03:00)', () => {
    expect(msUntilDaily(new Date('2026-03-01T01:30:00Z'), 3)).toBe(90 * 60_000);
    expect(msUntilDaily(new Date('2026-03-01T03:00:00Z'), 3)).toBe(24 * 3_600_000);
    expect(msUntilDaily(new Date('2026-03-01T23:59:00Z'), 0)).toBe(60_000);
    expect(msUntilDaily(new Date('2026-12-31T05:00:00Z'), 3)).toBe(22 * 3_600_000);
  });

  it('waits until the minute of the hour too (retention at 03:30)', () => {
    expect(msUntilDaily(new Date('2026-06-15T03:00:00Z'), 3, 30)).toBe(30 * 60_000);
    expect(msUntilDaily(new Date('2026-06-15T03:30:00Z'), 3, 30)).toBe(24 * 3_600_000);
    expect(msUntilDaily(new Date('2026-06-15T04:00:00Z'), 3, 30)).toBe(23.5 * 3_600_000);
  });

  it('runs once a day, goes on after a failed run, and after stop() runs no more', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-15T03:00:00Z') });
    const run = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('disk full')).mockResolvedValue();
    const onError = vi.fn();
    const timer = startDailyTimer(run, { hour: 3, minute: 30, onError });
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('disk full'));
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(run).toHaveBeenCalledTimes(2);
    await timer.stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * 3_600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
