import { createHash } from 'node:crypto';

/*
 * Pacing for Kit's limit of `limit` requests per rolling `windowMs` per API key.
 *
 * A token bucket: a small burst for interactive screens, then an even pace. In any window the
 * bucket lets through at most burst + rate × window = the allowance, a little under the limit (116
 * of 120), so that a restarted process (whose bucket starts almost empty) adds no burst to what its
 * predecessor sent, and so that jitter cannot push a window over the limit: requests granted within
 * one window may reach Kit spread over a window plus the jitter (event-loop stalls, network), which
 * lets rate × jitter more requests into one of Kit's windows. The room kept free is the larger of
 * 3 % of the limit and what 150 ms of jitter needs (which only matters for short, scaled windows).
 * Steady state uses (allowance - burst) / limit: 113 of 120, 94 %.
 *
 * After a 429 nobody starts a request for a while (Kit's advice: stop, wait, back off
 * exponentially on a repeated 429): windowMs / 8, doubling per consecutive 429, at most windowMs.
 */

export type Priority = 'interactive' | 'background';

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Share of the limit kept free at least (default 3 %). */
  headroom?: number;
  /** Delay variation between granting a request and Kit receiving it to allow for (default 150 ms). */
  jitterMs?: number;
  now?: () => number;
}

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class KitRateLimiter {
  readonly allowance: number;
  readonly burst: number;
  /** Tokens per millisecond. */
  readonly rate: number;
  private tokens = 1;
  private refilledAt: number;
  private blockedUntil = 0;
  private penaltyStreak = 0;
  private lastPenaltyAt = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  private readonly queues: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  private readonly now: () => number;

  constructor(readonly options: RateLimiterOptions) {
    const headroom = Math.max(options.headroom ?? 0.03, (options.jitterMs ?? 150) / options.windowMs);
    this.allowance = Math.max(1, Math.floor(options.limit * (1 - headroom)));
    this.burst = Math.max(1, Math.min(this.allowance - 1, Math.round(options.limit / 40)));
    this.rate = Math.max(1, this.allowance - this.burst) / options.windowMs;
    this.now = options.now ?? Date.now;
    this.refilledAt = this.now();
  }

  /** Resolves when a request may start; interactive callers go before queued background work. */
  acquire(signal?: AbortSignal, priority: Priority = 'background'): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const queue = this.queues[priority];
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queues[priority].push(waiter);
      this.pump();
    });
  }

  /**
   * Kit answered 429: pause everyone. A 429 for a request sent before the last pause began is the
   * same storm, not a repeat, so it does not double the pause again.
   */
  penalize(requestStartedAt: number): void {
    if (requestStartedAt < this.lastPenaltyAt) return;
    const now = this.now();
    const pause = Math.min(this.options.windowMs, (this.options.windowMs / 8) * 2 ** this.penaltyStreak);
    this.penaltyStreak += 1;
    this.lastPenaltyAt = now;
    this.blockedUntil = Math.max(this.blockedUntil, now + pause);
    this.tokens = 0;
    this.refilledAt = now;
  }

  /** Until when a 429 holds every request back (null: not paused), for screens that show the wait. */
  pausedUntil(): number | null {
    return this.blockedUntil > this.now() ? this.blockedUntil : null;
  }

  /** A request got through: the next 429 starts the back-off from the beginning again. */
  succeeded(): void {
    this.penaltyStreak = 0;
  }

  private refill(now: number): void {
    const from = Math.max(this.refilledAt, this.blockedUntil);
    if (now > from) this.tokens = Math.min(this.burst, this.tokens + (now - from) * this.rate);
    this.refilledAt = Math.max(now, this.refilledAt);
  }

  private next(): Waiter | undefined {
    return this.queues.interactive[0] ?? this.queues.background[0];
  }

  private pump(): void {
    if (this.timer) return;
    for (let waiter = this.next(); waiter; waiter = this.next()) {
      const now = this.now();
      if (now < this.blockedUntil) return this.wake(this.blockedUntil - now);
      this.refill(now);
      if (this.tokens < 1) return this.wake(Math.ceil((1 - this.tokens) / this.rate));
      this.tokens -= 1;
      (this.queues.interactive[0] === waiter ? this.queues.interactive : this.queues.background).shift();
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve();
    }
  }

  private wake(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, Math.max(1, ms));
  }
}

/*
 * One limiter per API key in this process, shared by the job worker and the staff screens, since
 * Kit counts per key. (Several instances each pace themselves: see KIT_RATE_LIMIT.)
 */
const limiters = new Map<string, KitRateLimiter>();

export function limiterFor(baseUrl: string, apiKey: string, options: { limit: number; windowMs: number }): KitRateLimiter {
  const id = createHash('sha256').update(`${baseUrl}\n${apiKey}\n${options.limit}/${options.windowMs}`).digest('hex');
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new KitRateLimiter(options);
    limiters.set(id, limiter);
  }
  return limiter;
}
