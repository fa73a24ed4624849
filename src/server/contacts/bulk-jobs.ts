import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { BULK_BATCH_SIZE, BULK_MESSAGES, type BulkJob, type BulkJobRequest } from '../../shared/contacts/bulk.ts';
import { CONTACT_MESSAGES } from '../../shared/contacts/form.ts';
import type { ContactEventActor, ContactEventData } from '../../shared/contacts/timeline.ts';
import type { Db } from '../db/client.ts';
import { idList, isUuid } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { lockTagNames } from '../tags/service.ts';
import { contactBulkJobItems, contactBulkJobs, contactEvents, contacts } from './schema.ts';
import { selectedContactIds } from './service.ts';

/*
 * Bulk tag, untag, delete and erase over a selection, however large. Starting a job fixes its contacts
 * (contact_bulk_job_items); each batch then changes up to BULK_BATCH_SIZE of them, writes their
 * timeline events, deletes their items and counts its progress in one transaction. So a job is
 * never half-applied to a batch, and after a crash it resumes where its last batch committed.
 *
 * The instance working on a job holds a lease (lock_token); each batch renews it and checks it is
 * still its own. A job whose lease ran out (its instance died) is taken over by another
 * (claimAbandonedJob), so several instances may share a database.
 */

type JobRow = typeof contactBulkJobs.$inferSelect;
/** Erases contacts inside the batch's transaction (the privacy feature's erasure, handed in by the app). */
export type BulkEraser = (tx: Db, ids: string[], actor: ContactEventActor) => Promise<string[]>;
export interface BulkJobDeps {
  erase?: BulkEraser;
}
export interface Lease {
  jobId: string;
  token: string;
}

const toDto = ({ actor: _actor, lock_token: _token, locked_at: _lockedAt, ...job }: JobRow): BulkJob => job;

const unknownTag = (tag: string) => {
  const message = CONTACT_MESSAGES.tagsUnknown([tag]);
  return new AppError(400, 'validation', message, { tag: message });
};

/**
 * Starts a job: records it and the contacts it will handle, and leases it to the caller (who runs
 * it, or hands it to the runner). 404 when the selection holds no contact.
 */
export async function createBulkJob(db: Db, request: BulkJobRequest, actor: ContactEventActor): Promise<{ job: BulkJob; lease: Lease }> {
  const token = randomUUID();
  const job = await db.transaction(async (tx) => {
    const tag = 'tag' in request ? request.tag : null;
    // Only configured tags may be given (removing one that no longer exists is asked of the tags screen).
    if (tag !== null && !(await lockTagNames(tx, [tag])).has(tag)) throw unknownTag(tag);
    const [created] = await tx
      .insert(contactBulkJobs)
      .values({ action: request.action, tag, actor, lock_token: token, locked_at: sql`now()` })
      .returning({ id: contactBulkJobs.id });
    const jobId = created!.id;
    await tx.execute(sql`
      insert into ${contactBulkJobItems} (job_id, contact_id)
      select ${jobId}::uuid, selected.id from (${selectedContactIds(request.selection)}) as selected`);
    const [counted] = await tx
      .update(contactBulkJobs)
      .set({ total: sql`(select count(*) from ${contactBulkJobItems} where ${contactBulkJobItems.job_id} = ${jobId})` })
      .where(eq(contactBulkJobs.id, jobId))
      .returning();
    if (counted!.total === 0) throw notFound(BULK_MESSAGES.nothingSelected);
    return counted!;
  });
  return { job: toDto(job), lease: { jobId: job.id, token } };
}

export async function getBulkJob(db: Db, id: string): Promise<BulkJob | undefined> {
  if (!isUuid(id)) return undefined;
  const [job] = await db.select().from(contactBulkJobs).where(eq(contactBulkJobs.id, id));
  return job && toDto(job);
}

/** Takes over the oldest running job nobody holds a live lease on; null when there is none. */
export async function claimAbandonedJob(db: Db, leaseMs: number): Promise<Lease | null> {
  const token = randomUUID();
  const abandoned = db
    .select({ id: contactBulkJobs.id })
    .from(contactBulkJobs)
    .where(
      and(
        eq(contactBulkJobs.status, 'running'),
        sql`(${contactBulkJobs.locked_at} is null or ${contactBulkJobs.locked_at} < now() - ${leaseMs}::integer * interval '1 millisecond')`,
      ),
    )
    .orderBy(asc(contactBulkJobs.created_at))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(contactBulkJobs)
    .set({ lock_token: token, locked_at: sql`now()` })
    .where(eq(contactBulkJobs.id, sql`(${abandoned})`))
    .returning({ id: contactBulkJobs.id });
  return job ? { jobId: job.id, token } : null;
}

