import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { claimAbandonedJob, runBulkJobBatch, type BulkJobDeps, type Lease } from './bulk-jobs.ts';
import { contactBulkJobs } from './schema.ts';

/*
 * Runs bulk jobs in the background of a server instance: the ones its requests start, and any job
 * whose instance died (its lease ran out) or was stopped. Between batches it yields to requests,
 * so a 100,000-contact job never holds the database for long.
 */

export interface BulkJobRunner {
  /** Works on a job its request leased. */
  run(lease: Lease): void;
  /** Finishes the batch in progress, then gives its jobs back (another start resumes them at once). */
  stop(): Promise<void>;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export interface BulkJobRunnerOptions {
  db: Db;
  log: Log;
  /** How often to look for abandoned jobs. */
  pollMs?: number;
  /** A job whose instance has not finished a batch for this long is taken over. */
  leaseMs?: number;
  deps?: BulkJobDeps;
}

export function startBulkJobRunner({ db, log, pollMs = 5_000, leaseMs = 60_000, deps = {} }: BulkJobRunnerOptions): BulkJobRunner {
  const running = new Map<string, Promise<void>>();
  let stopping = false;

  const release = (lease: Lease) =>
    db
      .update(contactBulkJobs)
      .set({ lock_token: null, locked_at: null })
      .where(and(eq(contactBulkJobs.id, lease.jobId), eq(contactBulkJobs.lock_token, lease.token)));

  async function work(lease: Lease) {
    try {
      for (;;) {
        if (stopping) return void (await release(lease));
        if ((await runBulkJobBatch(db, lease, undefined, deps)) !== 'more') return;
        // Let waiting requests in between two batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      log.error({ err: error, jobId: lease.jobId }, 'bulk contact job failed');
    }
  }

  function run(lease: Lease) {
    if (stopping) return void release(lease);
    if (running.has(lease.jobId)) return;
    const done = work(lease).finally(() => running.delete(lease.jobId));
    running.set(lease.jobId, done);
  }

  let polling: Promise<void> | undefined;
  async function poll() {
    try {
      const lease = await claimAbandonedJob(db, leaseMs);
      if (!lease) return;
      if (stopping) await release(lease);
      else run(lease);
    } catch (error) {
      log.error({ err: error }, 'looking for abandoned bulk contact jobs failed');
    }
  }
  const pollOnce = () => {
    if (!stopping && !polling) polling = poll().finally(() => (polling = undefined));
  };

  pollOnce();
  const timer = setInterval(pollOnce, pollMs);
  timer.unref();

  return {
    run,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await polling;
      await Promise.all(running.values());
    },
  };
}
