import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../tests/fakes/fake-kit.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { ContactEvent } from '../../shared/contacts/timeline.ts';
import { LANDING_PAGE_PATHS } from '../../shared/landing-pages/api.ts';
import { VIEWER_PATHS } from '../../shared/landing-pages/viewer.ts';
import { contactEvents, contacts, tags } from '../db/schema.ts';
import { withSignupConsent } from '../../../tests/helpers/signup-consent.ts';

/** Each kind of change a contact's timeline records, through the routes people and forms use. */

let kit: FakeKit;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
  t = await createTestApp({
    KIT_API_BASE: kit.url,
    KIT_RATE_LIMIT: '10000',
    KIT_RATE_WINDOW_MS: '1000',
    MYCRM_SECRET_KEY: randomBytes(32).toString('base64'),
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
  });
  cookie = await t.signIn('owner@example.com');
  await t.db.insert(tags).values([{ name: 'vip' }, { name: 'newsletter' }]);
});
afterAll(async () => {
  await t?.close();
  await kit?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, payload?: object) => t.as(cookie, { method, url, payload });
const publicPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload: withSignupConsent(payload), headers: { origin: 'http://localhost', host: 'localhost' } });

/** The timeline as the contact page reads it, newest first. */
async function timeline(id: string, query = ''): Promise<{ events: ContactEvent[]; next_before: string | null }> {
  const res = await api('GET', `/api/contacts/${id}/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const types = async (id: string) => (await timeline(id)).events.map((e) => e.data.type);
const contactId = async (email: string) => (await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`))[0]!.id;

