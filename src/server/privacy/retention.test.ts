import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { RETENTION_PATHS } from '../../shared/privacy/retention.ts';
import {
  consentRecords,
  consentStatements,
  contactBulkJobs,
  contactEvents,
  contacts,
  erasures,
  kitSyncJobs,
  kitWebhookEvents,
  landingPages,
  landingPageViews,
  leadSubmissions,
} from '../db/schema.ts';
import { emailHasher } from './email-hash.ts';
import { contactEraser } from './erasure.ts';
import { runRetention } from './retention.ts';

const NOW = new Date('2026-06-15T03:30:00.000Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const erase = contactEraser(() => emailHasher(randomBytes(32)));

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(contacts);
  await t.db.delete(erasures);
  await t.db.delete(contactBulkJobs);
  await t.db.delete(kitWebhookEvents);
  await t.db.delete(landingPages);
  await t.as(cookie, { method: 'PUT', url: RETENTION_PATHS.settings, payload: { unconfirmed_days: 30, page_view_months: 24, job_history_days: 90 } });
});

/** A contact a landing page's double opt-in sign-up made `age` days ago; `extra` events after it. */
async function signedUp(email: string, age: number, { confirmed = false, extra = [] as Array<'fields_changed' | 'signed_up'> } = {}) {
  const [c] = await t.db.insert(contacts).values({ email, source: 'landing_page', created_at: daysAgo(age) }).returning();
  const [s] = await t.db.insert(leadSubmissions).values({ contact_id: c!.id, form_data: { email }, created_at: daysAgo(age) }).returning();
  const [statement] = await t.db.select().from(consentStatements).where(eq(consentStatements.kind, 'landing_page'));
  await t.db.insert(consentRecords).values({
    contact_id: c!.id,
    submission_id: s!.id,
    statement_id: statement!.id,
    source: 'waiting_list',
    language: 'en',
    page_url: 'https://example.com/lp',
    given_at: daysAgo(age),
    kit_form_id: 5,
    confirmed_at: confirmed ? daysAgo(age - 1) : null,
  });
  const form = { kind: 'form' as const, form: 'landing_page' as const, page_id: null, page_title: null };
  await t.db.insert(contactEvents).values({ contact_id: c!.id, type: 'created', actor: form, data: { type: 'created', fields: { email } } });
  for (const type of extra) {
    const data = type === 'fields_changed' ? { type, changes: [{ field: 'phone', old: null, new: '+49 1' }] } : { type };
    await t.db.insert(contactEvents).values({ contact_id: c!.id, type, actor: { kind: 'user', id: null, email: 'owner@example.com' }, data });
  }
  return c!.id;
}

const remaining = async (ids: string[]) => (await t.db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, ids))).map((r) => r.id).sort();

describe('the retention run', () => {
  it('erases only contacts an old, never-confirmed double opt-in sign-up made with nothing else, and logs the erasure', async () => {
    const old = await signedUp('old.unconfirmed@example.com', 40);
    const recent = await signedUp('recent.unconfirmed@example.com', 10);
    const confirmed = await signedUp('old.confirmed@example.com', 40, { confirmed: true });
    const edited = await signedUp('old.edited@example.com', 40, { extra: ['fields_changed'] });
    const again = await signedUp('old.again@example.com', 40, { extra: ['signed_up'] });
    const deleted = await runRetention(t.db, erase, NOW);
    expect(deleted.unconfirmed_contacts).toBe(1);
    expect(await remaining([old, recent, confirmed, edited, again])).toEqual([recent, confirmed, edited, again].sort());
    expect(await t.db.select().from(erasures)).toHaveLength(1);
  });

  it('deletes page-view days, finished jobs and processed deliveries older than the rules, and records the run', async () => {
    const [page] = await t.db.insert(landingPages).values({ title: 'P', slug: `p-${randomUUID().slice(0, 8)}`, content: '', page_type: 'html' }).returning();
    await t.db.insert(landingPageViews).values([
      { landing_page_id: page!.id, day: '2024-05-01', views: 3 },
      { landing_page_id: page!.id, day: '2024-07-01', views: 4 },
      { landing_page_id: page!.id, day: '2026-06-01', views: 5 },
    ]);
    const [c] = await t.db.insert(contacts).values({ email: 'kept.customer@example.com', status: 'customer' }).returning();
    await t.db.insert(kitSyncJobs).values([
      { contact_id: c!.id, status: 'done', finished_at: daysAgo(100) },
      { contact_id: c!.id, status: 'failed', finished_at: daysAgo(91) },
      { contact_id: c!.id, status: 'done', finished_at: daysAgo(10) },
      { contact_id: c!.id, status: 'queued' },
    ]);
    const actor = { kind: 'user' as const, id: null, email: 'owner@example.com' };
    await t.db.insert(contactBulkJobs).values([
      { action: 'tag', tag: 'vip', status: 'done', actor, created_at: daysAgo(120), finished_at: daysAgo(120) },
      { action: 'tag', tag: 'vip', status: 'done', actor, created_at: daysAgo(5), finished_at: daysAgo(5) },
    ]);
    await t.db.insert(kitWebhookEvents).values([
      { id: randomUUID(), type: 'subscriber.subscriber_activate', occurred_at: daysAgo(95), kit_subscriber_id: 1, delivery_id: 'a', payload: {}, processed_at: daysAgo(95) },
      { id: randomUUID(), type: 'subscriber.subscriber_activate', occurred_at: daysAgo(95), kit_subscriber_id: 2, delivery_id: 'b', payload: {} },
    ]);

    const deleted = await runRetention(t.db, erase, NOW);
    expect(deleted).toEqual({ unconfirmed_contacts: 0, page_view_days: 1, job_rows: 4 });
    expect((await t.db.select().from(landingPageViews)).map((v) => v.day).sort()).toEqual(['2024-07-01', '2026-06-01']);
    expect((await t.db.select().from(kitSyncJobs)).map((j) => j.status).sort()).toEqual(['done', 'queued']);
    expect(await t.db.select().from(contactBulkJobs)).toHaveLength(1);
    expect((await t.db.select().from(kitWebhookEvents)).map((e) => e.processed_at)).toEqual([null]);

    const state = (await t.as(cookie, { method: 'GET', url: RETENTION_PATHS.settings })).json();
    expect(state).toEqual({
      rules: { unconfirmed_days: 30, page_view_months: 24, job_history_days: 90 },
      last_run: { at: NOW.toISOString(), deleted: { unconfirmed_contacts: 0, page_view_days: 1, job_rows: 4 } },
    });
  });

  it('keeps everything a rule keeps forever', async () => {
    await t.as(cookie, { method: 'PUT', url: RETENTION_PATHS.settings, payload: { unconfirmed_days: null, page_view_months: null, job_history_days: null } });
    const old = await signedUp('forever@example.com', 4000);
    const [c] = await t.db.insert(contacts).values({ email: 'jobs@example.com' }).returning();
    await t.db.insert(kitSyncJobs).values({ contact_id: c!.id, status: 'done', finished_at: daysAgo(4000) });
    expect(await runRetention(t.db, erase, NOW)).toEqual({ unconfirmed_contacts: 0, page_view_days: 0, job_rows: 0 });
    expect(await remaining([old])).toEqual([old]);
  });

  it('refuses rules that are not whole numbers of at least 1 with a 400 naming the field', async () => {
    const res = await t.as(cookie, { method: 'PUT', url: RETENTION_PATHS.settings, payload: { unconfirmed_days: 0, page_view_months: 2.5, job_history_days: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['job_history_days', 'page_view_months', 'unconfirmed_days']);
  });
});
