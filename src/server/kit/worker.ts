import { setMaxListeners } from 'node:events';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { countKitSync } from '../metrics/service.ts';
import { deadline } from './deadline.ts';
import { kitClientForKey, createKitContext, type ClientTuning, type KitContext } from './connection.ts';
import {
  claimJobs,
  completeJob,
  failJob,
  onKitJobsQueued,
  parkJobUntilNewKey,
  recoverExpiredJobs,
  releaseJob,
  resumeJobsWaitingForKey,
  type ClaimedJob,
} from './queue.ts';
import { readKitApiKey } from './settings.ts';
import { isKeyRefused, isPermanentSyncFailure, syncContactToKit } from './sync.ts';
import {
  claimUnsubscribes,
  completeUnsubscribe,
  failUnsubscribe,
  recoverExpiredUnsubscribes,
  releaseUnsubscribe,
  unsubscribeInKit,
  type ClaimedUnsubscribe,
} from './unsubscribes.ts';

/*
 * The background worker that drains the Kit sync queue. Every server instance runs one; they share
 * the queue safely (see queue.ts). Several jobs run at once: a job spends part of its time in the
 * database and waiting for Kit's answers, and enough jobs in flight keep the key's rate limiter fed
 * with the next request. The limiter, not the worker, sets the pace (bench/kit.ts measures it).
 *
 * While no API key is saved the worker leaves jobs queued (nothing is lost; they run once a key is
 * saved); a job Kit refuses because of the key (401, 403) waits until a key is saved again. A failed attempt is retried with exponential back-off; a failure retrying cannot fix
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
  config: Pick<Config, 'dataDir' | 'kit'>;
  log: WorkerLog;
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

type Timing = Required<Pick<KitWorkerOptions, 'concurrency' | 'pollMs' | 'leaseMs' | 'maxAttempts' | 'retryBaseMs' | 'retryMaxMs' | 'drainMs'>>;

/** One running worker: its settings and the state its steps share. */
interface Worker extends Timing {
  db: Db;
  log: WorkerLog;
  ctx: KitContext;
  client: ClientTuning | undefined;
  /** A job never outlives its lease while this process runs, so no other worker can take it over mid-run. */
  jobTimeoutMs: number;
  /** Aborted when stop() gives up waiting: running syncs end and their jobs go back to the queue. */
  shutdown: AbortController;
  inFlight: Set<Promise<void>>;
  stopping: boolean;
  timer: NodeJS.Timeout | undefined;
  ticking: Promise<void> | undefined;
  tickAgain: boolean;
  lastRecovery: number;
  key: { value: string | null; readAt: number };
}

export function startKitWorker(options: KitWorkerOptions): KitWorker {
  const worker = createWorker(options);
  const unsubscribe = onKitJobsQueued(() => void tick(worker));
  void tick(worker);
  return {
    async stop() {
      unsubscribe();
      await stopWorker(worker);
    },
  };
}

function createWorker(options: KitWorkerOptions): Worker {
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const concurrency = options.concurrency ?? 16;
  return {
    db: options.db,
    log: options.log,
    ctx: createKitContext(options.db, options.config),
    client: options.client,
    concurrency,
    pollMs: options.pollMs ?? 1_000,
    leaseMs,
    maxAttempts: options.maxAttempts ?? 6,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    retryMaxMs: options.retryMaxMs ?? 30 * 60_000,
    drainMs: options.drainMs ?? 10_000,
    jobTimeoutMs: Math.floor(leaseMs * 0.8),
    shutdown: shutdownController(concurrency),
    inFlight: new Set(),
    stopping: false,
    timer: undefined,
    ticking: undefined,
    tickAgain: false,
    lastRecovery: 0,
    key: { value: null, readAt: 0 },
  };
}

/**
 * Each job in flight listens to it through its deadline: up to `concurrency` listeners, past Node's
 * default of 10. Any more would be deadlines never cleared, and Node's leak warning says so.
 */
function shutdownController(concurrency: number): AbortController {
  const controller = new AbortController();
  setMaxListeners(Math.max(10, concurrency), controller.signal);
  return controller;
}

