import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database, Db } from '../db/client.ts';
import { listContactEvents } from '../contacts/service.ts';
import { kitSyncJobs } from '../db/schema.ts';
import {
  claimJobs,
  completeJob,
  enqueueBatch,
  enqueueContactSync,
  failJob,
  getBatchProgress,
  getSyncStates,
  INTERRUPTED_MESSAGE,
  recoverExpiredJobs,
  releaseJob,
  retryFailedJobs,
} from './queue.ts';
import { jobsOf, seedContacts } from './test-helpers.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
// Each test starts with an empty queue.
beforeEach(async () => {
  await db.delete(kitSyncJobs);
});

const past = (ms: number) => new Date(Date.now() - ms);

describe('enqueueing', () => {
  it('queues a batch once per existing contact and reports its progress', async () => {
    const people = await seedContacts(db, 3, 'batch');
    const ids = people.map((c) => c.id);
    const batch = await enqueueBatch(db, { kind: 'ids', ids: [...ids, ids[0]!, randomUUID()] }, ['via_mycrm', ' via_mycrm ', 'vip']);
    expect(batch.total).toBe(3);
    const jobs = await jobsOf(db, ids);
    expect(jobs).toHaveLength(3);
    expect(jobs.every((j) => j.batch_id === batch.batch_id && j.status === 'queued' && j.attempts === 0)).toBe(true);
    expect(jobs[0]!.tag_names).toEqual(['via_mycrm', 'vip']);
    expect(await getBatchProgress(db, batch.batch_id)).toEqual({
      batch_id: batch.batch_id,
      total: 3,
      done: 0,
      failed: 0,
      queued: 3,
      running: 0,
      finished: false,
      failures: [],
    });
    expect(await getBatchProgress(db, randomUUID())).toBeNull();
  });

  it('gives a waiting single sync of the same contact the new tags instead of queueing it twice', async () => {
    const [person] = await seedContacts(db, 1, 'single');
    const first = await enqueueContactSync(db, person!.id, ['webinar']);
    const second = await enqueueContactSync(db, person!.id, ['via_mycrm', 'webinar']);
    expect(second.job_id).toBe(first.job_id);
    const jobs = await jobsOf(db, [person!.id]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.tag_names).toEqual(['webinar', 'via_mycrm']);
  });
});

describe('claiming', () => {
  it('claims due jobs only, single syncs before bulk ones, and counts the attempt', async () => {
    const people = await seedContacts(db, 3, 'claim');
    const batch = await enqueueBatch(db, { kind: 'ids', ids: [people[0]!.id] }, []);
    const single = await enqueueContactSync(db, people[1]!.id, []);
    const later = await enqueueContactSync(db, people[2]!.id, []);
    await db.update(kitSyncJobs).set({ run_after: new Date(Date.now() + 60_000) }).where(eq(kitSyncJobs.id, later.job_id));

    const [first] = await claimJobs(db, 1);
    expect(first).toMatchObject({ id: single.job_id, attempts: 1 });
    expect(first!.locked_at).toBeInstanceOf(Date);
    const rest = await claimJobs(db, 5);
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ batch_id: batch.batch_id, attempts: 1 });
    expect(await claimJobs(db, 5)).toEqual([]);
  });

  it('hands every job to exactly one of many concurrent claimers', async () => {
    const people = await seedContacts(db, 60, 'race');
    await enqueueBatch(db, { kind: 'ids', ids: people.map((p) => p.id) }, []);
    const claimedBy = new Map<string, number>();
    await Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let jobs = await claimJobs(db, 4); jobs.length; jobs = await claimJobs(db, 4)) {
          for (const job of jobs) {
            expect(claimedBy.has(job.id), `job ${job.id} claimed twice`).toBe(false);
            claimedBy.set(job.id, worker);
          }
        }
      }),
    );
    expect(claimedBy.size).toBe(60);
  });
});

