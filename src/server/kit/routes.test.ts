import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../tests/fakes/fake-kit.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { appSettings, contacts, kitSyncJobs } from '../db/schema.ts';
import { KitClient } from './client.ts';
import { KitRateLimiter } from './rate-limiter.ts';
import { decryptSecret, parseSecretKey } from './secret-box.ts';
import { isKitConfigured } from './service.ts';
import { seedContacts, seedTag, silentLog, tagRow, waitFor } from './test-helpers.ts';
import { startKitWorker } from './worker.ts';

let kit: FakeKit;
let t: TestApp;
let cookie: string;
const secretKey = randomBytes(32).toString('base64');

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, tags: ['newsletter'], customFields: ['Last Name'] });
  t = await createTestApp({ KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '10000', KIT_RATE_WINDOW_MS: '1000', MYCRM_SECRET_KEY: secretKey });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await kit.close();
});

const call = (options: InjectOptions) => t.as(cookie, options);
const saveKey = (apiKey = kit.apiKey) => call({ method: 'PUT', url: '/api/kit/settings', payload: { api_key: apiKey } });
const kitClient = () => new KitClient({ apiKey: kit.apiKey, baseUrl: kit.url, limiter: new KitRateLimiter(kit.rateLimit) });

describe('without a saved key', () => {
  it('answers 409 "Kit API key not configured" on every route that needs Kit', async () => {
    await call({ method: 'DELETE', url: '/api/kit/settings' });
    const [person] = await seedContacts(t.db, 1, 'nokey');
    const routes: InjectOptions[] = [
      { method: 'POST', url: '/api/kit/test-connection', payload: {} },
      { method: 'GET', url: '/api/kit/stats' },
      { method: 'GET', url: '/api/kit/forms' },
      { method: 'GET', url: '/api/kit/tags' },
      { method: 'GET', url: '/api/kit/subscribers' },
      { method: 'POST', url: '/api/kit/custom-fields' },
      { method: 'POST', url: '/api/kit/tag-links', payload: {} },
      { method: 'POST', url: `/api/kit/contacts/${person!.id}/check` },
      { method: 'POST', url: `/api/kit/contacts/${person!.id}/sync`, payload: { tag_names: ['via_mycrm'] } },
      { method: 'POST', url: '/api/kit/sync-batches', payload: { selection: { kind: 'ids', ids: [person!.id] }, tag_names: [] } },
    ];
    for (const route of routes) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(409);
      expect(res.json().error).toEqual({ code: 'kit_not_configured', message: 'Kit API key not configured' });
    }
  });
});

