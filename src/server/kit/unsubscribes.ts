import { and, count, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { KitApiError, type KitClient } from './client.ts';
import { kitImportJobs, kitImportMemberships, kitUnsubscribes, kitWebhookEvents } from './schema.ts';

/*
 * What Kit still holds of an erased person: the unsubscribe owed to Kit (table kit_unsubscribes,
 * drained by the sync worker under the same rate limiter), and the traces Kit's deliveries and
 * imports left in this feature's tables, removed in the erasure's own transaction.
 */

export type ClaimedUnsubscribe = Pick<typeof kitUnsubscribes.$inferSelect, 'id' | 'email' | 'kit_id' | 'attempts'> & { locked_at: Date };

const leaseNow = sql`date_trunc('milliseconds', clock_timestamp())`;
const afterMs = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;
const holdsLease = (job: ClaimedUnsubscribe) => and(eq(kitUnsubscribes.id, job.id), eq(kitUnsubscribes.locked_at, job.locked_at));

/** Queues the unsubscribe of an erased person (inside the erasure's transaction). */
export async function enqueueKitUnsubscribe(tx: Db, person: { email: string; kitId: number | null }): Promise<void> {
  await tx.insert(kitUnsubscribes).values({ email: person.email, kit_id: person.kitId });
}

/**
 * Removes what Kit's deliveries and imports left about this person: webhook events about their
 * subscriber (or naming their email), their tag memberships read by an import, and their lines in
 * an import's list of skipped subscribers.
 */
export async function forgetKitSubscriber(tx: Db, person: { email: string; kitId: number | null }): Promise<void> {
  const email = person.email.toLowerCase();
  const bySubscriber = person.kitId === null ? sql`false` : sql`${kitWebhookEvents.kit_subscriber_id} = ${person.kitId}`;
  await tx.delete(kitWebhookEvents).where(sql`${bySubscriber} or strpos(lower(${kitWebhookEvents.payload}::text), ${email}) > 0`);
  if (person.kitId !== null) await tx.delete(kitImportMemberships).where(eq(kitImportMemberships.kit_subscriber_id, person.kitId));
  await tx
    .update(kitImportJobs)
    .set({
      skipped_items: sql`coalesce((select jsonb_agg(item) from jsonb_array_elements(${kitImportJobs.skipped_items}) as item
        where lower(btrim(item->>'email')) <> ${email}), '[]'::jsonb)`,
    })
    .where(sql`strpos(lower(${kitImportJobs.skipped_items}::text), ${email}) > 0`);
}

/** Takes up to `limit` due unsubscribes, FOR UPDATE SKIP LOCKED: each goes to one worker of all instances. */
export async function claimUnsubscribes(db: Db, limit: number): Promise<ClaimedUnsubscribe[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: kitUnsubscribes.id })
    .from(kitUnsubscribes)
    .where(and(eq(kitUnsubscribes.status, 'queued'), lte(kitUnsubscribes.run_after, sql`now()`)))
    .orderBy(kitUnsubscribes.run_after)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(kitUnsubscribes)
    .set({ status: 'running', attempts: sql`${kitUnsubscribes.attempts} + 1`, locked_at: leaseNow })
    .where(inArray(kitUnsubscribes.id, due))
    .returning({ id: kitUnsubscribes.id, email: kitUnsubscribes.email, kit_id: kitUnsubscribes.kit_id, attempts: kitUnsubscribes.attempts, locked_at: kitUnsubscribes.locked_at });
  return rows.map((row) => ({ ...row, locked_at: row.locked_at! }));
}

/** Unsubscribes the person in Kit; one Kit does not know (by id or by email) is done too. */
export async function unsubscribeInKit(client: KitClient, job: ClaimedUnsubscribe): Promise<void> {
  const kitId = job.kit_id ?? (job.email ? (await client.findSubscriberByEmail(job.email))?.id ?? null : null);
  if (kitId === null) return;
  try {
    await client.unsubscribe(kitId);
  } catch (error) {
    if (!(error instanceof KitApiError && error.status === 404)) throw error;
  }
}

/** Kit confirmed: the email and Kit id go; when it ended stays (for the erasure log's figures). */
export async function completeUnsubscribe(db: Db, job: ClaimedUnsubscribe): Promise<boolean> {
  const done = await db
    .update(kitUnsubscribes)
    .set({ status: 'done', email: null, kit_id: null, locked_at: null, last_error: null, finished_at: sql`now()` })
    .where(holdsLease(job))
    .returning({ id: kitUnsubscribes.id });
  return done.length > 0;
}

/** A failed attempt: queued again after `retryInMs`, or failed for good (the owner may try again). */
export async function failUnsubscribe(db: Db, job: ClaimedUnsubscribe, message: string, { final, retryInMs = 0 }: { final: boolean; retryInMs?: number }): Promise<void> {
  await db
    .update(kitUnsubscribes)
    .set(
      final
        ? { status: 'failed', last_error: message, locked_at: null, finished_at: sql`now()` }
        : { status: 'queued', last_error: message, locked_at: null, run_after: afterMs(retryInMs) },
    )
    .where(holdsLease(job));
}

/** A stopping worker hands its unsubscribe back, this attempt not counted. */
export async function releaseUnsubscribe(db: Db, job: ClaimedUnsubscribe): Promise<void> {
  await db
    .update(kitUnsubscribes)
    .set({ status: 'queued', locked_at: null, attempts: sql`greatest(${kitUnsubscribes.attempts} - 1, 0)` })
    .where(holdsLease(job));
}

/** Unsubscribes left running by a worker that died go back to the queue. */
export async function recoverExpiredUnsubscribes(db: Db, leaseMs: number): Promise<number> {
  const rows = await db
    .update(kitUnsubscribes)
    .set({ status: 'queued', locked_at: null })
    .where(and(eq(kitUnsubscribes.status, 'running'), lt(kitUnsubscribes.locked_at, sql`now() - ${leaseMs}::integer * interval '1 millisecond'`)))
    .returning({ id: kitUnsubscribes.id });
  return rows.length;
}

export interface KitUnsubscribeFigures {
  /** Queued or under way. */
  waiting: number;
  failed: number;
  done: number;
}

export async function kitUnsubscribeFigures(db: Db): Promise<KitUnsubscribeFigures> {
  const rows = await db.select({ status: kitUnsubscribes.status, n: count() }).from(kitUnsubscribes).groupBy(kitUnsubscribes.status);
  const of = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
  return { waiting: of('queued', 'running', 'waiting'), failed: of('failed'), done: of('done') };
}

/** Puts the failed unsubscribes back in the queue, attempts counted afresh. */
export async function retryFailedUnsubscribes(db: Db): Promise<number> {
  const rows = await db
    .update(kitUnsubscribes)
    .set({ status: 'queued', attempts: 0, run_after: sql`now()`, finished_at: null })
    .where(eq(kitUnsubscribes.status, 'failed'))
    .returning({ id: kitUnsubscribes.id });
  return rows.length;
}

/** Retention: confirmed unsubscribes (which hold no personal data) finished before `before`. */
export async function deleteFinishedUnsubscribes(db: Db, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: kitUnsubscribes.id })
    .from(kitUnsubscribes)
    .where(and(eq(kitUnsubscribes.status, 'done'), lt(kitUnsubscribes.finished_at, before)))
    .limit(limit);
  return (await db.delete(kitUnsubscribes).where(inArray(kitUnsubscribes.id, old)).returning({ id: kitUnsubscribes.id })).length;
}
