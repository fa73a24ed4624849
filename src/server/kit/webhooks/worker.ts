import type { Db } from '../../db/client.ts';
import { erasedEmailFinder } from '../../privacy/service.ts';
import { applyWebhookEvents } from './apply.ts';
import { claimEvents, finishEvents, forgetOldEvents, onWebhookEventsStored, releaseEvents } from './inbox.ts';

/*
 * Applies the webhook events the endpoint stored, in Kit's time order, a batch per transaction
 * (events applied and marked so together: a crash in between leaves them unapplied, never applied
 * twice). Every instance runs one; a claim's lease keeps them apart. Woken at once when this
 * instance stores a delivery, and looks every `pollMs` for deliveries other instances took in.
 */

export interface WebhookWorkerLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WebhookWorkerOptions {
  db: Db;
  log: WebhookWorkerLog;
  /** The instance secret: the erasure log's hashes are keyed from it (people erased before are not created again). */
  secret: () => Buffer;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Applied events are kept this long, so a late duplicate still finds its id. */
  keepDays?: number;
}

export interface WebhookWorker {
  /** Resolves when nothing is left to apply (tests and the bench). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 5;

export function startKitWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = options;
  const erasedAmong = erasedEmailFinder(options.secret);
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 60_000;
  // Small batches: on the embedded database a transaction holds the only session, and the endpoint's
  // answers wait for it (bench:kit-webhooks, answer p50 at 200 a batch ~200 ms, at 25 ~70 ms).
  const batchSize = options.batchSize ?? 25;
  const keepDays = options.keepDays ?? 30;
  let stopping = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let lastForget = 0;

  async function drain(): Promise<void> {
    for (;;) {
      if (stopping) return;
      const events = await claimEvents(db, batchSize, leaseMs);
      if (events.length === 0) return;
      if (stopping) return releaseEvents(db, events.map((e) => e.id));
      try {
        await db.transaction(async (tx) => finishEvents(tx, await applyWebhookEvents(tx, events, erasedAmong)));
      } catch (error) {
        log.error({ err: error, events: events.length }, 'Kit webhook events could not be applied; they will be tried again');
        // Tried often enough: set aside with the error, so one bad event cannot hold up the rest.
        const spent = events.filter((e) => e.attempts >= MAX_ATTEMPTS);
        if (spent.length) await finishEvents(db, spent.map((e) => ({ id: e.id, outcome: `failed: ${error instanceof Error ? error.message.slice(0, 200) : 'error'}` })));
        await releaseEvents(db, events.filter((e) => e.attempts < MAX_ATTEMPTS).map((e) => e.id));
        return;
      }
    }
  }

  function tick(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = (async () => {
      if (Date.now() - lastForget > 3_600_000) {
        lastForget = Date.now();
        await forgetOldEvents(db, keepDays);
      }
      await drain();
    })()
      .catch((error) => log.error({ err: error }, 'Kit webhook worker could not read its inbox'))
      .finally(() => {
        running = undefined;
        if (stopping) return;
        if (again) {
          again = false;
          void tick();
        } else {
          timer = setTimeout(() => void tick(), pollMs);
          timer.unref();
        }
      });
    return running;
  }

  const unsubscribe = onWebhookEventsStored(() => void tick());
  void tick();
  return {
    async idle() {
      while (running || again) await (running ?? tick());
    },
    async stop() {
      stopping = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
