import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { kitClientForKey, createKitContext, type ClientTuning } from './connection.ts';
import { loadKitEnv, type KitEnv } from './env.ts';
import { claimJobs, completeJob, failJob, onKitJobsQueued, recoverExpiredJobs, releaseJob, type ClaimedJob } from './queue.ts';
import { readKitApiKey } from './settings.ts';
import { isPermanentSyncFailure, syncContactToKit } from './sync.ts';

/*
 * The background worker that drains the Kit sync queue. Every server instance runs one; they share
 * the queue safely (see queue.ts). Several jobs run at once: a job spends part of its time in the
 * database and waiting for Kit's answers, and enough jobs in flight keep the key's rate limiter fed
 * with the next request. The limiter, not the worker, sets the pace (bench/kit.ts measures it).
 *
 * While no API key is saved the worker leaves jobs queued (nothing is lost; they run once a key is
 * saved). A failed attempt is retried with exponential back-off; a failure retrying cannot fix
 * (a 4xx from Kit, a deleted contact) fails the job at once. stop() lets running jobs finish for a
 * while, then gives the rest back to the queue.
 */

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface KitWorkerOptions {
  db: Db;
  config: Pick<Config, 'dataDir'>;
  log: WorkerLog;
  env?: KitEnv;
  /** Jobs in flight per instance (they mostly wait for the rate limiter). */
  concurrency?: number;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** A running job whose worker is silent this long goes back to the queue. */
  leaseMs?: number;
  /** Attempts per job before it fails. */
  maxAttempts?: number;
  /** Delay before the second attempt; doubles per attempt, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long stop() waits for running jobs before handing them back. */
  drainMs?: number;
  client?: ClientTuning;
}

export interface KitWorker {
  stop(): Promise<void>;
}

const KEY_REFRESH_MS = 1_000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Unknown error';

export function startKitWorker(options: KitWorkerOptions): KitWorker {
  const { db, log } = options;
  const env = options.env ?? loadKitEnv();
  const ctx = createKitContext(db, options.config, env);
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 30 * 60_000;
  const drainMs = options.drainMs ?? 10_000;
  // A job never outlives its lease while this process runs, so no other worker can take it over mid-run.
  const jobTimeoutMs = Math.floor(leaseMs * 0.8);

  const shutdown = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let tickAgain = false;
  let lastRecovery = 0;
  const key: { value: string | null; readAt: number } = { value: null, readAt: 0 };

  const retryDelay = (attempts: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1)) * (0.8 + Math.random() * 0.4);

  async function run(job: ClaimedJob, apiKey: string): Promise<void> {
    const signal = AbortSignal.any([shutdown.signal, AbortSignal.timeout(jobTimeoutMs)]);
    const client = kitClientForKey(env, apiKey, { priority: 'background', ...options.client, signal });
    try {
      await syncContactToKit(db, client, job.contact_id, job.tag_names);
      if (!(await completeJob(db, job))) log.warn({ job: job.id }, 'Kit sync finished after its lease ran out');
    } catch (error) {
      if (shutdown.signal.aborted) {
        await releaseJob(db, job);
        return;
      }
      const message = signal.aborted ? `The sync took longer than ${Math.round(jobTimeoutMs / 1000)} s and was stopped` : messageOf(error);
      const final = isPermanentSyncFailure(error) || job.attempts >= maxAttempts;
      await failJob(db, job, message, { final, retryInMs: retryDelay(job.attempts) });
      log.warn({ job: job.id, contact: job.contact_id, attempt: job.attempts, final }, `Kit sync failed: ${message}`);
    }
  }

  function start(job: ClaimedJob, apiKey: string) {
    const promise = run(job, apiKey)
      .catch((error) => log.error({ err: error, job: job.id }, 'Kit sync job could not be recorded; its lease will expire and it will run again'))
      .finally(() => {
        inFlight.delete(promise);
        void tick();
      });
    inFlight.add(promise);
  }

  /** The saved key, read at most once per KEY_REFRESH_MS (a replaced or cleared key takes effect within it). */
  async function currentApiKey(now: number): Promise<string | null> {
    if (now - key.readAt < KEY_REFRESH_MS) return key.value;
    try {
      key.value = await readKitApiKey(db, ctx.secret);
    } catch (error) {
      if (key.readAt === 0 || key.value !== null) log.warn({}, messageOf(error));
      key.value = null;
    }
    key.readAt = now;
    return key.value;
  }

  async function fill(): Promise<void> {
    const now = Date.now();
    if (now - lastRecovery >= Math.min(leaseMs / 4, 60_000)) {
      lastRecovery = now;
      const recovered = await recoverExpiredJobs(db, leaseMs, maxAttempts);
      if (recovered) log.warn({ recovered }, 'Kit sync jobs whose worker stopped were put back in the queue');
    }
    const free = concurrency - inFlight.size;
    if (free <= 0) return;
    const apiKey = await currentApiKey(now);
    if (!apiKey) return;
    const jobs = await claimJobs(db, free);
    if (stopping) {
      await Promise.all(jobs.map((job) => releaseJob(db, job)));
      return;
    }
    for (const job of jobs) start(job, apiKey);
  }

  function tick(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (ticking) {
      tickAgain = true;
      return ticking;
    }
    clearTimeout(timer);
    ticking = fill()
      .catch((error) => log.error({ err: error }, 'Kit sync worker could not read the queue'))
      .finally(() => {
        ticking = undefined;
        if (stopping) return;
        if (tickAgain) {
          tickAgain = false;
          void tick();
        } else {
          timer = setTimeout(() => void tick(), pollMs);
        }
      });
    return ticking;
  }

  const unsubscribe = onKitJobsQueued(() => void tick());
  void tick();

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      unsubscribe();
      clearTimeout(timer);
      await ticking;
      const drained = Promise.allSettled([...inFlight]);
      let giveUp: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        drained.then(() => false),
        new Promise<boolean>((resolve) => (giveUp = setTimeout(() => resolve(true), drainMs))),
      ]);
      clearTimeout(giveUp);
      if (gaveUp) {
        shutdown.abort(new Error('The Kit sync worker is stopping'));
        await drained;
      }
    },
  };
}
