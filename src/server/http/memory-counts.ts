import type { Count } from './rate-limit.ts';

/**
 * Fixed-window hit counters in this process's memory, with the rules of the auth_throttle table
 * (rate-limit.ts): a window starts with a key's first hit and a hit after it ends starts a new one.
 */
export class MemoryCounts {
  /** key → hits in the window and when it started (ms); in insertion order, oldest window first. */
  private readonly counts = new Map<string, { hits: number; startedAt: number }>();
  private longestWindowMs = 0;
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, limit: number, windowMs: number): Count {
    const now = this.now();
    this.sweep(now, windowMs);
    let entry = this.counts.get(key);
    if (!entry || entry.startedAt <= now - windowMs) {
      // A new window: re-inserted, so the map stays ordered by window start.
      this.counts.delete(key);
      entry = { hits: 0, startedAt: now };
      this.counts.set(key, entry);
    }
    entry.hits++;
    return { hits: entry.hits, over: entry.hits > limit, retryAfterSeconds: Math.max(1, Math.ceil((entry.startedAt + windowMs - now) / 1000)) };
  }

  forgive(key: string): void {
    const entry = this.counts.get(key);
    if (entry) entry.hits = Math.max(entry.hits - 1, 0);
  }

  clear(key: string): void {
    this.counts.delete(key);
  }

  clearWhere(matches: (key: string) => boolean): void {
    for (const key of this.counts.keys()) if (matches(key)) this.counts.delete(key);
  }

  /** Keys whose window ended long ago go, oldest first, at most once a minute: memory stays bounded by the traffic of the longest window. */
  private sweep(now: number, windowMs: number): void {
    this.longestWindowMs = Math.max(this.longestWindowMs, windowMs);
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    for (const [key, entry] of this.counts) {
      if (entry.startedAt > now - this.longestWindowMs) break;
      this.counts.delete(key);
    }
  }

  /** Keys counted now (for tests of the sweep). */
  get size(): number {
    return this.counts.size;
  }
}