describe('finishing', () => {
  it('lets only the lease holder finish a job', async () => {
    const [person] = await seedContacts(db, 1, 'lease');
    await enqueueContactSync(db, person!.id, []);
    const [job] = await claimJobs(db, 1);
    // Its worker was presumed dead: the job went back to the queue and another worker took it.
    await db.update(kitSyncJobs).set({ locked_at: past(10 * 60_000) }).where(eq(kitSyncJobs.id, job!.id));
    expect(await recoverExpiredJobs(db, 5 * 60_000, 5)).toBe(1);
    const [again] = await claimJobs(db, 1);
    expect(again!.id).toBe(job!.id);
    expect(await completeJob(db, job!)).toBe(false);
    expect(await failJob(db, job!, 'late', { final: true })).toBe(false);
    expect(await completeJob(db, again!)).toBe(true);
    const [row] = await jobsOf(db, [person!.id]);
    expect(row).toMatchObject({ status: 'done', attempts: 2, last_error: null, locked_at: null });
    expect(row!.finished_at).toBeInstanceOf(Date);
  });

  it('puts a failed attempt back with a delay, and fails the job for good when told so', async () => {
    const people = await seedContacts(db, 2, 'fail');
    await enqueueContactSync(db, people[0]!.id, []);
    const [job] = await claimJobs(db, 1);
    await failJob(db, job!, 'Kit API error: 500 POST x - boom', { final: false, retryInMs: 60_000 });
    const [queued] = await jobsOf(db, [people[0]!.id]);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Kit API error: 500 POST x - boom' });
    expect(queued!.run_after.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await claimJobs(db, 1)).toEqual([]); // not due yet

    await enqueueContactSync(db, people[1]!.id, []);
    const [other] = await claimJobs(db, 1);
    await failJob(db, other!, 'Kit API error: 422 POST x - Email address is invalid', { final: true });
    expect((await jobsOf(db, [people[1]!.id]))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('gives a job back without counting the attempt when the worker shuts down', async () => {
    const [person] = await seedContacts(db, 1, 'release');
    await enqueueContactSync(db, person!.id, []);
    const [job] = await claimJobs(db, 1);
    expect(await releaseJob(db, job!)).toBe(true);
    expect((await jobsOf(db, [person!.id]))[0]).toMatchObject({ status: 'queued', attempts: 0, locked_at: null });
  });
});

describe('crash recovery', () => {
  it('requeues jobs stuck in running past the lease, and fails those out of attempts', async () => {
    const people = await seedContacts(db, 3, 'crash');
    await enqueueBatch(db, { kind: 'ids', ids: people.map((p) => p.id) }, []);
    const claimed = await claimJobs(db, 3);
    const [stale, exhausted, fresh] = claimed;
    await db.update(kitSyncJobs).set({ locked_at: past(120_000) }).where(eq(kitSyncJobs.id, stale!.id));
    await db.update(kitSyncJobs).set({ locked_at: past(120_000), attempts: 5 }).where(eq(kitSyncJobs.id, exhausted!.id));

    expect(await recoverExpiredJobs(db, 60_000, 5)).toBe(2);
    const byId = new Map((await db.select().from(kitSyncJobs).where(inArray(kitSyncJobs.id, claimed.map((j) => j.id)))).map((j) => [j.id, j]));
    expect(byId.get(stale!.id)).toMatchObject({ status: 'queued', locked_at: null });
    expect(byId.get(exhausted!.id)).toMatchObject({ status: 'failed', last_error: INTERRUPTED_MESSAGE });
    expect(byId.get(fresh!.id)).toMatchObject({ status: 'running' });
    // The contact whose sync failed for good sees it in its timeline; the requeued one sees nothing yet.
    const timeline = async (contactId: string) => (await listContactEvents(db, contactId, { limit: 10 })).events.map((e) => e.data);
    expect(await timeline(exhausted!.contact_id)).toEqual([{ type: 'kit_sync', result: 'failed', error: INTERRUPTED_MESSAGE, tags: [], attempt: 5 }]);
    expect(await timeline(stale!.contact_id)).toEqual([]);
  });
});

describe('batch progress and retry', () => {
  it('lists failures as "Failed to sync {email}: {message or Unknown error}" and retries them', async () => {
    const people = await seedContacts(db, 3, 'progress');
    const batch = await enqueueBatch(db, { kind: 'ids', ids: people.map((p) => p.id) }, ['via_mycrm']);
    const jobs = await claimJobs(db, 3);
    const byContact = new Map(jobs.map((j) => [j.contact_id, j]));
    await completeJob(db, byContact.get(people[0]!.id)!);
    await failJob(db, byContact.get(people[1]!.id)!, 'Kit API error: 422 POST u - Email address is invalid', { final: true });
    await failJob(db, byContact.get(people[2]!.id)!, '', { final: true });

    const progress = await getBatchProgress(db, batch.batch_id);
    expect(progress).toMatchObject({ total: 3, done: 1, failed: 2, queued: 0, running: 0, finished: true });
    expect(progress!.failures).toEqual(
      expect.arrayContaining([
        {
          contact_id: people[1]!.id,
          email: people[1]!.email,
          message: `Failed to sync ${people[1]!.email}: Kit API error: 422 POST u - Email address is invalid`,
        },
        { contact_id: people[2]!.id, email: people[2]!.email, message: `Failed to sync ${people[2]!.email}: Unknown error` },
      ]),
    );

    expect(await retryFailedJobs(db, batch.batch_id)).toEqual({ requeued: 2 });
    expect(await getBatchProgress(db, batch.batch_id)).toMatchObject({ done: 1, failed: 0, queued: 2, finished: false, failures: [] });
    expect((await jobsOf(db, [people[1]!.id]))[0]).toMatchObject({ attempts: 0, last_error: null });
  });
});

describe('sync state per contact', () => {
  it('tells never synced, queued, synced at, and failed with the reason', async () => {
    const [never, queued, synced, failed] = await seedContacts(db, 4, 'state');
    await enqueueContactSync(db, synced!.id, []);
    await enqueueContactSync(db, failed!.id, []);
    const jobs = await claimJobs(db, 2);
    await completeJob(db, jobs.find((j) => j.contact_id === synced!.id)!);
    await failJob(db, jobs.find((j) => j.contact_id === failed!.id)!, 'Kit API error: 401 POST u - The API key is invalid', { final: true });
    await enqueueContactSync(db, queued!.id, []);

    const states = await getSyncStates(db, [never!.id, queued!.id, synced!.id, failed!.id]);
    expect(states[never!.id]).toMatchObject({ state: 'never', last_synced_at: null, error: null });
    expect(states[queued!.id]).toMatchObject({ state: 'queued', attempts: 0 });
    expect(states[queued!.id]!.next_attempt_at).not.toBeNull();
    expect(states[synced!.id]).toMatchObject({ state: 'synced', error: null });
    expect(states[synced!.id]!.last_synced_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(states[failed!.id]).toMatchObject({ state: 'failed', error: 'Kit API error: 401 POST u - The API key is invalid', last_synced_at: null });

    // A new sync of a synced contact: queued, still showing when it last reached Kit.
    await enqueueContactSync(db, synced!.id, []);
    const again = await getSyncStates(db, [synced!.id]);
    expect(again[synced!.id]).toMatchObject({ state: 'queued', last_synced_at: states[synced!.id]!.last_synced_at });
  });
});