/** What one batch did to its contacts: the ids it changed. */
async function applyToBatch(tx: Db, job: JobRow, ids: string[], deps: BulkJobDeps): Promise<string[]> {
  const inBatch = sql`${contacts.id} in ${idList(ids)}`;
  if (job.action === 'erase') {
    if (!deps.erase) throw new Error('This server cannot erase contacts: no eraser was given to the bulk jobs');
    return deps.erase(tx, ids, job.actor);
  }
  if (job.action === 'delete') {
    return (await tx.delete(contacts).where(inBatch).returning({ id: contacts.id })).map((r) => r.id);
  }
  const tag = job.tag!;
  // A tag deleted on the tags screen since the job started stops the job (no contact gets a tag that does not exist).
  if (job.action === 'tag' && !(await lockTagNames(tx, [tag])).has(tag)) throw new BulkJobStopped(BULK_MESSAGES.tagGone(tag));
  const holds = sql`${contacts.tags} @> array[${tag}]::text[]`;
  const changed = await tx
    .update(contacts)
    .set({
      tags: job.action === 'tag' ? sql`array_append(${contacts.tags}, ${tag}::text)` : sql`array_remove(${contacts.tags}, ${tag}::text)`,
      updated_at: sql`now()`,
    })
    .where(and(inBatch, job.action === 'tag' ? sql`not ${holds}` : holds))
    .returning({ id: contacts.id });
  const data: ContactEventData = { type: job.action === 'tag' ? 'tags_added' : 'tags_removed', tags: [tag] };
  if (changed.length > 0) {
    await tx.execute(sql`
      insert into ${contactEvents} (contact_id, type, actor, data)
      select id::uuid, ${data.type}::contact_event_type, ${JSON.stringify(job.actor)}::jsonb, ${JSON.stringify(data)}::jsonb
      from jsonb_array_elements_text(${JSON.stringify(changed.map((c) => c.id))}::jsonb) as id`);
  }
  return changed.map((c) => c.id);
}

/** A reason to end a job that the user should read (not a crash). */
class BulkJobStopped extends Error {}

/**
 * Runs the job's next batch. 'more': call again; 'finished': the job is over (done or failed);
 * 'lost': another instance holds the job now, so this one lets go.
 */
export async function runBulkJobBatch(db: Db, lease: Lease, batchSize = BULK_BATCH_SIZE, deps: BulkJobDeps = {}): Promise<'more' | 'finished' | 'lost'> {
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx.select().from(contactBulkJobs).where(eq(contactBulkJobs.id, lease.jobId)).for('update');
      if (!job || job.status !== 'running' || job.lock_token !== lease.token) return 'lost';
      const handled = await tx
        .delete(contactBulkJobItems)
        .where(
          and(
            eq(contactBulkJobItems.job_id, job.id),
            sql`${contactBulkJobItems.contact_id} in (select ${contactBulkJobItems.contact_id} from ${contactBulkJobItems}
              where ${contactBulkJobItems.job_id} = ${job.id} order by ${contactBulkJobItems.contact_id} limit ${batchSize})`,
          ),
        )
        .returning({ contact_id: contactBulkJobItems.contact_id });
      const changed = handled.length > 0 ? await applyToBatch(tx, job, handled.map((h) => h.contact_id), deps) : [];
      const finished = handled.length < batchSize;
      await tx
        .update(contactBulkJobs)
        .set({
          done: sql`${contactBulkJobs.done} + ${handled.length}`,
          changed: sql`${contactBulkJobs.changed} + ${changed.length}`,
          locked_at: sql`now()`,
          ...(finished ? { status: 'done' as const, finished_at: sql`now()`, lock_token: null } : {}),
        })
        .where(eq(contactBulkJobs.id, job.id));
      return finished ? 'finished' : 'more';
    });
  } catch (error) {
    await failJob(db, lease, error instanceof BulkJobStopped ? error.message : BULK_MESSAGES.failed);
    if (error instanceof BulkJobStopped) return 'finished';
    throw error;
  }
}

/** Ends a job as failed: what its committed batches did stays, the rest of its contacts are left alone. */
async function failJob(db: Db, lease: Lease, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(contactBulkJobs)
      .set({ status: 'failed', error: message, finished_at: sql`now()`, lock_token: null })
      .where(and(eq(contactBulkJobs.id, lease.jobId), eq(contactBulkJobs.lock_token, lease.token)))
      .returning({ id: contactBulkJobs.id });
    if (job) await tx.delete(contactBulkJobItems).where(eq(contactBulkJobItems.job_id, job.id));
  });
}

/** Runs a job to its end in the caller (small jobs answer at once); 'lost' when another instance took it over. */
export async function runBulkJob(db: Db, lease: Lease, batchSize = BULK_BATCH_SIZE, deps: BulkJobDeps = {}): Promise<'finished' | 'lost'> {
  for (;;) {
    const step = await runBulkJobBatch(db, lease, batchSize, deps);
    if (step !== 'more') return step;
  }
}