describe("a contact's timeline", () => {
  it('records a contact created by a signed-in user, with its first values', async () => {
    const res = await api('POST', '/api/contacts', { email: 'ada@example.com', first_name: 'Ada', tags: ['vip'] });
    const { events } = await timeline(res.json().contact.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { kind: 'user', email: 'owner@example.com' },
      data: { type: 'created', fields: { email: 'ada@example.com', first_name: 'Ada', tags: ['vip'], status: 'lead', source: 'manual' } },
    });
  });

  it('records each edit: fields old → new, tags added and removed, by whom', async () => {
    const created = await api('POST', '/api/contacts', { email: 'bob@example.com', first_name: 'Bob', tags: ['vip'] });
    const id = created.json().contact.id;
    await api('PUT', `/api/contacts/${id}`, { email: 'bob@example.com', first_name: 'Robert', phone: '+49 1', status: 'customer', tags: ['newsletter'] });
    const { events } = await timeline(id);
    expect(events.map((e) => e.data.type)).toEqual(['tags_removed', 'tags_added', 'fields_changed', 'created']);
    expect(events[2]!.data).toEqual({
      type: 'fields_changed',
      changes: [
        { field: 'first_name', old: 'Bob', new: 'Robert' },
        { field: 'phone', old: null, new: '+49 1' },
        { field: 'status', old: 'lead', new: 'customer' },
      ],
    });
    expect(events[1]!.data).toEqual({ type: 'tags_added', tags: ['newsletter'] });
    expect(events[0]!.data).toEqual({ type: 'tags_removed', tags: ['vip'] });
    expect(events.every((e) => e.actor.kind === 'user' && e.actor.email === 'owner@example.com')).toBe(true);

    // Saving the same values again changes nothing, and records nothing.
    await api('PUT', `/api/contacts/${id}`, { email: 'bob@example.com', first_name: 'Robert', phone: '+49 1', status: 'customer', tags: ['newsletter'] });
    expect(await types(id)).toHaveLength(4);
  });

  it('records a contact created by a public form with the form data and URL parameters', async () => {
    const utm = { utm_source: 'newsletter', utm_campaign: 'sept' };
    const res = await publicPost('/api/public/leads/waiting-list', { full_name: 'Cleo Form', email: 'cleo@example.com', url_parameters: utm });
    expect(res.statusCode, res.body).toBe(201);
    const { events: all } = await timeline(await contactId('cleo@example.com'));
    // Newest: the consent the form recorded (its statement's version, language and page).
    expect(all[0]).toMatchObject({ actor: { kind: 'form', form: 'waiting_list' }, data: { type: 'consent_given', kind: 'waiting_list', version: 1, language: 'en', double_opt_in: false } });
    const events = all.slice(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { kind: 'form', form: 'waiting_list' },
      data: {
        type: 'created',
        url_parameters: utm,
        form_data: { full_name: 'Cleo Form', email: 'cleo@example.com' },
        fields: { full_name: 'Cleo Form', source: 'lem_landing', tags: ['LEM_Waiting_List'] },
      },
    });
  });

  it("shows a later sign-up that changes an existing contact's fields, by which form", async () => {
    const created = await api('POST', '/api/contacts', { email: 'dora@example.com', phone: '+1 old', tags: ['vip'] });
    const id = created.json().contact.id;
    await publicPost('/api/public/leads/webinar', { full_name: 'Dora', email: 'Dora@Example.com', phone: '+1 new', url_parameters: { utm_source: 'ad' } });
    const { events: all } = await timeline(id);
    expect(all[0]!.data.type).toBe('consent_given');
    const events = all.slice(1);
    expect(events.map((e) => e.data.type)).toEqual(['tags_added', 'fields_changed', 'signed_up', 'created']);
    for (const e of events.slice(0, 3)) expect(e.actor).toMatchObject({ kind: 'form', form: 'webinar' });
    expect(events[2]!.data).toMatchObject({ type: 'signed_up', url_parameters: { utm_source: 'ad' }, form_data: { phone: '+1 new' } });
    expect(events[1]!.data).toEqual({
      type: 'fields_changed',
      changes: [
        { field: 'phone', old: '+1 old', new: '+1 new' },
        { field: 'url_parameters', old: {}, new: { utm_source: 'ad' } },
      ],
    });
    expect(events[0]!.data).toEqual({ type: 'tags_added', tags: ['webinar202509_2'] });
  });

  it("records a landing page's form that fills in a known contact's fields, with the page", async () => {
    const page = await api('POST', LANDING_PAGE_PATHS.list, { title: 'Spring offer', slug: 'spring-offer', content: '<h1>Offer</h1>', page_type: 'html' });
    const created = await api('POST', '/api/contacts', { email: 'eve@example.com', first_name: 'Eve' });
    const id = created.json().contact.id;
    const res = await publicPost(VIEWER_PATHS.leads.path({ slug: 'spring-offer' }), { fields: { email: 'eve@example.com', country: 'Germany' }, url_parameters: { utm_medium: 'cpc' } });
    expect(res.statusCode, res.body).toBe(201);
    const { events: all } = await timeline(id);
    expect(all[0]!.data).toMatchObject({ type: 'consent_given', kind: 'landing_page', page_url: 'http://localhost/lp/spring-offer' });
    const events = all.slice(1);
    expect(events.map((e) => e.data.type)).toEqual(['fields_changed', 'signed_up', 'created']);
    expect(events[0]!.actor).toEqual({ kind: 'form', form: 'landing_page', page_id: page.json().page.id, page_title: 'Spring offer' });
    expect(events[0]!.data).toMatchObject({ changes: [{ field: 'country', old: null, new: 'Germany' }, { field: 'url_parameters' }] });
  });

  it('records imports: a created contact by which file, and an updated one with its row and changes', async () => {
    await api('POST', '/api/contacts', { email: 'finn@example.com', first_name: 'Finn' });
    const res = await api('POST', '/api/contacts/import', {
      rows: [
        { email: 'finn@example.com', first: 'Finnegan', tags: 'vip' },
        { email: 'gail@example.com', first: 'Gail', tags: '' },
      ],
      mapping: { email: 'email', first_name: 'first', tags: 'tags' },
      on_duplicate: 'update',
      file_name: 'fair-2026.csv',
    });
    expect(res.json().job.report).toMatchObject({ created: 1, updated: 1 });
    const actor = { kind: 'import', file: 'fair-2026.csv', user_email: 'owner@example.com' };
    const finn = (await timeline(await contactId('finn@example.com'))).events;
    expect(finn.map((e) => e.data.type)).toEqual(['tags_added', 'fields_changed', 'imported', 'created']);
    expect(finn[2]).toMatchObject({ actor, data: { type: 'imported', row: 1 } });
    expect(finn[1]!.data).toEqual({ type: 'fields_changed', changes: [{ field: 'first_name', old: 'Finn', new: 'Finnegan' }] });
    expect(finn[0]).toMatchObject({ actor, data: { tags: ['vip'] } });
    const gail = (await timeline(await contactId('gail@example.com'))).events;
    expect(gail).toMatchObject([{ actor, data: { type: 'created', fields: { first_name: 'Gail' } } }]);
  });

  it('records each Kit sync with its result, and the error of a failed one', async () => {
    await api('PUT', '/api/kit/settings', { api_key: kit.apiKey });
    const created = await api('POST', '/api/contacts', { email: 'hal@example.com' });
    const id = created.json().contact.id;
    expect((await api('POST', `/api/kit/contacts/${id}/sync`, { tag_names: ['via_mycrm'] })).statusCode).toBe(200);
    // An address Kit refuses (the form would not allow it; Kit's answer is what is recorded).
    await t.db.update(contacts).set({ email: 'hal-broken@' }).where(eq(contacts.id, id));
    expect((await api('POST', `/api/kit/contacts/${id}/sync`, { tag_names: [] })).statusCode).toBe(502);
    const { events } = await timeline(id);
    expect(events.slice(0, 2).map((e) => e.data)).toEqual([
      { type: 'kit_sync', result: 'failed', error: `Kit API error: 422 POST ${kit.url}/subscribers - Email address is invalid`, tags: [], attempt: 1 },
      { type: 'kit_sync', result: 'synced', error: null, tags: ['via_mycrm'], attempt: 1 },
    ]);
    expect(events[0]!.actor).toEqual({ kind: 'kit' });
  });

  it('records a deleted tag as removed from every contact that had it', async () => {
    await t.db.insert(tags).values({ name: 'old-tag' });
    const created = await api('POST', '/api/contacts', { email: 'ivy@example.com', tags: ['old-tag', 'vip'] });
    const tagRow = (await t.db.select().from(tags).where(eq(tags.name, 'old-tag')))[0]!;
    expect((await api('DELETE', `/api/tags/${tagRow.id}`)).statusCode).toBeLessThan(300);
    const { events } = await timeline(created.json().contact.id);
    expect(events[0]).toMatchObject({ actor: { kind: 'tags_screen' }, data: { type: 'tags_removed', tags: ['old-tag'] } });
  });

  it('pages a long timeline newest first, each event once', async () => {
    const created = await api('POST', '/api/contacts', { email: 'jo@example.com' });
    const id = created.json().contact.id;
    for (let i = 1; i <= 6; i++) await api('PUT', `/api/contacts/${id}`, { email: 'jo@example.com', phone: `+49 ${i}` });
    const first = await timeline(id, '?limit=4');
    expect(first.events).toHaveLength(4);
    const second = await timeline(id, `?limit=4&before=${first.next_before}`);
    expect(second.events).toHaveLength(3);
    expect(second.next_before).toBeNull();
    const all = [...first.events, ...second.events];
    expect(all.map((e) => (e.data.type === 'fields_changed' ? e.data.changes[0]!.new : e.data.type))).toEqual([
      '+49 6', '+49 5', '+49 4', '+49 3', '+49 2', '+49 1', 'created',
    ]);
  });

  it('keeps events unchangeable, and removes them only with their contact', async () => {
    const created = await api('POST', '/api/contacts', { email: 'kai@example.com' });
    const id = created.json().contact.id;
    await expect(t.db.update(contactEvents).set({ type: 'signed_up' }).where(eq(contactEvents.contact_id, id))).rejects.toThrow();
    await expect(t.db.delete(contactEvents).where(eq(contactEvents.contact_id, id))).rejects.toThrow();
    expect(await types(id)).toEqual(['created']);
    expect((await api('DELETE', `/api/contacts/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(contactEvents).where(eq(contactEvents.contact_id, id))).toEqual([]);
    expect((await api('GET', `/api/contacts/${id}/events`)).statusCode).toBe(404);
  });
});