describe('the API key', () => {
  it('is stored encrypted, shown only by its last four characters, and cleared to an empty value', async () => {
    const saved = await saveKey();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, masked_key: `••••••••${kit.apiKey.slice(-4)}` });
    expect(saved.body).not.toContain(kit.apiKey);

    const [row] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'kit_api_key'));
    expect(row!.value).not.toBe(kit.apiKey);
    expect(row!.value).not.toContain(kit.apiKey.slice(0, 12));
    expect(decryptSecret(parseSecretKey(secretKey), row!.value, 'kit_api_key')).toBe(kit.apiKey);

    const read = await call({ method: 'GET', url: '/api/kit/settings' });
    expect(read.json()).toEqual(saved.json());
    expect(read.body).not.toContain(kit.apiKey);
    expect(await isKitConfigured(t.db)).toBe(true);

    expect((await call({ method: 'DELETE', url: '/api/kit/settings' })).statusCode).toBe(204);
    const [cleared] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'kit_api_key'));
    expect(cleared!.value).toBe('');
    expect((await call({ method: 'GET', url: '/api/kit/settings' })).json()).toMatchObject({ configured: false, masked_key: null });
    expect(await isKitConfigured(t.db)).toBe(false);

    const blank = await saveKey('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.api_key).toBe('API key is required');
  });

  it('answers "Failed to save API key" when it cannot be stored', async () => {
    await t.db.execute(sql`create function kit_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await t.db.execute(sql`create trigger kit_test_refuse before insert or update on app_settings for each row execute function kit_test_refuse()`);
    try {
      const res = await saveKey();
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({ code: 'kit_key_save_failed', message: 'Failed to save API key' });
    } finally {
      await t.db.execute(sql`drop trigger kit_test_refuse on app_settings`);
      await t.db.execute(sql`drop function kit_test_refuse()`);
    }
  });

  it('can be tested before saving, and when saved', async () => {
    const wrong = await call({ method: 'POST', url: '/api/kit/test-connection', payload: { api_key: 'kit_wrong_key' } });
    expect(wrong.json()).toEqual({ ok: false, error: 'HTTP 401: Unauthorized' });
    await saveKey();
    const ok = await call({ method: 'POST', url: '/api/kit/test-connection', payload: {} });
    expect(ok.json()).toEqual({ ok: true, account: { name: 'Fake Kit account', email: 'owner@fake-kit.test' } });
  });
});

describe('what the Kit screen shows', () => {
  beforeAll(async () => {
    await saveKey();
    const client = kitClient();
    for (let i = 0; i < 4; i++) await client.upsertSubscriber({ email_address: `listed${i}@example.com`, first_name: `Listed ${i}` });
    await client.unsubscribe((await client.findSubscriberByEmail('listed3@example.com'))!.id);
  });

  it('counts subscribers for real: all of them, and the active ones', async () => {
    const all = [...kit.state.subscribers.values()];
    const res = await call({ method: 'GET', url: '/api/kit/stats' });
    expect(res.json()).toEqual({ total_subscribers: all.length, active_subscribers: all.filter((s) => s.state === 'active').length });
    expect(res.json().total_subscribers).toBeGreaterThan(res.json().active_subscribers);
  });

  it('lists forms and tags', async () => {
    expect((await call({ method: 'GET', url: '/api/kit/forms' })).json().forms.map((f: { name: string }) => f.name)).toEqual([
      'Newsletter sign-up',
      'Webinar landing page',
    ]);
    expect((await call({ method: 'GET', url: '/api/kit/tags' })).json().tags.map((f: { name: string }) => f.name)).toContain('newsletter');
  });

  it('pages through subscribers with cursors (50 per page by default) and finds one by email', async () => {
    const first = await call({ method: 'GET', url: '/api/kit/subscribers?per_page=2' });
    expect(first.json().subscribers).toHaveLength(2);
    expect(first.json().pagination).toMatchObject({ has_next_page: true, per_page: 2 });
    const next = await call({ method: 'GET', url: `/api/kit/subscribers?per_page=2&after=${encodeURIComponent(first.json().pagination.end_cursor)}` });
    expect(next.json().pagination.has_previous_page).toBe(true);
    const ids = [...first.json().subscribers, ...next.json().subscribers].map((s: { id: number }) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Newest first (Kit's ids grow with each subscriber): Kit is asked for that order, it is not its default.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = (await call({ method: 'GET', url: '/api/kit/subscribers?per_page=1000' })).json().subscribers.map((s: { id: number }) => s.id);
    expect(ids).toEqual(all.slice(0, 4));
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a));
    expect((await call({ method: 'GET', url: '/api/kit/subscribers' })).json().pagination.per_page).toBe(50);

    const found = await call({ method: 'GET', url: '/api/kit/subscribers?email=LISTED3@example.com' });
    expect(found.json().subscribers).toEqual([expect.objectContaining({ email_address: 'listed3@example.com', state: 'cancelled' })]);
    expect((await call({ method: 'GET', url: '/api/kit/subscribers?status=active&email=listed3@example.com' })).json().subscribers).toEqual([]);
  });

  it('creates the seven custom fields the sync writes, skipping those that exist', async () => {
    const first = await call({ method: 'POST', url: '/api/kit/custom-fields' });
    expect(first.json()).toEqual({ created: ['phone', 'address', 'country', 'linkedin', 'source', 'status'], existing: ['last_name'] });
    const again = await call({ method: 'POST', url: '/api/kit/custom-fields' });
    expect(again.json()).toEqual({ created: [], existing: ['last_name', 'phone', 'address', 'country', 'linkedin', 'source', 'status'] });
  });

  it('links CRM tags to Kit tags by name, creating the missing ones when asked', async () => {
    const newsletter = await seedTag(t.db, 'Newsletter');
    const vip = await seedTag(t.db, 'VIP', { kit_tag_name: 'vip-clients' });
    const ids = [newsletter.id, vip.id];
    const kitNewsletter = [...kit.state.tags.values()].find((tag) => tag.name === 'newsletter')!;

    const linked = await call({ method: 'POST', url: '/api/kit/tag-links', payload: { tag_ids: ids } });
    expect(linked.json().tags).toEqual([
      { id: newsletter.id, name: 'Newsletter', kit_tag_name: 'newsletter', kit_tag_id: kitNewsletter.id, result: 'linked' },
      { id: vip.id, name: 'VIP', kit_tag_name: 'vip-clients', kit_tag_id: null, result: 'missing' },
    ]);
    expect(await tagRow(t.db, 'Newsletter')).toMatchObject({ kit_tag_id: kitNewsletter.id });

    const created = await call({ method: 'POST', url: '/api/kit/tag-links', payload: { tag_ids: ids, create_missing: true } });
    const kitVip = [...kit.state.tags.values()].find((tag) => tag.name === 'vip-clients')!;
    expect(created.json().tags.map((tag: { result: string }) => tag.result)).toEqual(['unchanged', 'created']);
    expect(await tagRow(t.db, 'VIP')).toMatchObject({ kit_tag_id: kitVip.id, kit_tag_name: 'vip-clients' });
  });
});

describe('one contact', () => {
  it('checks, syncs ("Contact successfully synced to Kit!") and shows the sync state', async () => {
    await saveKey();
    const [person] = await seedContacts(t.db, 1, 'modal');
    const id = person!.id;
    expect((await call({ method: 'POST', url: `/api/kit/contacts/${id}/check` })).json()).toEqual({ kit_id: null, subscriber: null });
    expect((await call({ method: 'GET', url: `/api/kit/sync-state?contact_ids=${id}` })).json().states[id].state).toBe('never');

    const synced = await call({ method: 'POST', url: `/api/kit/contacts/${id}/sync`, payload: { tag_names: ['via_mycrm'] } });
    expect(synced.statusCode).toBe(200);
    const subscriber = kit.state.subscriberByEmail(person!.email)!;
    const viaMycrm = [...kit.state.tags.values()].find((tag) => tag.name === 'via_mycrm')!;
    expect(synced.json()).toEqual({
      kit_id: subscriber.id,
      created: true,
      tags: [{ name: 'via_mycrm', kit_tag_id: viaMycrm.id }],
      message: 'Contact successfully synced to Kit!',
    });
    expect(subscriber.tag_ids.has(viaMycrm.id)).toBe(true);

    const checked = await call({ method: 'POST', url: `/api/kit/contacts/${id}/check` });
    expect(checked.json()).toMatchObject({ kit_id: subscriber.id, subscriber: { email_address: person!.email } });
    const state = (await call({ method: 'GET', url: `/api/kit/sync-state?contact_ids=${id}` })).json().states[id];
    expect(state).toMatchObject({ state: 'synced', error: null });
  });

  it("answers Kit's error text when the sync fails, and records it", async () => {
    await saveKey();
    const [person] = await seedContacts(t.db, 1, 'broken');
    await t.db.update(contacts).set({ email: 'broken-address@' }).where(eq(contacts.id, person!.id));
    const res = await call({ method: 'POST', url: `/api/kit/contacts/${person!.id}/sync`, payload: { tag_names: [] } });
    expect(res.statusCode).toBe(502);
    const message = `Kit API error: 422 POST ${kit.url}/subscribers - Email address is invalid`;
    expect(res.json().error).toEqual({ code: 'kit_error', message });
    const state = (await call({ method: 'GET', url: `/api/kit/sync-state?contact_ids=${person!.id}` })).json().states[person!.id];
    expect(state).toMatchObject({ state: 'failed', error: message });

    const missing = await call({ method: 'POST', url: `/api/kit/contacts/${randomUUID()}/sync`, payload: { tag_names: [] } });
    expect(missing.statusCode).toBe(404);
    expect((await call({ method: 'POST', url: '/api/kit/contacts/not-a-uuid/check' })).statusCode).toBe(400);
  });
});

describe('bulk sync', () => {
  it('queues a batch, reports its progress while the worker syncs it, and retries failures', async () => {
    await saveKey();
    const people = await seedContacts(t.db, 3, 'bulk');
    const res = await call({
      method: 'POST',
      url: '/api/kit/sync-batches',
      payload: { selection: { kind: 'ids', ids: [...people.map((p) => p.id), randomUUID()] }, tag_names: ['via_mycrm'] },
    });
    expect(res.statusCode).toBe(202);
    const { batch_id, total } = res.json();
    expect(total).toBe(3);
    expect((await call({ method: 'GET', url: `/api/kit/sync-batches/${batch_id}` })).json()).toMatchObject({ total: 3, queued: 3, finished: false });

    const worker = startKitWorker({ db: t.db, config: t.config, log: silentLog, pollMs: 20 });
    try {
      await waitFor(async () => (await call({ method: 'GET', url: `/api/kit/sync-batches/${batch_id}` })).json().finished, 15_000, 'the batch');
    } finally {
      await worker.stop();
    }
    expect((await call({ method: 'GET', url: `/api/kit/sync-batches/${batch_id}` })).json()).toEqual({
      batch_id,
      total: 3,
      done: 3,
      failed: 0,
      queued: 0,
      running: 0,
      finished: true,
      failures: [],
    });
    for (const person of people) expect(kit.state.subscriberByEmail(person.email)).toBeDefined();
    const states = (await call({ method: 'GET', url: `/api/kit/sync-state?contact_ids=${people.map((p) => p.id).join(',')}` })).json().states;
    expect(Object.values(states).map((s) => (s as { state: string }).state)).toEqual(['synced', 'synced', 'synced']);

    expect((await call({ method: 'POST', url: `/api/kit/sync-batches/${batch_id}/retry` })).json()).toEqual({ requeued: 0 });
    expect((await call({ method: 'GET', url: `/api/kit/sync-batches/${randomUUID()}` })).statusCode).toBe(404);
    const nobody = await call({ method: 'POST', url: '/api/kit/sync-batches', payload: { selection: { kind: 'ids', ids: [randomUUID()] }, tag_names: [] } });
    expect(nobody.statusCode).toBe(404);
    expect((await call({ method: 'POST', url: '/api/kit/sync-batches', payload: { selection: { kind: 'ids', ids: [] }, tag_names: [] } })).statusCode).toBe(400);
  });

  it('queues every contact that matches a search when all that match are selected', async () => {
    await saveKey();
    await seedContacts(t.db, 4, 'everyone');
    await seedContacts(t.db, 2, 'somebody');
    const res = await call({ method: 'POST', url: '/api/kit/sync-batches', payload: { selection: { kind: 'matching', filters: { search: 'everyone' } }, tag_names: ['via_mycrm'] } });
    expect(res.statusCode).toBe(202);
    const { batch_id, total } = res.json();
    expect(total).toBe(4);
    const queued = await t.db.select({ contact_id: kitSyncJobs.contact_id, tag_names: kitSyncJobs.tag_names }).from(kitSyncJobs).where(eq(kitSyncJobs.batch_id, batch_id));
    expect(queued).toHaveLength(4);
    expect(queued.every((job) => job.tag_names.join() === 'via_mycrm')).toBe(true);
  });
});
