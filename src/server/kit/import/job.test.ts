import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../../tests/fakes/fake-kit.ts';
import { openTestDatabase } from '../../../../tests/helpers/test-db.ts';
import type { Database, Db } from '../../db/client.ts';
import { contactEvents, contacts, kitImportJobs, kitImportMemberships, tags } from '../../db/schema.ts';
import type { KitClient } from '../client.ts';
import { kitClientForKey } from '../connection.ts';
import { parseSecretKey } from '../secret-box.ts';
import { saveKitApiKey } from '../settings.ts';
import { kitEnvFor, silentLog, waitFor } from '../test-helpers.ts';
import { claimKitImportJob, getKitImportState, runKitImportJob, startKitImportJob } from './job.ts';
import { startKitImportRunner, type KitImportRunner } from './runner.ts';

/*
 * The import from Kit and the reconciliation pass against the fake Kit: what lands in contacts,
 * what a re-run does (nothing), a crash between pages (resumed from the saved cursor, nothing twice),
 * and Kit's rate limit (the job pauses and finishes).
 */

let database: Database;
let db: Db;
let kit: FakeKit;
const runners: KitImportRunner[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, customFields: ['Last Name', 'Phone', 'Status'] });
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await kit.close();
  await db.delete(kitImportJobs);
  await db.delete(contacts);
  await db.delete(tags);
});

/** Nobody was erased (the erasure log's part has its own tests). */
const noneErased = async () => new Set<string>();

const STATES = ['active', 'inactive', 'cancelled', 'bounced', 'complained'] as const;
const clientOf = (fake: FakeKit, limit?: number): KitClient =>
  kitClientForKey({ ...kitEnvFor(fake), ...(limit ? { rateLimit: limit } : {}) }, fake.apiKey, { backoffMs: 5, maxBackoffMs: 20 });

/** `count` subscribers in every state, every third tagged 'webinar', every fifth 'customer', with a last name. */
function seedKit(count: number, prefix = 'sub') {
  for (let i = 0; i < count; i++) {
    kit.state.addSubscriber({
      email_address: `${prefix}${i}@example.com`,
      first_name: `First${i}`,
      state: STATES[i % STATES.length],
      fields: { last_name: `Last${i}` },
      tags: [...(i % 3 === 0 ? ['webinar'] : []), ...(i % 5 === 0 ? ['customer'] : [])],
    });
  }
}

async function runImport(client = clientOf(kit)) {
  const job = await startKitImportJob(db, 'import');
  const claimed = await claimKitImportJob(db, 30_000);
  expect(claimed?.job.id).toBe(job.id);
  expect(await runKitImportJob(db, client, claimed!, noneErased)).toBe('done');
  return (await getKitImportState(db)).import!;
}

const contactCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]!.n;
const eventCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(contactEvents))[0]!.n;
const contactByEmail = async (email: string) => (await db.select().from(contacts).where(eq(contacts.email, email)))[0];