/** Exponential back-off with ±20 % jitter, so jobs that failed together do not retry together. */
function retryDelay(w: Worker, attempts: number): number {
  return Math.min(w.retryMaxMs, w.retryBaseMs * 2 ** (attempts - 1)) * (0.8 + Math.random() * 0.4);
}

/** One pass: recover crashed workers' jobs, then fill the free slots with due jobs. Never two passes at once. */
function tick(w: Worker): Promise<void> {
  if (w.stopping) return Promise.resolve();
  if (w.ticking) {
    w.tickAgain = true;
    return w.ticking;
  }
  clearTimeout(w.timer);
  w.ticking = fillSlots(w)
    .catch((error) => w.log.error({ err: error }, 'Kit sync worker could not read the queue'))
    .finally(() => {
      w.ticking = undefined;
      if (w.stopping) return;
      if (w.tickAgain) {
        w.tickAgain = false;
        void tick(w);
      } else {
        w.timer = setTimeout(() => void tick(w), w.pollMs);
      }
    });
  return w.ticking;
}

async function fillSlots(w: Worker): Promise<void> {
  const now = Date.now();
  await recoverExpiredJobsNowAndThen(w, now);
  const free = w.concurrency - w.inFlight.size;
  if (free <= 0) return;
  const apiKey = await currentApiKey(w, now);
  if (!apiKey) return;
  const jobs = await claimJobs(w.db, free);
  // Erased people's unsubscribes share the slots (and so the key's rate limiter) with the syncs.
  const unsubscribes = await claimUnsubscribes(w.db, free - jobs.length);
  if (w.stopping) {
    await Promise.all([...jobs.map((job) => releaseJob(w.db, job)), ...unsubscribes.map((job) => releaseUnsubscribe(w.db, job))]);
    return;
  }
  for (const job of jobs) startJob(w, job, apiKey);
  for (const job of unsubscribes) track(w, runUnsubscribe(w, job, apiKey), job.id);
}

async function recoverExpiredJobsNowAndThen(w: Worker, now: number): Promise<void> {
  if (now - w.lastRecovery < Math.min(w.leaseMs / 4, 60_000)) return;
  w.lastRecovery = now;
  const recovered = await recoverExpiredJobs(w.db, w.leaseMs, w.maxAttempts);
  if (recovered) w.log.warn({ recovered }, 'Kit sync jobs whose worker stopped were put back in the queue');
  const unsubscribes = await recoverExpiredUnsubscribes(w.db, w.leaseMs);
  if (unsubscribes) w.log.warn({ recovered: unsubscribes }, 'Kit unsubscribes whose worker stopped were put back in the queue');
}

/**
 * The saved key, read at most once per KEY_REFRESH_MS (a replaced or cleared key takes effect within
 * it), or now when `fresh`. A new key, saved through any instance, puts the jobs that waited for one
 * back in the queue.
 */
async function currentApiKey(w: Worker, now: number, { fresh = false } = {}): Promise<string | null> {
  if (!fresh && now - w.key.readAt < KEY_REFRESH_MS) return w.key.value;
  const previous = w.key.readAt === 0 ? undefined : w.key.value;
  try {
    w.key.value = await readKitApiKey(w.db, w.ctx.secret);
  } catch (error) {
    if (w.key.readAt === 0 || w.key.value !== null) w.log.warn({}, messageOf(error));
    w.key.value = null;
  }
  w.key.readAt = now;
  if (previous !== undefined && w.key.value && w.key.value !== previous) {
    const { resumed } = await resumeJobsWaitingForKey(w.db);
    if (resumed) w.log.info({ resumed }, 'A new Kit API key was saved: the syncs that waited for one are queued again');
  }
  return w.key.value;
}

function startJob(w: Worker, job: ClaimedJob, apiKey: string): void {
  track(w, runJob(w, job, apiKey), job.id);
}

function track(w: Worker, run: Promise<void>, jobId: string): void {
  const promise = run
    .catch((error) => w.log.error({ err: error, job: jobId }, 'Kit job could not be recorded; its lease will expire and it will run again'))
    .finally(() => {
      w.inFlight.delete(promise);
      void tick(w);
    });
  w.inFlight.add(promise);
}

