import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KitRateLimiter } from './rate-limiter.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts `count` acquisitions and records when each is granted. */
function track(limiter: KitRateLimiter, count: number, priority: 'interactive' | 'background' = 'background') {
  const grants: number[] = [];
  for (let i = 0; i < count; i++) void limiter.acquire(undefined, priority).then(() => grants.push(Date.now()));
  return grants;
}

function maxInAnyWindow(times: number[], windowMs: number): number {
  let max = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[start]! <= times[end]! - windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

describe('KitRateLimiter', () => {
  it("keeps every rolling window under Kit's 120 per 60 s and uses over 90 % of it in steady state", async () => {
    const limiter = new KitRateLimiter({ limit: 120, windowMs: 60_000 });
    const grants = track(limiter, 1_000);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(maxInAnyWindow(grants, 60_000)).toBeLessThanOrEqual(limiter.allowance);
    expect(limiter.allowance).toBeLessThan(120);
    // Steady state: the grants of the 5th to 9th minute.
    const start = grants[0]! + 4 * 60_000;
    const inFiveMinutes = grants.filter((t) => t >= start && t < start + 5 * 60_000).length;
    expect(inFiveMinutes / (5 * 120)).toBeGreaterThanOrEqual(0.9);
  });

  it('lets a short burst through at once, for screens that load several lists', async () => {
    const limiter = new KitRateLimiter({ limit: 120, windowMs: 60_000 });
    await vi.advanceTimersByTimeAsync(5_000); // idle: the bucket fills to its burst
    const grants = track(limiter, limiter.burst, 'interactive');
    await vi.advanceTimersByTimeAsync(1);
    expect(grants).toHaveLength(limiter.burst);
  });

  it('serves interactive requests before queued background work', async () => {
    const limiter = new KitRateLimiter({ limit: 120, windowMs: 60_000 });
    const order: string[] = [];
    for (let i = 0; i < 5; i++) void limiter.acquire(undefined, 'background').then(() => order.push(`b${i}`));
    await vi.advanceTimersByTimeAsync(0);
    void limiter.acquire(undefined, 'interactive').then(() => order.push('i'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(order).toEqual(['b0', 'i', 'b1', 'b2', 'b3', 'b4']);
  });

  it('stops everyone after a 429, doubling the pause on a repeated 429 and starting over after a success', async () => {
    const limiter = new KitRateLimiter({ limit: 120, windowMs: 80_000 });
    await limiter.acquire();
    limiter.penalize(Date.now());
    const first = track(limiter, 1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(first).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000); // 80 s / 8 = 10 s, plus one token's time
    expect(first).toHaveLength(1);

    limiter.penalize(Date.now());
    const second = track(limiter, 1);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(second).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(second).toHaveLength(1);

    limiter.succeeded();
    limiter.penalize(Date.now());
    const third = track(limiter, 1);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(third).toHaveLength(1);
  });

  it('counts 429s of requests sent before the pause began as the same storm, not a repeat', async () => {
    const limiter = new KitRateLimiter({ limit: 120, windowMs: 80_000 });
    const sentAt = Date.now();
    await vi.advanceTimersByTimeAsync(100);
    limiter.penalize(Date.now());
    limiter.penalize(sentAt); // a second request of the same burst comes back 429 too
    const next = track(limiter, 1);
    await vi.advanceTimersByTimeAsync(12_000); // one pause of 10 s, not 10 + 20
    expect(next).toHaveLength(1);
  });

  it('drops a waiter whose request was cancelled', async () => {
    const limiter = new KitRateLimiter({ limit: 120, windowMs: 60_000 });
    await limiter.acquire();
    const controller = new AbortController();
    const cancelled = limiter.acquire(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(cancelled).rejects.toThrow('stopped');
    const next = track(limiter, 1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(next).toHaveLength(1);
  });
});
