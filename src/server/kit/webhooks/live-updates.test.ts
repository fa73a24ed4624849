import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_PATHS } from '../../../shared/contacts/api.ts';
import { KIT_WEBHOOK_PATHS } from '../../../shared/kit/webhooks.ts';
import { PRIVACY_PATHS } from '../../../shared/privacy/erasure.ts';
import { KIT_SUBSCRIBER_ERASED } from '../../contacts/service.ts';
import type { DeliveryTransport } from '../../../../tests/fakes/fake-kit-webhooks.ts';
import { startFakeKit, type FakeKit } from '../../../../tests/fakes/fake-kit.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { appSettings, contactEvents, contacts, kitWebhookEvents, tags } from '../../db/schema.ts';
import { secretKeyProvider } from '../settings.ts';
import { silentLog } from '../test-helpers.ts';
import { KIT_WEBHOOK_SETTING } from './endpoint-store.ts';
import { webhookAvailability } from './public-url.ts';
import { startKitWebhookWorker, type WebhookWorker } from './worker.ts';

const PUBLIC = 'https://crm.example.com';
let kit: FakeKit;
let t: TestApp;
let cookie: string;
let worker: WebhookWorker;

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, tags: [] });
  t = await createTestApp({ PUBLIC_URL: PUBLIC, KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '10000', KIT_RATE_WINDOW_MS: '1000', MYCRM_SECRET_KEY: randomBytes(32).toString('base64') });
  cookie = await t.signIn();
  worker = startKitWebhookWorker({ db: t.db, log: silentLog, pollMs: 50, secret: secretKeyProvider(t.config.dataDir, t.config.kit.secretKey) });
  await t.as(cookie, { method: 'PUT', url: '/api/kit/settings', payload: { api_key: kit.apiKey } });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await kit?.close();
});

/** Kit's POSTs, reaching the app as they would at PUBLIC_URL. */
const transport: DeliveryTransport = async (url, headers, body) => {
  const target = new URL(url);
  const res = await t.app.inject({ method: 'POST', url: target.pathname, headers: { ...headers, host: target.host }, payload: body });
  return res.statusCode;
};
const live = (method: 'GET' | 'PUT' | 'DELETE') => t.as(cookie, { method, url: KIT_WEBHOOK_PATHS.liveUpdates });
const contactByEmail = async (email: string) => (await t.db.select().from(contacts).where(eq(contacts.email, email)))[0];
const stateEvents = async (id: string) =>
  (await t.db.select().from(contactEvents).where(eq(contactEvents.contact_id, id))).filter((e) => e.type === 'kit_state_changed');