describe('import from Kit', () => {
  it('brings every subscriber in every state into an empty CRM with first name, custom fields, Kit state and tags (created and linked by Kit id), in few requests', async () => {
    seedKit(2_100);
    kit.state.addSubscriber({ email_address: 'not-an-email', first_name: 'Broken' });
    kit.state.addSubscriber({ email_address: 'bidi@example.com', first_name: 'evil\u202Egnp.exe' });
    kit.state.addSubscriber({ email_address: 'vip@example.com', first_name: 'Vip', fields: { status: 'VIP', phone: '+49 30 1' } });

    const job = await runImport();

    expect(job).toMatchObject({ status: 'done', phase: 'done', total: 2_103, done: 2_103, created: 2_101, updated: 0, unchanged: 0, skipped: 2 });
    expect(job.skipped_items.map((s) => s.email).sort()).toEqual(['bidi@example.com', 'not-an-email']);
    expect(job.skipped_items.every((s) => s.reason.length > 0)).toBe(true);
    expect(await contactCount()).toBe(2_101);

    const c7 = await contactByEmail('sub7@example.com');
    expect(c7).toMatchObject({ first_name: 'First7', last_name: 'Last7', kit_state: 'cancelled', tags: [] });
    expect(c7!.kit_id).toBe(kit.state.subscriberByEmail('sub7@example.com')!.id);
    expect((await contactByEmail('sub15@example.com'))!.tags.sort()).toEqual(['customer', 'webinar']);
    expect((await contactByEmail('sub1@example.com'))!.kit_state).toBe('inactive');
    // A custom field the contact rules refuse is left out; the rest of the subscriber comes in.
    expect(await contactByEmail('vip@example.com')).toMatchObject({ first_name: 'Vip', phone: '+49 30 1', status: 'lead' });

    const crmTags = await db.select().from(tags);
    const kitTags = [...kit.state.tags.values()];
    expect(crmTags.map((t) => [t.name, t.kit_tag_id]).sort()).toEqual(kitTags.map((t) => [t.name, t.id]).sort());

    const events = await db.select().from(contactEvents).where(eq(contactEvents.contact_id, c7!.id));
    expect(events.map((e) => e.type).sort()).toEqual(['created', 'kit_state_changed']);
    expect(events.every((e) => e.actor.kind === 'kit' && e.actor.source === 'import')).toBe(true);

    // 1 tag list + one page per tag (at most 1,000 holders) + 9 subscriber pages of 250.
    expect(job.requests).toBe(1 + 2 + 9);
    expect(kit.calls['GET /subscribers']).toBe(9);
    expect(await db.select().from(kitImportMemberships)).toEqual([]);
  });

  it('updates contacts that exist, matched by email without case, keeping CRM-only data; a re-run changes nothing', async () => {
    const [mine] = await db
      .insert(contacts)
      .values({ email: 'Ann@Example.com', first_name: 'Annie', last_name: 'Keep', phone: '+1 555', tags: [] })
      .returning();
    await db.insert(tags).values({ name: 'crm-only' });
    await db.update(contacts).set({ tags: ['crm-only'] }).where(eq(contacts.id, mine!.id));
    kit.state.addSubscriber({ email_address: 'ann@example.com', first_name: 'Ann', state: 'cancelled', fields: { last_name: null }, tags: ['webinar'] });
    seedKit(10);

    const first = await runImport();
    expect(first).toMatchObject({ created: 10, updated: 1, unchanged: 0, skipped: 0 });
    const ann = await contactByEmail('Ann@Example.com');
    expect(ann).toMatchObject({ first_name: 'Ann', last_name: 'Keep', phone: '+1 555', kit_state: 'cancelled' });
    expect(ann!.tags.sort()).toEqual(['crm-only', 'webinar']);
    const annEvents = await db.select().from(contactEvents).where(eq(contactEvents.contact_id, mine!.id));
    expect(annEvents.map((e) => e.type).sort()).toEqual(['fields_changed', 'kit_state_changed', 'tags_added']);
    expect(annEvents.find((e) => e.type === 'fields_changed')!.data).toEqual({
      type: 'fields_changed',
      changes: [{ field: 'first_name', old: 'Annie', new: 'Ann' }],
    });

    const eventsBefore = await eventCount();
    const rows = await db.select({ id: contacts.id, updated_at: contacts.updated_at, kit_state_at: contacts.kit_state_at }).from(contacts);
    const second = await runImport();
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 11, skipped: 0 });
    expect(await eventCount()).toBe(eventsBefore);
    const after = await db.select({ id: contacts.id, updated_at: contacts.updated_at, kit_state_at: contacts.kit_state_at }).from(contacts);
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(rows.sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('resumes after a crash between pages from the saved cursor once the lease runs out: nothing lost, nothing twice', async () => {
    seedKit(2_500);
    const job = await startKitImportJob(db, 'import');
    const crashing = clientOf(kit);
    const pages = crashing.subscriberPages.bind(crashing);
    // The process "dies" right after the first subscriber page was written.
    crashing.subscriberPages = async function* (params) {
      for await (const page of pages(params)) {
        yield page;
        throw new Error('killed');
      }
    };
    const claimed = await claimKitImportJob(db, 30_000);
    await expect(runKitImportJob(db, crashing, claimed!, noneErased)).rejects.toThrow('killed');
    const midway = (await getKitImportState(db)).import!;
    expect(midway).toMatchObject({ status: 'running', phase: 'subscribers', done: 250, created: 250 });

    // Its lease still holds: nobody takes it over yet.
    expect(await claimKitImportJob(db, 30_000)).toBeNull();
    const subscriberRequests = kit.calls['GET /subscribers'];
    const taken = await claimKitImportJob(db, 0);
    expect(taken?.job.id).toBe(job.id);
    expect(await runKitImportJob(db, clientOf(kit), taken!, noneErased)).toBe('done');

    const done = (await getKitImportState(db)).import!;
    expect(done).toMatchObject({ status: 'done', total: 2_500, done: 2_500, created: 2_500, updated: 0, skipped: 0 });
    expect(await contactCount()).toBe(2_500);
    // Only the nine pages left were asked for, from the saved cursor, and the tags were not read again.
    expect(kit.calls['GET /subscribers']! - subscriberRequests!).toBe(9);
    expect(kit.log.filter((e) => e.endpoint === 'GET /tags').length).toBe(1);
    expect((await contactByEmail('sub2490@example.com'))!.tags.sort()).toEqual(['customer', 'webinar']);
    const created = await db.select({ n: sql<number>`count(*)::int` }).from(contactEvents).where(eq(contactEvents.type, 'created'));
    expect(created[0]!.n).toBe(2_500);
  });

  it('pauses on Kit\'s 429 and finishes, showing the pause on the job meanwhile', async () => {
    await kit.close();
    // Kit allows 4 requests a second; this instance believes it may send 100: Kit answers 429s.
    kit = await startFakeKit({ rateLimit: { limit: 4, windowMs: 1_000 } });
    for (let i = 0; i < 12; i++) kit.state.tagByName(`tag${i}`);
    seedKit(30);
    const env = { ...kitEnvFor(kit), rateLimit: 100 };
    await saveKitApiKey(db, () => parseSecretKey(env.secretKey!), kit.apiKey);
    runners.push(startKitImportRunner({ db, config: { dataDir: '/nonexistent', kit: { ...env, reconcileIntervalMs: 0 } }, log: silentLog, pollMs: 20, leaseMs: 200 }));
    await startKitImportJob(db, 'import');
    runners[0]!.poke();

    let sawPause = false;
    await waitFor(async () => {
      const job = (await getKitImportState(db)).import!;
      if (job.paused_until) sawPause = true;
      return job.status === 'done';
    }, 30_000, 'the import to finish');
    expect(kit.stats().rateLimited).toBeGreaterThan(0);
    expect(sawPause).toBe(true);
    expect((await getKitImportState(db)).import).toMatchObject({ created: 30, paused_until: null });
    expect(await contactCount()).toBe(30);
  });

  it('refuses a second import while one runs', async () => {
    await startKitImportJob(db, 'import');
    await expect(startKitImportJob(db, 'import')).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('reconciliation pass', () => {
  it('reads only what changed in Kit since the last pass and applies states, first names, fields and new tags', async () => {
    seedKit(40);
    // Kit's times are milliseconds: a subscriber seeded in the millisecond the import began would
    // count as changed since it. These existed a second before.
    for (const subscriber of kit.state.subscribers.values()) subscriber.updated_at -= 1_000;
    const imported = await runImport();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const s3 = kit.state.subscriberByEmail('sub3@example.com')!;
    const s4 = kit.state.subscriberByEmail('sub4@example.com')!;
    kit.state.updateSubscriber(s3.id, { state: 'cancelled' });
    kit.state.updateSubscriber(s4.id, { first_name: 'Renamed', fields: { last_name: 'Newlast' } });
    const s8 = kit.state.subscriberByEmail('sub8@example.com')!;
    const vip = kit.state.tagByName('vip');
    s8.tag_ids.add(vip.id);
    s8.tagged_at!.set(vip.id, Date.now());
    kit.state.addSubscriber({ email_address: 'new@example.com', first_name: 'New' });

    const env = kitEnvFor(kit);
    await saveKitApiKey(db, () => parseSecretKey(env.secretKey!), kit.apiKey);
    const subscriberRequests = kit.calls['GET /subscribers']!;
    runners.push(startKitImportRunner({ db, config: { dataDir: '/nonexistent', kit: { ...env, reconcileIntervalMs: 60_000 } }, log: silentLog, pollMs: 20 }));
    await waitFor(async () => (await getKitImportState(db)).reconciliation?.status === 'done', 15_000, 'the pass');

    const pass = (await getKitImportState(db)).reconciliation!;
    expect(pass).toMatchObject({ kind: 'reconciliation', done: 3, created: 1, updated: 3, skipped: 0 });
    expect(new Date(pass.started_at).getTime()).toBeGreaterThan(new Date(imported.started_at).getTime());
    expect(kit.calls['GET /subscribers']! - subscriberRequests).toBe(1);
    expect(await contactByEmail('sub3@example.com')).toMatchObject({ kit_state: 'cancelled' });
    expect(await contactByEmail('sub4@example.com')).toMatchObject({ first_name: 'Renamed', last_name: 'Newlast' });
    expect((await contactByEmail('sub8@example.com'))!.tags).toContain('vip');
    const s3Events = await db.select().from(contactEvents).where(eq(contactEvents.contact_id, (await contactByEmail('sub3@example.com'))!.id));
    expect(s3Events.find((e) => e.type === 'kit_state_changed' && e.actor.kind === 'kit' && e.actor.source === 'reconciliation')?.data).toMatchObject({
      from: 'bounced',
      to: 'cancelled',
    });

    // One pass per interval: the runner does not start another straight away.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db.select().from(kitImportJobs).where(eq(kitImportJobs.kind, 'reconciliation'))).toHaveLength(1);
  });

  it('does not run before anything was imported', async () => {
    seedKit(3);
    const env = kitEnvFor(kit);
    await saveKitApiKey(db, () => parseSecretKey(env.secretKey!), kit.apiKey);
    runners.push(startKitImportRunner({ db, config: { dataDir: '/nonexistent', kit: { ...env, reconcileIntervalMs: 10 } }, log: silentLog, pollMs: 20 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db.select().from(kitImportJobs)).toEqual([]);
    expect(kit.calls['GET /subscribers']).toBeUndefined();
  });
});
