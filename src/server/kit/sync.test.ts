import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../tests/fakes/fake-kit.ts';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database, Db } from '../db/client.ts';
import { contactEvents, contacts, kitSyncJobs } from '../db/schema.ts';
import { KitClient } from './client.ts';
import { countFinalKitStates, enqueueBatch } from './queue.ts';
import { KitRateLimiter } from './rate-limiter.ts';
import { checkContactInKit, KitSyncError, syncContactToKit } from './sync.ts';
import { primeKitTagCache } from './tag-ids.ts';
import { seedContacts, seedTag, tagRow } from './test-helpers.ts';

let database: Database;
let db: Db;
let kit: FakeKit;
let client: KitClient;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, customFields: ['last_name', 'phone', 'source'] });
  client = new KitClient({ apiKey: kit.apiKey, baseUrl: kit.url, limiter: new KitRateLimiter(kit.rateLimit), backoffMs: 10 });
});
afterAll(async () => {
  await kit.close();
  await database.close();
});

/** Requests the fake received during `action`. */
async function requestsDuring(action: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = { ...kit.calls };
  await action();
  return Object.fromEntries(
    Object.entries(kit.calls)
      .map(([endpoint, n]) => [endpoint, n - (before[endpoint] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
}

let kitTagId: number;
beforeEach(async () => {
  kitTagId = (await client.createTag('via_mycrm')).tag.id;
});

describe('syncing one contact', () => {
  it('costs 1 + (number of tags) requests: the upsert, then one tagging call per tag', async () => {
    const [person] = await seedContacts(db, 1, 'budget');
    const other = (await client.createTag('webinar')).tag.id;
    const crm = await seedTag(db, `budget-${person!.id}`, { kit_tag_name: 'webinar', kit_tag_id: other });
    // via_mycrm is no CRM tag here: its id comes from Kit's tag list, which the sync modal loads anyway.
    primeKitTagCache(client, await client.listAllTags());
    const calls = await requestsDuring(() => syncContactToKit(db, client, person!.id, ['via_mycrm', crm.name]));
    expect(calls).toEqual({ 'POST /subscribers': 1, 'POST /tags/:tag_id/subscribers': 2 });
    const subscriber = kit.state.subscriberByEmail(person!.email)!;
    expect(subscriber).toMatchObject({ first_name: 'First0', state: 'active' });
    expect(subscriber.fields).toEqual({ last_name: 'Last0', phone: '+49 30 1234', source: 'landing_page' });
    expect([...subscriber.tag_ids].sort()).toEqual([kitTagId, other].sort());
    const [row] = await db.select().from(contacts).where(eq(contacts.id, person!.id));
    expect(row!.kit_id).toBe(subscriber.id);
  });

  it('finds a CRM tag without a Kit id by its Kit name once, and remembers the id on the tag', async () => {
    const [a, b] = await seedContacts(db, 2, 'resolve');
    const crm = await seedTag(db, `Newsletter-${a!.id}`, { kit_tag_name: `news-${a!.id}` });
    const first = await requestsDuring(() => syncContactToKit(db, client, a!.id, [crm.name]));
    expect(first).toEqual({ 'POST /tags': 1, 'POST /subscribers': 1, 'POST /tags/:tag_id/subscribers': 1 });
    const linked = await tagRow(db, crm.name);
    const kitTag = [...kit.state.tags.values()].find((t) => t.name === `news-${a!.id}`)!;
    expect(linked).toMatchObject({ kit_tag_id: kitTag.id, kit_tag_name: `news-${a!.id}` });

    const second = await requestsDuring(() => syncContactToKit(db, client, b!.id, [crm.name]));
    expect(second).toEqual({ 'POST /subscribers': 1, 'POST /tags/:tag_id/subscribers': 1 });
  });

  it('updates the last name of an existing subscriber only when it differs', async () => {
    const [person] = await seedContacts(db, 1, 'existing');
    await syncContactToKit(db, client, person!.id, []);
    const unchanged = await requestsDuring(() => syncContactToKit(db, client, person!.id, []));
    expect(unchanged).toEqual({ 'POST /subscribers': 1 });

    await db.update(contacts).set({ last_name: 'Married', first_name: 'Renamed' }).where(eq(contacts.id, person!.id));
    const changed = await requestsDuring(() => syncContactToKit(db, client, person!.id, []));
    expect(changed).toEqual({ 'POST /subscribers': 1, 'PUT /subscribers/:id': 1 });
    expect(kit.state.subscriberByEmail(person!.email)).toMatchObject({ first_name: 'Renamed', fields: { last_name: 'Married' } });
  });

  it('looks a CRM tag up again when its saved Kit tag no longer exists in Kit', async () => {
    const [person] = await seedContacts(db, 1, 'stale');
    const crm = await seedTag(db, `stale-${person!.id}`, { kit_tag_id: 999_999_999 });
    const outcome = await syncContactToKit(db, client, person!.id, [crm.name]);
    const recreated = [...kit.state.tags.values()].find((t) => t.name === crm.name)!;
    expect(outcome.tags).toEqual([{ name: crm.name, kit_tag_id: recreated.id }]);
    expect((await tagRow(db, crm.name))!.kit_tag_id).toBe(recreated.id);
    expect(kit.state.subscriberByEmail(person!.email)!.tag_ids.has(recreated.id)).toBe(true);
  });

  it('refuses a contact without an email ("Email is required to add tags in v4") or one that is gone', async () => {
    const [person] = await seedContacts(db, 1, 'noemail');
    await db.update(contacts).set({ email: '' }).where(eq(contacts.id, person!.id));
    await expect(syncContactToKit(db, client, person!.id, ['via_mycrm'])).rejects.toThrow(new KitSyncError('Email is required to add tags in v4'));
    await expect(syncContactToKit(db, client, '00000000-0000-4000-8000-000000000000', [])).rejects.toThrow('Contact not found');
  });
});

describe('check in Kit', () => {
  it('records the subscriber id when Kit knows the email, and null when it does not', async () => {
    const [known, unknown] = await seedContacts(db, 2, 'check');
    const { subscriber } = await client.upsertSubscriber({ email_address: known!.email.toUpperCase() });
    await db.update(contacts).set({ kit_id: 42 }).where(eq(contacts.id, unknown!.id));

    expect((await checkContactInKit(db, client, known!.id)).kit_id).toBe(subscriber.id);
    expect((await checkContactInKit(db, client, unknown!.id)).kit_id).toBeNull();
    const rows = await db.select({ id: contacts.id, kit_id: contacts.kit_id }).from(contacts);
    expect(rows.find((r) => r.id === known!.id)!.kit_id).toBe(subscriber.id);
    expect(rows.find((r) => r.id === unknown!.id)!.kit_id).toBeNull();
  });
});

describe("Kit's state", () => {
  it('never syncs a contact Kit says unsubscribed, bounced or complained: no request, a clear reason', async () => {
    for (const state of ['cancelled', 'bounced', 'complained'] as const) {
      const [person] = await seedContacts(db, 1, `final-${state}`);
      await db.update(contacts).set({ kit_state: state, kit_state_at: new Date() }).where(eq(contacts.id, person!.id));
      let error: unknown;
      const calls = await requestsDuring(() => syncContactToKit(db, client, person!.id, ['via_mycrm']).catch((e: unknown) => (error = e)));
      expect(calls).toEqual({});
      expect(error).toBeInstanceOf(KitSyncError);
      expect((error as Error).message).toMatch(/^Not synced: (unsubscribed|bounced|complained) in Kit\./);
    }
  });

  it("applies the state in Kit's answer to the upsert, as learnt from a sync", async () => {
    const [person] = await seedContacts(db, 1, 'answer');
    kit.state.addSubscriber({ email_address: person!.email, state: 'inactive' });
    await syncContactToKit(db, client, person!.id, []);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, person!.id));
    expect(row!.kit_state).toBe('inactive');
    const events = await db.select().from(contactEvents).where(eq(contactEvents.contact_id, person!.id));
    expect(events.map((e) => [e.type, e.actor])).toContainEqual(['kit_state_changed', { kind: 'kit', source: 'sync' }]);
  });

  it('a bulk sync queues only the others and says how many it skipped', async () => {
    const people = await seedContacts(db, 4, 'bulk-final');
    await db.update(contacts).set({ kit_state: 'bounced', kit_state_at: new Date() }).where(eq(contacts.id, people[0]!.id));
    await db.update(contacts).set({ kit_state: 'cancelled', kit_state_at: new Date() }).where(eq(contacts.id, people[1]!.id));
    await db.update(contacts).set({ kit_state: 'active', kit_state_at: new Date() }).where(eq(contacts.id, people[2]!.id));
    const selection = { kind: 'ids' as const, ids: people.map((p) => p.id) };
    expect(await countFinalKitStates(db, selection)).toBe(2);
    const batch = await enqueueBatch(db, selection, []);
    expect(batch).toMatchObject({ total: 2, skipped: 2 });
    const queued = await db.select().from(kitSyncJobs).where(eq(kitSyncJobs.batch_id, batch.batch_id));
    expect(queued.map((j) => j.contact_id).sort()).toEqual([people[2]!.id, people[3]!.id].sort());
  });
});
