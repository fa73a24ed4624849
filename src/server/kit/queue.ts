import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { BatchProgress, KitSyncJobStatus, KitSyncState } from '../../shared/kit/api.ts';
import type { Db } from '../db/client.ts';
import { textArray } from '../db/sql-helpers.ts';
import type { ContactSelection } from '../../shared/contacts/bulk.ts';
import { getContactEmails, recordKitSyncEvent, selectedContactIds, selectedFinalKitStateIds } from '../contacts/service.ts';
import { kitSyncJobs } from './schema.ts';
import { bulkSyncFailureMessage } from '../../shared/kit/messages.ts';

/*
 * The durable queue of syncs to Kit (table kit_sync_jobs, an outbox): queued → running → done, or
 * back to queued with a later run_after after a failure, or failed after the last attempt, or
 * waiting when Kit refused the key (until a key is saved: resumeJobsWaitingForKey).
 *
 * Several server instances may share one PostgreSQL database: a job is claimed with
 * FOR UPDATE SKIP LOCKED, so each job goes to exactly one worker. A claimed job carries a lease
 * (locked_at): a worker only finishes a job whose lease is still its own, and a job left running
 * past the lease (its worker crashed) goes back to the queue.
 */

export type KitSyncJob = typeof kitSyncJobs.$inferSelect;
/** A job as its worker holds it: `locked_at` is the lease it must still own to finish the job. */
export type ClaimedJob = Pick<KitSyncJob, 'id' | 'contact_id' | 'tag_names' | 'batch_id' | 'attempts'> & { locked_at: Date };

/** Lets a worker in this process start at once instead of at its next poll. */
const listeners = new Set<() => void>();
export function onKitJobsQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const notifyQueued = () => listeners.forEach((listener) => listener());

const normalizeTags = (tagNames: string[]) => [...new Set(tagNames.map((t) => t.trim()).filter(Boolean))];
/** Millisecond precision, so the lease a worker reads back (a JS Date) compares equal in SQL. */
const leaseNow = sql`date_trunc('milliseconds', clock_timestamp())`;
const afterMs = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;

/**
 * Queues one contact's sync, `when` the condition holds, as CTEs of the caller's statement. A sync
 * of the contact that is still waiting takes the new tags (kit_requeued) instead of a second sync
 * being queued (kit_queued); a waiting one a worker holds is left to it. The caller calls
 * kitJobsQueuedBy() with the jobs these CTEs return once the statement has run.
 */
export function contactSyncQueueing(contactId: string, tagNames: string[], when: SQL): SQL {
  const tags = textArray(normalizeTags(tagNames));
  return sql`kit_waiting as (
      select ${kitSyncJobs.id}, ${kitSyncJobs.tag_names} from ${kitSyncJobs}
      where ${kitSyncJobs.contact_id} = ${contactId}::uuid and ${kitSyncJobs.batch_id} is null and ${kitSyncJobs.status} in ('queued', 'waiting') and ${when}
      limit 1 for update skip locked
    ),
    kit_requeued as (
      update ${kitSyncJobs} set
        tag_names = array(select tag from unnest(kit_waiting.tag_names || ${tags}) with ordinality as t(tag, n) group by tag order by min(n)),
        status = 'queued', run_after = now(), updated_at = now()
      from kit_waiting where ${kitSyncJobs.id} = kit_waiting.id
      returning ${kitSyncJobs.id}
    ),
    kit_queued as (
      insert into ${kitSyncJobs} (contact_id, tag_names)
      select ${contactId}::uuid, ${tags} where ${when} and not exists (select 1 from kit_waiting)
      returning id
    )`;
}

/** The jobs contactSyncQueueing's CTEs queued or requeued, as a column of the caller's select. */
export const contactSyncJobs = sql`array(select id from kit_requeued union all select id from kit_queued)`;

/** Wakes this process's worker when a statement of contactSyncQueueing queued a job. */
export const kitJobsQueuedBy = (jobs: readonly string[]) => jobs.length > 0 && notifyQueued();

/** Queues one contact's sync (e.g. from a public form). */
export async function enqueueContactSync(db: Db, contactId: string, tagNames: string[]): Promise<{ job_id: string }> {
  const result = (await db.execute(sql`with ${contactSyncQueueing(contactId, tagNames, sql`true`)} select ${contactSyncJobs} as jobs`)) as unknown as {
    rows: Array<{ jobs: string[] }>;
  };
  const jobs = result.rows[0]!.jobs;
  kitJobsQueuedBy(jobs);
  return { job_id: jobs[0]! };
}