describe('Live updates from Kit', () => {
  it('turns on: Kit gets an endpoint at PUBLIC_URL for the subscriber events, and the secret is kept encrypted', async () => {
    expect((await live('GET')).json()).toMatchObject({ available: true, enabled: false, url: null });
    const res = await live('PUT');
    expect(res.statusCode).toBe(200);
    const [endpoint] = [...kit.webhooks.endpoints.values()];
    expect(kit.webhooks.endpoints.size).toBe(1);
    expect(endpoint!.url).toMatch(/^https:\/\/crm\.example\.com\/api\/public\/kit\/webhooks\/[A-Za-z0-9_-]{32}$/);
    expect(endpoint!.events).toEqual(expect.arrayContaining(['subscriber.unsubscribed', 'subscriber.bounced', 'subscriber.tag_added']));
    expect(res.json()).toMatchObject({ enabled: true, url: endpoint!.url });
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, KIT_WEBHOOK_SETTING));
    expect(stored!.value).not.toContain(endpoint!.secret);
    // Turning on again keeps the one endpoint.
    await live('PUT');
    expect(kit.webhooks.endpoints.size).toBe(1);
  });

  it('shows a subscriber Kit unsubscribes as Unsubscribed, with a timeline event, once however often it is delivered', async () => {
    const subscriber = kit.state.addSubscriber({ email_address: 'leaving@example.com', first_name: 'Lea' });
    await t.db.insert(contacts).values({ email: 'Leaving@example.com', first_name: 'Lea', phone: '+49 1' });
    kit.state.updateSubscriber(subscriber.id, { state: 'cancelled' });
    const unsubscribed = kit.webhooks.event('subscriber.unsubscribed', subscriber);
    const report = await kit.webhooks.deliver([unsubscribed], { transport, twice: true });
    expect(report).toMatchObject({ deliveries: 2, failed: 0 });
    await worker.idle();
    const contact = (await contactByEmail('Leaving@example.com'))!;
    expect(contact).toMatchObject({ kit_state: 'cancelled', kit_id: subscriber.id, phone: '+49 1' });
    expect(contact.kit_state_at!.toISOString()).toBe(unsubscribed.created);
    const events = await stateEvents(contact.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toEqual({ kind: 'kit', source: 'webhook' });
    expect(events[0]!.data).toMatchObject({ from: null, to: 'cancelled', reason: 'Unsubscribed in Kit' });
    const [stored] = await t.db.select({ n: count() }).from(kitWebhookEvents).where(eq(kitWebhookEvents.id, unsubscribed.id));
    expect(stored!.n).toBe(1);
  });

  it('does not create again a person erased here: Kit’s activation is no new consent', async () => {
    const created = await t.as(cookie, { method: 'POST', url: CONTACT_PATHS.list, payload: { email: 'Gone.Person@example.com', first_name: 'Gone' } });
    expect((await t.as(cookie, { method: 'POST', url: PRIVACY_PATHS.erase.path({ id: created.json().contact.id }) })).statusCode).toBe(204);
    const subscriber = kit.state.addSubscriber({ email_address: 'gone.person@example.com', first_name: 'Gone' });
    const activated = kit.webhooks.event('subscriber.activated', subscriber);
    expect(await kit.webhooks.deliver([activated], { transport })).toMatchObject({ failed: 0 });
    await worker.idle();
    expect(await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'gone.person@example.com'`)).toEqual([]);
    const [stored] = await t.db.select({ outcome: kitWebhookEvents.outcome, payload: kitWebhookEvents.payload }).from(kitWebhookEvents).where(eq(kitWebhookEvents.id, activated.id));
    expect(stored!.outcome).toBe(`skipped: ${KIT_SUBSCRIBER_ERASED}`);
    // Nor is the erased person's email kept in the event for the days processed events stay.
    expect(JSON.stringify(stored!.payload)).not.toMatch(/gone|person/i);
  });

  it('keeps the newest state by Kit’s time when events arrive out of order', async () => {
    const subscriber = kit.state.addSubscriber({ email_address: 'order@example.com', state: 'inactive' });
    const base = Date.now() - 60_000;
    const created = kit.webhooks.event('subscriber.created', subscriber, { at: new Date(base) });
    kit.state.updateSubscriber(subscriber.id, { state: 'active' });
    const activated = kit.webhooks.event('subscriber.activated', subscriber, { at: new Date(base + 1_000) });
    kit.state.updateSubscriber(subscriber.id, { state: 'bounced' });
    const bounced = kit.webhooks.event('subscriber.bounced', subscriber, { at: new Date(base + 2_000) });
    // The newest first, then the older ones, each in a delivery of its own.
    await kit.webhooks.deliver([bounced], { transport });
    await worker.idle();
    await kit.webhooks.deliver([activated, created], { transport, twice: true, shuffle: true });
    await worker.idle();
    const contact = (await contactByEmail('order@example.com'))!;
    expect(contact).toMatchObject({ kit_state: 'bounced', source: 'email', kit_id: subscriber.id });
    expect((await stateEvents(contact.id)).map((e) => e.data.type === 'kit_state_changed' && e.data.to)).toEqual(['bounced']);
  });

  it('puts a Kit tag on the contact and takes it off, the newest event winning, with the CRM tag made and linked', async () => {
    const subscriber = kit.state.addSubscriber({ email_address: 'tagged@example.com' });
    const tag = kit.state.tagByName('VIP from Kit');
    const base = Date.now() - 30_000;
    const added = kit.webhooks.event('subscriber.tag_added', subscriber, { tag, at: new Date(base) });
    const removed = kit.webhooks.event('subscriber.tag_removed', subscriber, { tag, at: new Date(base + 1_000) });
    const readded = kit.webhooks.event('subscriber.tag_added', subscriber, { tag, at: new Date(base + 2_000) });
    await kit.webhooks.deliver([readded], { transport });
    await worker.idle();
    await kit.webhooks.deliver([removed, added], { transport, shuffle: true });
    await worker.idle();
    const contact = (await contactByEmail('tagged@example.com'))!;
    expect(contact.tags).toEqual(['VIP from Kit']);
    const [crmTag] = await t.db.select().from(tags).where(eq(tags.name, 'VIP from Kit'));
    expect(Number(crmTag!.kit_tag_id)).toBe(tag.id);
    const tagEvents = (await t.db.select().from(contactEvents).where(eq(contactEvents.contact_id, contact.id))).filter((e) => e.type.startsWith('tags_'));
    expect(tagEvents.map((e) => e.type)).toEqual(['tags_added']);
  });

  it('names a CRM tag made for a Kit tag as CRM tags may be named (no list separators or control characters)', async () => {
    const subscriber = kit.state.addSubscriber({ email_address: 'separated@example.com' });
    const tag = kit.state.tagByName('Coaching; 2026,\u202Espring');
    await kit.webhooks.deliver([kit.webhooks.event('subscriber.tag_added', subscriber, { tag })], { transport });
    await worker.idle();
    expect((await contactByEmail('separated@example.com'))!.tags).toEqual(['Coaching 2026 spring']);
    const [crmTag] = await t.db.select().from(tags).where(eq(tags.kit_tag_id, tag.id));
    expect(crmTag!.name).toBe('Coaching 2026 spring');
  });

  it('refuses a delivery of more than 100 events, an unknown token and a body that is no delivery, storing nothing', async () => {
    const [endpoint] = [...kit.webhooks.endpoints.values()];
    const before = (await t.db.select({ n: count() }).from(kitWebhookEvents))[0]!.n;
    const subscriber = kit.state.addSubscriber({ email_address: 'many@example.com' });
    const events = Array.from({ length: 101 }, () => kit.webhooks.event('subscriber.activated', subscriber));
    const { signatureHeader } = await import('./signature.ts');
    const send = (path: string, body: string) =>
      t.app.inject({ method: 'POST', url: path, headers: { host: 'crm.example.com', 'content-type': 'application/json', 'x-kit-signature': signatureHeader([endpoint!.secret], Math.floor(Date.now() / 1000), body) }, payload: body });
    const path = new URL(endpoint!.url).pathname;
    const tooMany = await send(path, JSON.stringify({ delivery_id: 1, events }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: { code: 'bad_delivery', message: 'A delivery carries at most 100 events.' } });
    expect((await send(path, '{"delivery_id":1,')).statusCode).toBe(400);
    expect((await send(KIT_WEBHOOK_PATHS.receive.path({ token: 'x'.repeat(32) }), JSON.stringify({ delivery_id: 1, events: events.slice(0, 1) }))).statusCode).toBe(404);
    expect((await t.db.select({ n: count() }).from(kitWebhookEvents))[0]!.n).toBe(before);
  });

  it('turns off: the endpoint is deleted in Kit and deliveries to it are refused', async () => {
    const [endpoint] = [...kit.webhooks.endpoints.values()];
    const res = await live('DELETE');
    expect(res.json()).toMatchObject({ enabled: false, url: null });
    expect(kit.webhooks.endpoints.size).toBe(0);
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, KIT_WEBHOOK_SETTING));
    expect(stored!.value).toBe('');
    kit.webhooks.endpoints.set(endpoint!.id, endpoint!);
    const subscriber = kit.state.addSubscriber({ email_address: 'late@example.com' });
    const report = await kit.webhooks.deliver([kit.webhooks.event('subscriber.created', subscriber)], { transport, maxAttempts: 1 });
    expect(report.failed).toBe(1);
    kit.webhooks.endpoints.clear();
    expect(await contactByEmail('late@example.com')).toBeUndefined();
  });
});

describe('Live updates while Kit offers no tag events yet', () => {
  it('registers the state events alone (tag changes then come with the reconciliation pass)', async () => {
    const stateEvents = ['subscriber.created', 'subscriber.activated', 'subscriber.unsubscribed', 'subscriber.bounced', 'subscriber.complained'];
    kit.webhooks.offer(stateEvents);
    try {
      const res = await live('PUT');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ enabled: true });
      const [endpoint] = [...kit.webhooks.endpoints.values()];
      expect(endpoint!.events.toSorted()).toEqual(stateEvents.toSorted());
    } finally {
      await live('DELETE');
      kit.webhooks.reset();
    }
  });
});

describe('where live updates are possible', () => {
  it('needs PUBLIC_URL to be https on a public name or address', () => {
    for (const url of [undefined, 'http://crm.example.com', 'https://localhost', 'https://crm.local', 'https://10.0.0.5', 'https://[::1]', 'https://192.168.1.2:8443', 'https://intranet']) {
      expect(webhookAvailability(url).available, String(url)).toBe(false);
    }
    expect(webhookAvailability('https://crm.example.com/')).toEqual({ available: true, base: 'https://crm.example.com' });
    expect(webhookAvailability('https://93.184.216.34')).toMatchObject({ available: true });
  });
});
