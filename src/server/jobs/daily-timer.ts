/** Milliseconds from `now` to the next `hour`:`minute` UTC (a full day when it is that moment now). */
export function msUntilDaily(now: Date, hour: number, minute = 0): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs `run` every day at `hour`:`minute` UTC. The timer never keeps the process alive (unref), a
 * failed run is handed to `onError` and the next day's still comes, and stop() clears the timer and
 * waits for a run under way.
 */
export function startDailyTimer(
  run: () => Promise<unknown>,
  { hour, minute = 0, now = () => new Date(), onError }: { hour: number; minute?: number; now?: () => Date; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .then(() => undefined, onError)
        .finally(schedule);
    }, msUntilDaily(now(), hour, minute));
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
