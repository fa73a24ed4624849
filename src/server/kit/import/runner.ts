import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { erasedEmailFinder } from '../../privacy/service.ts';
import { KitApiError } from '../client.ts';
import { createKitContext, kitClientForKey, type ClientTuning } from '../connection.ts';
import { readKitApiKey } from '../settings.ts';
import type { WorkerLog } from '../worker.ts';
import {
  claimKitImportJob,
  failKitImportJob,
  lastReconciliationStart,
  reconciliationSince,
  releaseKitImportJob,
  renewKitImportLease,
  runKitImportJob,
  startKitImportJob,
  type ClaimedImportJob,
} from './job.ts';

/*
 * Runs imports from Kit and reconciliation passes in the background of every instance: each looks
 * for a running job nobody holds (a lease, renewed by a heartbeat), so a job started on any instance,
 * or left by one that died, is taken up and goes on from its last page. The reconciliation is due
 * every `reconcileIntervalMs` once an import has finished; the one-running-job rule keeps it to one
 * pass at a time across instances. Timers are unref'd (they never keep a process alive) and stop()
 * gives the lease back, so a restart goes on at once.
 */

export interface KitImportRunnerOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'kit'>;
  log: WorkerLog;
  /** How often to look for a job to take up. */
  pollMs?: number;
  /** A job whose holder is silent this long is taken over. */
  leaseMs?: number;
  client?: ClientTuning;
}

export interface KitImportRunner {
  /** Looks for work now (a job was just started). */
  poke(): void;
  stop(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Unknown error';

/** Kit refused the request itself (a bad key, a 4xx): trying the same job again cannot help. */
const isFinal = (error: unknown) => error instanceof KitApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

const runners = new Set<KitImportRunner>();
/** Lets the runners of this process start a job at once instead of at their next poll. */
export function pokeKitImportRunners(): void {
  for (const runner of runners) runner.poke();
}

export function startKitImportRunner(options: KitImportRunnerOptions): KitImportRunner {
  const { db, log } = options;
  const ctx = createKitContext(db, options.config);
  const erasedAmong = erasedEmailFinder(ctx.secret);
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const reconcileEvery = options.config.kit.reconcileIntervalMs ?? 60 * 60_000;
  const shutdown = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function maybeStartReconciliation(): Promise<void> {
    if (reconcileEvery <= 0) return;
    const last = await lastReconciliationStart(db);
    if (last && Date.now() - last.getTime() < reconcileEvery) return;
    const since = await reconciliationSince(db);
    if (!since) return; // nothing imported yet: an import comes first
    await startKitImportJob(db, 'reconciliation', since).catch((error: unknown) => {
      // Another job runs (an import, or a pass another instance started): the next look tries again.
      if ((error as { code?: string }).code !== 'kit_import_running') throw error;
    });
  }

  async function runClaimed(claimed: ClaimedImportJob, apiKey: string): Promise<void> {
    const client = kitClientForKey(ctx.env, apiKey, { priority: 'background', ...options.client, signal: shutdown.signal });
    const heartbeat = setInterval(() => {
      void renewKitImportLease(db, claimed, client.rateLimitPausedUntil()).catch((error: unknown) => log.warn({ err: error }, 'Kit import lease not renewed'));
    }, Math.max(50, Math.floor(leaseMs / 4)));
    heartbeat.unref();
    try {
      await runKitImportJob(db, client, claimed, erasedAmong);
    } catch (error) {
      if (shutdown.signal.aborted) return;
      if (isFinal(error)) {
        await failKitImportJob(db, claimed, messageOf(error));
        log.warn({ job: claimed.job.id }, `Kit import failed: ${messageOf(error)}`);
      } else {
        // Kit out of reach after the client's retries: another look takes the job up again from its last page.
        log.warn({ job: claimed.job.id }, `Kit import paused: ${messageOf(error)}`);
      }
    } finally {
      clearInterval(heartbeat);
      await releaseKitImportJob(db, claimed).catch(() => {});
    }
  }

  async function look(): Promise<void> {
    const apiKey = await readKitApiKey(db, ctx.secret).catch(() => null);
    if (!apiKey) return;
    await maybeStartReconciliation();
    const claimed = await claimKitImportJob(db, leaseMs);
    if (claimed && !stopped) await runClaimed(claimed, apiKey);
    else if (claimed) await releaseKitImportJob(db, claimed);
  }

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = look()
      .catch((error: unknown) => log.error({ err: error }, 'Kit import runner could not read its jobs'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      });
  }

  const runner: KitImportRunner = {
    poke: tick,
    async stop() {
      stopped = true;
      runners.delete(runner);
      clearTimeout(timer);
      shutdown.abort(new Error('The Kit import runner is stopping'));
      await running;
    },
  };
  runners.add(runner);
  tick();
  return runner;
}