/** An erased person's unsubscribe: retried with back-off like a sync (a refused key too: a new one may come). */
async function runUnsubscribe(w: Worker, job: ClaimedUnsubscribe, apiKey: string): Promise<void> {
  const limit = deadline(w.shutdown.signal, w.jobTimeoutMs);
  const client = kitClientForKey(w.ctx.env, apiKey, { priority: 'background', ...w.client, signal: limit.signal });
  try {
    await unsubscribeInKit(client, job);
    if (!(await completeUnsubscribe(w.db, job))) w.log.warn({ job: job.id }, 'Kit unsubscribe finished after its lease ran out');
  } catch (error) {
    if (w.shutdown.signal.aborted) return void (await releaseUnsubscribe(w.db, job));
    const final = (isPermanentSyncFailure(error) && !isKeyRefused(error)) || job.attempts >= w.maxAttempts;
    await failUnsubscribe(w.db, job, messageOf(error), { final, retryInMs: retryDelay(w, job.attempts) });
    w.log.warn({ job: job.id, attempt: job.attempts, final }, `Kit unsubscribe failed: ${messageOf(error)}`);
  } finally {
    limit.clear();
  }
}

async function runJob(w: Worker, job: ClaimedJob, apiKey: string): Promise<void> {
  const limit = deadline(w.shutdown.signal, w.jobTimeoutMs);
  const client = kitClientForKey(w.ctx.env, apiKey, { priority: 'background', ...w.client, signal: limit.signal });
  try {
    await syncContactToKit(w.db, client, job.contact_id, job.tag_names);
    if (!(await completeJob(w.db, job))) w.log.warn({ job: job.id }, 'Kit sync finished after its lease ran out');
    countKitSync('done');
  } catch (error) {
    if (w.shutdown.signal.aborted) {
      await releaseJob(w.db, job);
      countKitSync('handed_back');
    } else await recordFailure(w, job, apiKey, error, limit.signal.aborted);
  } finally {
    limit.clear();
  }
}

/**
 * A failed attempt: waits for a new key when Kit refused this one, is retried after a back-off, or
 * fails for good when retrying cannot help or attempts ran out.
 */
async function recordFailure(w: Worker, job: ClaimedJob, apiKey: string, error: unknown, timedOut: boolean): Promise<void> {
  const message = timedOut ? `The sync took longer than ${Math.round(w.jobTimeoutMs / 1000)} s and was stopped` : messageOf(error);
  if (!timedOut && isKeyRefused(error)) {
    // Refused with a key that has just been replaced: run again at once with the new one.
    const saved = await currentApiKey(w, Date.now(), { fresh: true });
    if (saved && saved !== apiKey) {
      await failJob(w.db, job, message, { final: false });
      countKitSync('retry');
      return;
    }
    await parkJobUntilNewKey(w.db, job, message);
    countKitSync('waiting_for_key');
    w.log.warn({ job: job.id, contact: job.contact_id }, `Kit refused the API key; the sync waits for a new key: ${message}`);
    return;
  }
  const final = isPermanentSyncFailure(error) || job.attempts >= w.maxAttempts;
  await failJob(w.db, job, message, { final, retryInMs: retryDelay(w, job.attempts) });
  countKitSync(final ? 'failed' : 'retry');
  w.log.warn({ job: job.id, contact: job.contact_id, attempt: job.attempts, final }, `Kit sync failed: ${message}`);
}

/** Lets running jobs finish for drainMs, then aborts them (their jobs go back to the queue). */
async function stopWorker(w: Worker): Promise<void> {
  if (w.stopping) return;
  w.stopping = true;
  clearTimeout(w.timer);
  await w.ticking;
  const drained = Promise.allSettled([...w.inFlight]);
  let giveUp: NodeJS.Timeout | undefined;
  const gaveUp = await Promise.race([drained.then(() => false), new Promise<boolean>((resolve) => (giveUp = setTimeout(() => resolve(true), w.drainMs)))]);
  clearTimeout(giveUp);
  if (gaveUp) {
    w.shutdown.abort(new Error('The Kit sync worker is stopping'));
    await drained;
  }
}
