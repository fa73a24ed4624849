import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { BULK_BATCH_SIZE, BULK_MESSAGES, SELECTION_IDS_MAX } from '../../shared/contacts/bulk.ts';
import { CONTACT_MESSAGES } from '../../shared/contacts/form.ts';
import { contactBulkJobItems, contactBulkJobs, contactEvents, contacts, tags } from '../db/schema.ts';
import { claimAbandonedJob, createBulkJob, runBulkJob, runBulkJobBatch } from './bulk-jobs.ts';

const app = signedInApp();
const { api } = app;
const db = () => app.t.db;
const user = { kind: 'user' as const, id: null, email: 'owner@example.com' };

beforeEach(async () => {
  await db().delete(contactBulkJobs);
  await db().delete(contacts);
  await db().delete(tags);
  await db().insert(tags).values([{ name: 'vip' }, { name: 'newsletter' }]);
});

/** `n` contacts named `${prefix}{i}@example.com`, with these tags. */
async function seed(prefix: string, n: number, tagNames: string[] = []) {
  const rows = Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com`, first_name: prefix, tags: tagNames }));
  return db().insert(contacts).values(rows).returning({ id: contacts.id, email: contacts.email });
}
const tagsOf = async (email: string) => (await db().select({ tags: contacts.tags }).from(contacts).where(eq(contacts.email, email)))[0]?.tags;
const countWhere = async (where: ReturnType<typeof sql>) => (await db().select({ n: sql<number>`count(*)::int` }).from(contacts).where(where))[0]!.n;
const eventsOf = (type: 'tags_added' | 'tags_removed') => db().select().from(contactEvents).where(eq(contactEvents.type, type));

async function waitForJob(id: string) {
  for (let i = 0; i < 400; i++) {
    const { job } = (await api('GET', `/api/contacts/bulk-jobs/${id}`)).json();
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job did not finish');
}

describe('bulk actions on picked rows', () => {
  it('adds a tag to the picked contacts at once, tells how many already had it, and records it on each timeline', async () => {
    const [anna, ben, carla] = await seed('pick', 3);
    await db().update(contacts).set({ tags: ['vip'] }).where(eq(contacts.id, carla!.id));
    const res = await api('POST', '/api/contacts/bulk-jobs', { action: 'tag', tag: 'vip', selection: { kind: 'ids', ids: [anna!.id, carla!.id] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().job).toMatchObject({ action: 'tag', tag: 'vip', status: 'done', total: 2, done: 2, changed: 1, error: null });
    expect(await tagsOf(anna!.email)).toEqual(['vip']);
    expect(await tagsOf(ben!.email)).toEqual([]);
    expect(await tagsOf(carla!.email)).toEqual(['vip']);
    const events = await eventsOf('tags_added');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ contact_id: anna!.id, actor: { kind: 'user', email: 'owner@example.com' }, data: { type: 'tags_added', tags: ['vip'] } });
  });

  it('removes a tag and deletes, leaving every other contact alone', async () => {
    const people = await seed('rm', 4, ['vip', 'newsletter']);
    const ids = people.slice(0, 2).map((p) => p.id);
    const untag = await api('POST', '/api/contacts/bulk-jobs', { action: 'untag', tag: 'vip', selection: { kind: 'ids', ids } });
    expect(untag.json().job).toMatchObject({ status: 'done', changed: 2 });
    expect(await tagsOf('rm0@example.com')).toEqual(['newsletter']);
    expect(await tagsOf('rm2@example.com')).toEqual(['vip', 'newsletter']);
    expect(await eventsOf('tags_removed')).toHaveLength(2);

    const removal = await api('POST', '/api/contacts/bulk-jobs', { action: 'delete', selection: { kind: 'ids', ids: [...ids, randomUUID()] } });
    expect(removal.json().job).toMatchObject({ action: 'delete', status: 'done', total: 2, changed: 2 });
    expect((await db().select({ email: contacts.email }).from(contacts).orderBy(contacts.email)).map((c) => c.email)).toEqual(['rm2@example.com', 'rm3@example.com']);
  });

  it('refuses an unknown tag, an empty or oversized selection, and ids that are not ids, changing nothing', async () => {
    const [one] = await seed('bad', 1);
    const unknown = await api('POST', '/api/contacts/bulk-jobs', { action: 'tag', tag: 'nope', selection: { kind: 'ids', ids: [one!.id] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(CONTACT_MESSAGES.tagsUnknown(['nope']));
    const nobody = await api('POST', '/api/contacts/bulk-jobs', { action: 'delete', selection: { kind: 'ids', ids: [randomUUID()] } });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe(BULK_MESSAGES.nothingSelected);
    const tooMany = Array.from({ length: SELECTION_IDS_MAX + 1 }, () => randomUUID());
    for (const selection of [{ kind: 'ids', ids: [] }, { kind: 'ids', ids: ['1 or 1=1'] }, { kind: 'ids', ids: tooMany }, { kind: 'everything' }]) {
      expect((await api('POST', '/api/contacts/bulk-jobs', { action: 'delete', selection })).statusCode, JSON.stringify(selection).slice(0, 80)).toBe(400);
    }
    expect(await db().select().from(contactBulkJobs)).toEqual([]);
    expect(await tagsOf('bad0@example.com')).toEqual([]);
    expect((await api('GET', `/api/contacts/bulk-jobs/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api('GET', '/api/contacts/bulk-jobs/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('bulk actions on all contacts that match', () => {
  it('tags every match of a search and filter in the background, batch by batch, and nothing else', async () => {
    const matches = BULK_BATCH_SIZE * 2 + 37;
    await seed('lead', matches);
    await seed('other', 20);
    await db().update(contacts).set({ status: 'customer' }).where(sql`${contacts.email} like 'lead1%'`);
    const customers = await countWhere(sql`${contacts.status} = 'customer'`);

    const res = await api('POST', '/api/contacts/bulk-jobs', { action: 'tag', tag: 'newsletter', selection: { kind: 'matching', filters: { search: 'lead', status: 'lead' } } });
    expect(res.statusCode).toBe(201);
    const started = res.json().job;
    expect(started).toMatchObject({ status: 'running', total: matches - customers });
    const job = await waitForJob(started.id);
    expect(job).toMatchObject({ status: 'done', total: matches - customers, done: matches - customers, changed: matches - customers });
    expect(await countWhere(sql`${contacts.tags} @> array['newsletter']`)).toBe(matches - customers);
    expect(await countWhere(sql`${contacts.tags} @> array['newsletter'] and (${contacts.status} <> 'lead' or ${contacts.email} like 'other%')`)).toBe(0);
    expect(await eventsOf('tags_added')).toHaveLength(matches - customers);
    // A finished job keeps no work list.
    expect(await db().select().from(contactBulkJobItems)).toEqual([]);
  });

  it('deletes the contacts that matched when it started, not those that match later', async () => {
    await seed('gone', 5, ['vip']);
    const { job, lease } = await createBulkJob(db(), { action: 'delete', selection: { kind: 'matching', filters: { tag: 'vip' } } }, user);
    expect(job.total).toBe(5);
    await seed('late', 2, ['vip']);
    expect(await runBulkJob(db(), lease, 2)).toBe('finished');
    expect((await db().select({ email: contacts.email }).from(contacts)).map((c) => c.email).sort()).toEqual(['late0@example.com', 'late1@example.com']);
  });

  it('resumes after its instance died: no contact twice, none left out', async () => {
    await seed('resume', 7);
    const { lease } = await createBulkJob(db(), { action: 'tag', tag: 'vip', selection: { kind: 'matching', filters: { search: 'resume' } } }, user);
    expect(await runBulkJobBatch(db(), lease, 3)).toBe('more');
    // The instance dies here; its lease runs out.
    await db().update(contactBulkJobs).set({ locked_at: sql`now() - interval '10 minutes'` });
    const takeover = await claimAbandonedJob(db(), 60_000);
    expect(takeover?.jobId).toBe(lease.jobId);
    // The old instance coming back finds the job is no longer its own and changes nothing.
    expect(await runBulkJobBatch(db(), lease, 3)).toBe('lost');
    expect(await runBulkJob(db(), takeover!, 3)).toBe('finished');
    const [done] = await db().select().from(contactBulkJobs);
    expect(done).toMatchObject({ status: 'done', total: 7, done: 7, changed: 7 });
    expect(await countWhere(sql`${contacts.tags} = array['vip']`)).toBe(7);
    expect(await eventsOf('tags_added')).toHaveLength(7);
    expect(await claimAbandonedJob(db(), 60_000)).toBeNull();
  });

  it('stops with a clear error when its tag is deleted on the way; the batches before keep their change', async () => {
    await seed('stop', 5);
    const { job, lease } = await createBulkJob(db(), { action: 'tag', tag: 'vip', selection: { kind: 'matching', filters: { search: 'stop' } } }, user);
    expect(await runBulkJobBatch(db(), lease, 2)).toBe('more');
    await db().delete(tags).where(eq(tags.name, 'vip'));
    expect(await runBulkJobBatch(db(), lease, 2)).toBe('finished');
    const after = (await api('GET', `/api/contacts/bulk-jobs/${job.id}`)).json().job;
    expect(after).toMatchObject({ status: 'failed', done: 2, changed: 2, error: BULK_MESSAGES.tagGone('vip') });
    expect(await countWhere(sql`${contacts.tags} @> array['vip']`)).toBe(2);
  });
});

describe('exporting a selection', () => {
  it('answers the CSV of the picked rows, or of all that match, in the view order', async () => {
    const people = await seed('csv', 4);
    const csvOf = async (body: unknown) => {
      const res = await api('POST', '/api/contacts/export-selection.csv', body);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      return Papa.parse<Record<string, string>>(res.body.replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true }).data.map((r) => r.email);
    };
    expect(await csvOf({ selection: { kind: 'ids', ids: [people[2]!.id, people[0]!.id] }, sort: 'email', order: 'desc' })).toEqual(['csv2@example.com', 'csv0@example.com']);
    expect(await csvOf({ selection: { kind: 'matching', filters: { search: 'csv' } }, sort: 'email', order: 'asc' })).toEqual(people.map((p) => p.email));
    expect((await api('POST', '/api/contacts/export-selection.csv', { selection: { kind: 'ids', ids: ['x'] } })).statusCode).toBe(400);
  });
});