/**
 * Queues a bulk "Sync N to Kit": one job per contact of the selection (rows picked, or all that
 * match the view, however many), in one statement.
 */
/** Queues the selection's contacts, less those Kit says left or fail (`skipped`): a sync would subscribe them again. */
export async function enqueueBatch(
  db: Db,
  selection: ContactSelection,
  tagNames: string[],
): Promise<{ batch_id: string; total: number; skipped: number }> {
  const batchId = randomUUID();
  const tags = normalizeTags(tagNames);
  const skipped = await countFinalKitStates(db, selection);
  await db.execute(sql`
    insert into ${kitSyncJobs} (contact_id, tag_names, batch_id)
    select selected.id, ${textArray(tags)}, ${batchId}::uuid from (${selectedContactIds(selection)}) as selected
    where selected.id not in (${selectedFinalKitStateIds(selection)})`);
  const [queued] = await db.select({ n: count() }).from(kitSyncJobs).where(eq(kitSyncJobs.batch_id, batchId));
  if (queued!.n > 0) notifyQueued();
  return { batch_id: batchId, total: queued!.n, skipped };
}

/** How many of a selection a bulk sync would leave alone (the dialog says so before it starts). */
export async function countFinalKitStates(db: Db, selection: ContactSelection): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from (${selectedFinalKitStateIds(selection)}) as s`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

export const FAILURE_LIST_LIMIT = 200;

export async function getBatchProgress(db: Db, batchId: string): Promise<BatchProgress | null> {
  const counts = await db
    .select({ status: kitSyncJobs.status, n: count() })
    .from(kitSyncJobs)
    .where(eq(kitSyncJobs.batch_id, batchId))
    .groupBy(kitSyncJobs.status);
  if (counts.length === 0) return null;
  const by = Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<Record<KitSyncJobStatus, number>>;
  // A deleted contact's jobs are deleted with it, so every failed job has its contact's email.
  const failed = await db
    .select({ contact_id: kitSyncJobs.contact_id, last_error: kitSyncJobs.last_error })
    .from(kitSyncJobs)
    .where(and(eq(kitSyncJobs.batch_id, batchId), eq(kitSyncJobs.status, 'failed')))
    .orderBy(kitSyncJobs.finished_at, kitSyncJobs.id)
    .limit(FAILURE_LIST_LIMIT);
  const emails = await getContactEmails(db, failed.map((f) => f.contact_id));
  // Jobs waiting for a working key are still to do: the batch goes on once a key is saved.
  const progress = { done: by.done ?? 0, failed: by.failed ?? 0, queued: (by.queued ?? 0) + (by.waiting ?? 0), running: by.running ?? 0 };
  return {
    batch_id: batchId,
    total: progress.done + progress.failed + progress.queued + progress.running,
    ...progress,
    finished: progress.queued + progress.running === 0,
    failures: failed.flatMap((f) => {
      const email = emails.get(f.contact_id);
      return email === undefined ? [] : [{ contact_id: f.contact_id, email, message: bulkSyncFailureMessage(email, f.last_error) }];
    }),
  };
}

/** Puts a batch's failed jobs back in the queue with fresh attempts. */
export async function retryFailedJobs(db: Db, batchId: string): Promise<{ requeued: number }> {
  const rows = await db
    .update(kitSyncJobs)
    .set({ status: 'queued', attempts: 0, run_after: sql`now()`, last_error: null, finished_at: null, locked_at: null, updated_at: sql`now()` })
    .where(and(eq(kitSyncJobs.batch_id, batchId), eq(kitSyncJobs.status, 'failed')))
    .returning({ id: kitSyncJobs.id });
  if (rows.length) notifyQueued();
  return { requeued: rows.length };
}

/** Claims up to `limit` due jobs for this worker: single syncs (public forms) before bulk ones. */
export async function claimJobs(db: Db, limit: number): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: kitSyncJobs.id })
    .from(kitSyncJobs)
    .where(and(eq(kitSyncJobs.status, 'queued'), lte(kitSyncJobs.run_after, sql`now()`)))
    .orderBy(sql`${kitSyncJobs.batch_id} is not null`, kitSyncJobs.run_after, kitSyncJobs.created_at)
    .limit(limit)
    .for('update', { skipLocked: true });
  const jobs = await db
    .update(kitSyncJobs)
    .set({ status: 'running', attempts: sql`${kitSyncJobs.attempts} + 1`, locked_at: leaseNow, updated_at: sql`now()` })
    .where(inArray(kitSyncJobs.id, due))
    .returning({
      id: kitSyncJobs.id,
      contact_id: kitSyncJobs.contact_id,
      tag_names: kitSyncJobs.tag_names,
      batch_id: kitSyncJobs.batch_id,
      attempts: kitSyncJobs.attempts,
      locked_at: kitSyncJobs.locked_at,
    });
  return jobs.map((job) => ({ ...job, locked_at: job.locked_at! }));
}

/**
 * Whether a single sync (a public form's) due by `at` is still queued: one queued then would still
 * be waiting its turn too (claimJobs takes them in that order, before bulk ones).
 */
export async function hasSingleSyncsQueuedBy(db: Db, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: kitSyncJobs.id })
    .from(kitSyncJobs)
    .where(and(eq(kitSyncJobs.status, 'queued'), lte(kitSyncJobs.run_after, at), sql`${kitSyncJobs.batch_id} is null`))
    .limit(1);
  return Boolean(row);
}

/** A job that runs right away in the request that asked for it (the single-contact sync modal). */
export async function startJobNow(db: Db, contactId: string, tagNames: string[]): Promise<ClaimedJob> {
  const [job] = await db
    .insert(kitSyncJobs)
    .values({ contact_id: contactId, tag_names: normalizeTags(tagNames), status: 'running', attempts: 1, locked_at: leaseNow })
    .returning({
      id: kitSyncJobs.id,
      contact_id: kitSyncJobs.contact_id,
      tag_names: kitSyncJobs.tag_names,
      batch_id: kitSyncJobs.batch_id,
      attempts: kitSyncJobs.attempts,
      locked_at: kitSyncJobs.locked_at,
    });
  return { ...job!, locked_at: job!.locked_at! };
}

const ownLease = (job: ClaimedJob) =>
  and(eq(kitSyncJobs.id, job.id), eq(kitSyncJobs.status, 'running'), eq(kitSyncJobs.locked_at, job.locked_at));

/** Marks the job done; false when the lease was lost (the job was handed to another worker). */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(kitSyncJobs)
      .set({ status: 'done', finished_at: sql`now()`, locked_at: null, last_error: null, updated_at: sql`now()` })
      .where(ownLease(job))
      .returning({ id: kitSyncJobs.id });
    if (rows.length > 0) await recordKitSyncEvent(tx, job, { result: 'synced', error: null });
    return rows.length > 0;
  });
}

/** After a failed attempt: back to the queue in `retryInMs`, or failed for good when `final`. */
export async function failJob(db: Db, job: ClaimedJob, message: string, { final, retryInMs = 0 }: { final: boolean; retryInMs?: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(kitSyncJobs)
      .set(
        final
          ? { status: 'failed', finished_at: sql`now()`, locked_at: null, last_error: message, updated_at: sql`now()` }
          : { status: 'queued', run_after: afterMs(retryInMs), locked_at: null, last_error: message, updated_at: sql`now()` },
      )
      .where(ownLease(job))
      .returning({ id: kitSyncJobs.id });
    if (rows.length > 0) await recordKitSyncEvent(tx, job, { result: final ? 'failed' : 'retrying', error: message });
    return rows.length > 0;
  });
}

/** Kit refused the key (401, 403): the job waits for a key to be saved instead of failing (resumeJobsWaitingForKey). */
export async function parkJobUntilNewKey(db: Db, job: ClaimedJob, message: string): Promise<boolean> {
  const rows = await db
    .update(kitSyncJobs)
    .set({ status: 'waiting', locked_at: null, last_error: message, updated_at: sql`now()` })
    .where(ownLease(job))
    .returning({ id: kitSyncJobs.id });
  return rows.length > 0;
}

/** How a refused key reads in a job's last_error (client.ts: "Kit API error: {status} {method} …"). */
const KEY_REFUSED_ERROR = '^Kit API error: 40[13] ';

/**
 * A key was saved: the jobs that waited for one go back to the queue with fresh attempts, and so do
 * jobs that failed for good on a refused key before jobs could wait (each contact's latest only).
 */
export async function resumeJobsWaitingForKey(db: Db): Promise<{ resumed: number }> {
  const latestPerContact = sql`${kitSyncJobs.id} in (
    select distinct on (contact_id) id from kit_sync_jobs order by contact_id, created_at desc, id desc)`;
  const refusedForGood = and(eq(kitSyncJobs.status, 'failed'), sql`${kitSyncJobs.last_error} ~ ${KEY_REFUSED_ERROR}`, latestPerContact);
  const rows = await db
    .update(kitSyncJobs)
    .set({ status: 'queued', attempts: 0, run_after: sql`now()`, finished_at: null, locked_at: null, updated_at: sql`now()` })
    .where(or(eq(kitSyncJobs.status, 'waiting'), refusedForGood))
    .returning({ id: kitSyncJobs.id });
  if (rows.length) notifyQueued();
  return { resumed: rows.length };
}

/** Gives a job back untouched (the worker is shutting down): the attempt does not count. */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(kitSyncJobs)
    .set({ status: 'queued', attempts: sql`greatest(${kitSyncJobs.attempts} - 1, 0)`, run_after: sql`now()`, locked_at: null, updated_at: sql`now()` })
    .where(ownLease(job))
    .returning({ id: kitSyncJobs.id });
  if (rows.length) notifyQueued();
  return rows.length > 0;
}

export const INTERRUPTED_MESSAGE = 'The sync was interrupted too often (the server stopped while it ran)';

/** Jobs left running past their lease (their worker crashed) go back to the queue; after the last attempt they fail. */
export async function recoverExpiredJobs(db: Db, leaseMs: number, maxAttempts: number): Promise<number> {
  const expired = and(eq(kitSyncJobs.status, 'running'), lt(kitSyncJobs.locked_at, sql`now() - ${Math.round(leaseMs)}::integer * interval '1 millisecond'`));
  // A job failed for good shows in its contact's timeline, as one failed by its worker does.
  const failed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(kitSyncJobs)
      .set({ status: 'failed', finished_at: sql`now()`, locked_at: null, last_error: sql`coalesce(${kitSyncJobs.last_error}, ${INTERRUPTED_MESSAGE})`, updated_at: sql`now()` })
      .where(and(expired, sql`${kitSyncJobs.attempts} >= ${maxAttempts}`))
      .returning({ id: kitSyncJobs.id, contact_id: kitSyncJobs.contact_id, tag_names: kitSyncJobs.tag_names, attempts: kitSyncJobs.attempts, last_error: kitSyncJobs.last_error });
    for (const job of rows) await recordKitSyncEvent(tx, job, { result: 'failed', error: job.last_error });
    return rows;
  });
  const requeued = await db
    .update(kitSyncJobs)
    .set({ status: 'queued', run_after: sql`now()`, locked_at: null, updated_at: sql`now()` })
    .where(expired)
    .returning({ id: kitSyncJobs.id });
  if (requeued.length) notifyQueued();
  return failed.length + requeued.length;
}

/** The latest sync of each contact. */
export async function getSyncStates(db: Db, contactIds: string[]): Promise<Record<string, KitSyncState>> {
  const ids = [...new Set(contactIds)];
  if (ids.length === 0) return {};
  const [latest, lastDone] = await Promise.all([
    db
      .selectDistinctOn([kitSyncJobs.contact_id])
      .from(kitSyncJobs)
      .where(inArray(kitSyncJobs.contact_id, ids))
      .orderBy(kitSyncJobs.contact_id, desc(kitSyncJobs.created_at), desc(kitSyncJobs.id)),
    db
      .select({ contact_id: kitSyncJobs.contact_id, at: max(kitSyncJobs.finished_at) })
      .from(kitSyncJobs)
      .where(and(inArray(kitSyncJobs.contact_id, ids), eq(kitSyncJobs.status, 'done')))
      .groupBy(kitSyncJobs.contact_id),
  ]);
  const syncedAt = new Map(lastDone.map((r) => [r.contact_id, r.at]));
  const jobs = new Map(latest.map((j) => [j.contact_id, j]));
  return Object.fromEntries(
    ids.map((id) => {
      const job = jobs.get(id);
      const state: KitSyncState = {
        contact_id: id,
        state: !job ? 'never' : job.status === 'done' ? 'synced' : job.status,
        last_synced_at: syncedAt.get(id) ?? null,
        error: job?.last_error ?? null,
        attempts: job?.attempts ?? 0,
        next_attempt_at: job?.status === 'queued' ? job.run_after : null,
      };
      return [id, state];
    }),
  );
}
