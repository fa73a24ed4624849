import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeKit, type FakeKit, type FakeKitOptions } from '../../../tests/fakes/fake-kit.ts';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database, Db } from '../db/client.ts';
import { contacts, kitSyncJobs } from '../db/schema.ts';
import { kitClientForKey } from './connection.ts';
import type { KitConfig } from '../config.ts';
import { claimJobs, enqueueBatch, getBatchProgress } from './queue.ts';
import { parseSecretKey } from './secret-box.ts';
import type * as KitSettings from './settings.ts';
import { clearKitApiKey, readKitApiKey, saveKitApiKey } from './settings.ts';
import { jobsOf, kitEnvFor, seedContacts, seedTag, silentLog, waitFor } from './test-helpers.ts';
import { startKitWorker, type KitWorker, type KitWorkerOptions } from './worker.ts';

// The worker's reads of the saved key, to see when it has looked for one (a pass-through spy).
vi.mock('./settings.ts', async (importOriginal) => {
  const settings = await importOriginal<typeof KitSettings>();
  return { ...settings, readKitApiKey: vi.fn(settings.readKitApiKey) };
});

/*
 * The background sync against the fake Kit, with its window scaled down (60 requests per second)
 * so a batch takes a second or two. "Exactly once" is checked on Kit's side: one subscriber per
 * contact, tagged once.
 */

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const running: Array<{ kit: FakeKit; workers: KitWorker[] }> = [];
afterEach(async () => {
  for (const { kit, workers } of running.splice(0)) {
    await Promise.all(workers.map((w) => w.stop()));
    await kit.close();
  }
  await db.delete(kitSyncJobs); // a test's leftovers must not reach the next test's fake
});

interface Setup {
  kit: FakeKit;
  env: KitConfig;
  tagId: number;
  start(options?: Partial<KitWorkerOptions>): KitWorker;
  batch(count: number, prefix: string): Promise<{ batchId: string; people: Array<typeof contacts.$inferSelect> }>;
}

async function setup(fakeOptions: FakeKitOptions = {}, { saveKey = true } = {}): Promise<Setup> {
  const kit = await startFakeKit({ rateLimit: { limit: 60, windowMs: 1_000 }, ...fakeOptions });
  const env = kitEnvFor(kit);
  const workers: KitWorker[] = [];
  running.push({ kit, workers });
  if (saveKey) await saveKitApiKey(db, () => parseSecretKey(env.secretKey!), kit.apiKey);
  // The CRM tag is linked already, so every request the fake sees belongs to a contact.
  const tagId = (await kitClientForKey(env, kit.apiKey).createTag('via_mycrm')).tag.id;
  kit.calls['POST /tags'] = 0;
  const tagName = `via_mycrm-${tagId}-${Date.now()}`;
  await seedTag(db, tagName, { kit_tag_name: 'via_mycrm', kit_tag_id: tagId });
  return {
    kit,
    env,
    tagId,
    start(options = {}) {
      const worker = startKitWorker({
        db,
        config: { dataDir: '/nonexistent', kit: env },
        log: silentLog,
        pollMs: 20,
        // Long enough that a slow, loaded machine never mistakes a running job for a crashed one
        // (the crash test sets its own short lease).
        leaseMs: 30_000,
        maxAttempts: 5,
        retryBaseMs: 50,
        retryMaxMs: 200,
        // Generous: on a busy machine a short timeout would make the client repeat requests Kit did answer.
        client: { timeoutMs: 5_000, backoffMs: 20, maxBackoffMs: 100 },
        ...options,
      });
      workers.push(worker);
      return worker;
    },
    async batch(count, prefix) {
      const people = await seedContacts(db, count, prefix);
      const { batch_id } = await enqueueBatch(db, { kind: 'ids', ids: people.map((p) => p.id) }, [tagName]);
      return { batchId: batch_id, people };
    },
  };
}

const finished = (batchId: string) => async () => (await getBatchProgress(db, batchId))!.finished;

/** One subscriber per contact, tagged exactly once, and kit_id recorded: checked on Kit's side. */
async function expectEachSyncedOnce(kit: FakeKit, tagId: number, people: Array<typeof contacts.$inferSelect>) {
  const rows = await db.select({ id: contacts.id, kit_id: contacts.kit_id }).from(contacts).where(inArray(contacts.id, people.map((p) => p.id)));
  const kitIds = new Map(rows.map((r) => [r.id, r.kit_id]));
  for (const person of people) {
    const matches = [...kit.state.subscribers.values()].filter((s) => s.email_address === person.email.toLowerCase());
    expect(matches, person.email).toHaveLength(1);
    expect(matches[0]!.tag_ids.has(tagId)).toBe(true);
    expect(kit.state.newTaggings.get(`${matches[0]!.email_address} ${tagId}`)).toBe(1);
    expect(kitIds.get(person.id)).toBe(matches[0]!.id);
  }
}

describe('the Kit sync worker', () => {
  it('shares a batch between two worker instances on one database: each contact synced exactly once', async () => {
    const s = await setup();
    const { batchId, people } = await s.batch(40, 'twoworkers');
    s.start();
    s.start();
    await waitFor(finished(batchId), 20_000, 'the batch');

    expect(await getBatchProgress(db, batchId)).toMatchObject({ total: 40, done: 40, failed: 0, failures: [] });
    expect((await jobsOf(db, people.map((p) => p.id))).every((j) => j.attempts === 1)).toBe(true);
    expect(s.kit.calls).toEqual({ 'POST /tags': 0, 'POST /subscribers': 40, 'POST /tags/:tag_id/subscribers': 40 });
    expect([...s.kit.state.upsertsByEmail.values()].every((n) => n === 1)).toBe(true);
    expect(s.kit.stats().rateLimited).toBe(0);
    await expectEachSyncedOnce(s.kit, s.tagId, people);
  });

  it('rides out a 429 storm in the middle of a batch', async () => {
    const s = await setup();
    const { batchId, people } = await s.batch(20, 'storm');
    s.start();
    await waitFor(async () => (await getBatchProgress(db, batchId))!.done >= 5, 10_000, 'the first syncs');
    s.kit.setFailure({ kind: '429', times: 6 });
    await waitFor(finished(batchId), 30_000, 'the batch');

    expect(await getBatchProgress(db, batchId)).toMatchObject({ done: 20, failed: 0 });
    expect(s.kit.stats().injectedFailures).toBe(6);
    await expectEachSyncedOnce(s.kit, s.tagId, people);
  });

  it('gets through 500s, timeouts and dropped connections (30 % of requests fail)', async () => {
    const s = await setup({ seed: 7 });
    s.kit.setFailure({ random: 0.3 });
    const { batchId, people } = await s.batch(20, 'flaky');
    s.start({ client: { timeoutMs: 500, backoffMs: 20, maxBackoffMs: 100 } });
    await waitFor(finished(batchId), 30_000, 'the batch');

    expect(await getBatchProgress(db, batchId)).toMatchObject({ done: 20, failed: 0 });
    expect(s.kit.stats().injectedFailures).toBeGreaterThan(0);
    await expectEachSyncedOnce(s.kit, s.tagId, people);
  });

  it('survives a worker restart in the middle of a batch without syncing anyone twice', async () => {
    const s = await setup();
    const { batchId, people } = await s.batch(30, 'restart');
    const first = s.start();
    await waitFor(async () => (await getBatchProgress(db, batchId))!.done >= 8, 10_000, 'the first syncs');
    await first.stop();
    const afterStop = (await getBatchProgress(db, batchId))!;
    expect(afterStop.running).toBe(0);
    expect(afterStop.done).toBeLessThan(30);

    s.start();
    await waitFor(finished(batchId), 20_000, 'the batch');
    expect(await getBatchProgress(db, batchId)).toMatchObject({ done: 30, failed: 0 });
    expect(s.kit.calls['POST /subscribers']).toBe(30);
    expect([...s.kit.state.upsertsByEmail.values()].every((n) => n === 1)).toBe(true);
    await expectEachSyncedOnce(s.kit, s.tagId, people);
  });

  it('takes over the jobs of a worker that crashed mid-sync once their lease runs out', async () => {
    const s = await setup();
    const { batchId, people } = await s.batch(6, 'crash');
    // A worker claims three jobs, reaches Kit for one of them, and dies.
    const orphans = await claimJobs(db, 3);
    const victim = people.find((p) => p.id === orphans[0]!.contact_id)!;
    await kitClientForKey(s.env, s.kit.apiKey).upsertSubscriber({ email_address: victim.email });

    s.start({ leaseMs: 600 });
    await waitFor(finished(batchId), 20_000, 'the batch');
    expect(await getBatchProgress(db, batchId)).toMatchObject({ done: 6, failed: 0 });
    const jobs = await jobsOf(db, people.map((p) => p.id));
    expect(jobs.filter((j) => j.attempts === 2).map((j) => j.contact_id).sort()).toEqual(orphans.map((j) => j.contact_id).sort());
    await expectEachSyncedOnce(s.kit, s.tagId, people);
  });

  it('fails a job at once when Kit refuses the contact, with the reason in the batch progress', async () => {
    const s = await setup();
    const { batchId, people } = await s.batch(2, 'refused');
    await db.update(contacts).set({ email: 'refused-without-domain@' }).where(eq(contacts.id, people[0]!.id));
    s.start();
    await waitFor(finished(batchId), 10_000, 'the batch');

    const progress = (await getBatchProgress(db, batchId))!;
    expect(progress).toMatchObject({ done: 1, failed: 1 });
    expect(progress.failures).toEqual([
      {
        contact_id: people[0]!.id,
        email: 'refused-without-domain@',
        message: `Failed to sync refused-without-domain@: Kit API error: 422 POST ${s.kit.url}/subscribers - Email address is invalid`,
      },
    ]);
    expect((await jobsOf(db, [people[0]!.id]))[0]!.attempts).toBe(1);
  });

  it('retries a failing job with back-off, then marks it failed with the last error', async () => {
    const s = await setup();
    s.kit.setFailure('500');
    const { batchId, people } = await s.batch(1, 'down');
    s.start({ maxAttempts: 3, client: { maxAttempts: 1 } });
    await waitFor(finished(batchId), 10_000, 'the batch');

    const [job] = await jobsOf(db, [people[0]!.id]);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: `Kit API error: 500 POST ${s.kit.url}/subscribers - Internal Server Error` });
    expect(s.kit.calls['POST /subscribers']).toBe(3);
  });

  it('leaves jobs queued while no API key is saved, and runs them once one is', async () => {
    await clearKitApiKey(db);
    const s = await setup({}, { saveKey: false });
    const { batchId, people } = await s.batch(3, 'nokey');
    const keyReads = vi.mocked(readKitApiKey);
    keyReads.mockClear();
    s.start();
    // The worker has looked for a key and found none: it leaves the jobs alone.
    await waitFor(() => keyReads.mock.results.length > 0, 10_000, 'the worker to look for a key');
    expect(await keyReads.mock.results[0]!.value).toBeNull();
    expect(await getBatchProgress(db, batchId)).toMatchObject({ queued: 3, done: 0 });
    expect(s.kit.calls['POST /subscribers']).toBeUndefined();

    await saveKitApiKey(db, () => parseSecretKey(s.env.secretKey!), s.kit.apiKey);
    await waitFor(finished(batchId), 10_000, 'the batch');
    await expectEachSyncedOnce(s.kit, s.tagId, people);
    expect(await db.select().from(kitSyncJobs).where(eq(kitSyncJobs.status, 'running'))).toEqual([]);
  });
});
