import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { BULK_PATHS } from '../../src/shared/contacts/bulk.ts';
import { IMPORT_JOB_PATHS } from '../../src/shared/contacts/import-job.ts';
import { LANDING_PAGE_PATHS } from '../../src/shared/landing-pages/api.ts';
import { VIEWER_PATHS } from '../../src/shared/landing-pages/viewer.ts';
import { LEAD_PATHS } from '../../src/shared/leads/paths.ts';
import { PRIVACY_PATHS } from '../../src/shared/privacy/erasure.ts';
import { parseSecretKey } from '../../src/server/kit/secret-box.ts';
import {
  consentRecords,
  consentStatements,
  contacts,
  erasures,
  kitImportJobs,
  kitImportMemberships,
  kitUnsubscribes,
  kitWebhookEvents,
  leadSubmissions,
  tags,
} from '../../src/server/db/schema.ts';
import { silentLog, waitFor } from '../../src/server/kit/test-helpers.ts';
import { startKitWorker, type KitWorker } from '../../src/server/kit/worker.ts';
import { emailHasher } from '../../src/server/privacy/email-hash.ts';
import { withSignupConsent } from '../helpers/signup-consent.ts';

/*
 * Erasure leaves no row holding the person's email in any table of the database: the walk lists
 * the tables from the database itself, so a table added later is walked too. The history before it
 * is a realistic one: sign-ups on each form with consent, a CSV import with the email among valid,
 * repeated and invalid rows, a bulk tag, a sync to Kit, a delivery from Kit's webhooks, an import
 * from Kit, a failed staff sign-in with the address.
 */

const ERASED = 'Erin.Erased+gdpr@Example.com';
const erased = ERASED.toLowerCase();
const KEPT = 'kept.person@example.com';
const secretKey = randomBytes(32).toString('base64');

let kit: FakeKit;
let t: TestApp;
let cookie: string;
let worker: KitWorker | undefined;
const call = (options: Parameters<TestApp['as']>[1]) => t.as(cookie, options);
let ip = 0;
const publicPost = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: withSignupConsent(payload as object), headers: { origin: 'http://localhost', host: 'localhost' }, remoteAddress: `10.9.0.${++ip}` });

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every base table of every schema, with the rows whose text (all columns) holds `needle`. */
async function rowsHolding(needle: string): Promise<Record<string, number>> {
  const tables = await t.db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  const rows = rowsOf<{ schema: string; name: string }>(tables);
  expect(rows.length).toBeGreaterThan(20);
  const found: Record<string, number> = {};
  for (const { schema, name } of rows) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const result = await t.db.execute(sql`select count(*)::int as n from ${table} as r where strpos(lower(r::text), ${needle.toLowerCase()}) > 0`);
    const n = rowsOf<{ n: number }>(result)[0]!.n;
    if (n > 0) found[name] = n;
  }
  return found;
}

const contactId = async (email: string) => (await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email)))[0]?.id;

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
  t = await createTestApp({ KIT_API_BASE: kit.url, KIT_RATE_LIMIT: '10000', KIT_RATE_WINDOW_MS: '1000', MYCRM_SECRET_KEY: secretKey, PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
  cookie = await t.signIn();
  await t.db.insert(tags).values({ name: 'vip' }).onConflictDoNothing();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await kit?.close();
});

async function history() {
  expect((await call({ method: 'PUT', url: '/api/kit/settings', payload: { api_key: kit.apiKey } })).statusCode).toBe(200);
  // Sign-ups on both site forms and on a landing page, each with the address in its URL parameters.
  const params = { utm_source: 'mail', ref: erased };
  expect((await publicPost(LEAD_PATHS.signup.path({ campaign: 'waiting-list' }), { full_name: 'Erin Erased', email: ERASED, url_parameters: params, page: '/waiting' })).statusCode).toBe(201);
  expect((await publicPost(LEAD_PATHS.signup.path({ campaign: 'webinar' }), { full_name: 'Erin Erased', email: ERASED, url_parameters: params, page: '/webinar' })).statusCode).toBe(201);
  const page = await call({ method: 'POST', url: LANDING_PAGE_PATHS.list, payload: { title: 'Offer', slug: 'offer', content: '<h1>Offer</h1>', page_type: 'html' } });
  await call({ method: 'PUT', url: `${LANDING_PAGE_PATHS.list}/${page.json().page.id}`, payload: { ...page.json().page, is_active: true } });
  await publicPost(VIEWER_PATHS.leads.path({ slug: 'offer' }), { fields: { email: ERASED, note: `write to ${erased}` }, url_parameters: params });
  expect((await publicPost(LEAD_PATHS.signup.path({ campaign: 'waiting-list' }), { full_name: 'Kept Person', email: KEPT, page: '/waiting' })).statusCode).toBe(201);

  const id = (await contactId(erased))!;
  expect(id).toBeDefined();
  // Consent on every sign-up (the page address carrying the email, as a link in a mail would).
  const submissions = await t.db.select().from(leadSubmissions).where(eq(leadSubmissions.contact_id, id));
  expect(submissions.length).toBeGreaterThanOrEqual(2);
  const [statement] = await t.db.select().from(consentStatements).where(eq(consentStatements.kind, 'waiting_list'));
  await t.db.insert(consentRecords).values(
    submissions.map((s) => ({ contact_id: id, submission_id: s.id, statement_id: statement!.id, source: 'waiting_list', language: 'en', page_url: `https://example.com/waiting?e=${erased}` })),
  );

  // A CSV import: the address updates the contact, repeats, and comes back invalid.
  const rows = [
    { email: ERASED, first_name: 'Erin' },
    { email: erased, first_name: 'Again' },
    { email: ` ${ERASED}`, status: 'winner' },
    { email: KEPT, status: 'winner' },
  ];
  const imported = await call({ method: 'POST', url: '/api/contacts/import', payload: { rows, mapping: { email: 'email', first_name: 'first_name', status: 'status' }, on_duplicate: 'update' } });
  expect(imported.statusCode, imported.body).toBe(201);
  const job = (await call({ method: 'GET', url: IMPORT_JOB_PATHS.job.path({ id: imported.json().job.id }) })).json().job;
  expect(JSON.stringify(job).toLowerCase()).toContain(erased);

  // A bulk tag, and the syncs to Kit it all queued.
  expect((await call({ method: 'POST', url: BULK_PATHS.jobs, payload: { action: 'tag', tag: 'vip', selection: { kind: 'ids', ids: [id] } } })).statusCode).toBe(201);
  worker = startKitWorker({ db: t.db, config: t.config, log: silentLog, pollMs: 20, retryBaseMs: 20, retryMaxMs: 50 });
  await waitFor(async () => (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0]!.kit_id !== null, 15_000, 'the sync to Kit');
  const kitId = (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0]!.kit_id!;

  // What Kit sent and an import from Kit read.
  await t.db.insert(kitWebhookEvents).values({
    id: randomUUID(),
    type: 'subscriber.subscriber_activate',
    occurred_at: new Date(),
    kit_subscriber_id: kitId,
    delivery_id: 'd1',
    payload: { subscriber: { id: kitId, email_address: erased, first_name: 'Erin' } },
    processed_at: new Date(),
  });
  const [kitJob] = await t.db
    .insert(kitImportJobs)
    .values({ kind: 'import', status: 'done', skipped_items: [{ email: ERASED, reason: 'bounced' }, { email: KEPT, reason: 'bounced' }] })
    .returning();
  await t.db.insert(kitImportMemberships).values({ job_id: kitJob!.id, kit_subscriber_id: kitId, kit_tag_ids: [1] });
  // Someone tried to sign in as them (a throttle key on PostgreSQL).
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: erased, password: 'not the password at all' } });
  return { id, kitId };
}

describe('erasing a person', () => {
  it('leaves no row with their email in any table, only the Kit unsubscribe until Kit confirmed; the log keeps a salted hash', async () => {
    const { id, kitId } = await history();
    const before = await rowsHolding(erased);
    for (const table of ['contacts', 'contact_events', 'lead_submissions', 'contact_import_jobs', 'kit_webhook_events', 'kit_import_jobs', 'consent_records']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    // PostgreSQL keeps sign-in counters in a table (the embedded database, in memory).
    if (process.env.TEST_DB === 'postgres') expect(before.auth_throttle).toBeGreaterThan(0);
    const keptBefore = await rowsHolding(KEPT);
    await worker!.stop();
    worker = undefined;

    const res = await call({ method: 'POST', url: PRIVACY_PATHS.erase.path({ id }) });
    expect(res.statusCode, res.body).toBe(204);

    // Until Kit confirms, the unsubscribe row is the one carrier of the email.
    expect(await rowsHolding(erased)).toEqual({ kit_unsubscribes: 1 });
    expect(await t.db.select().from(kitImportMemberships).where(eq(kitImportMemberships.kit_subscriber_id, kitId))).toEqual([]);
    // Nobody else lost anything.
    const keptAfter = await rowsHolding(KEPT);
    expect(keptAfter).toEqual(keptBefore);
    const [log] = await t.db.select().from(erasures);
    expect(log!.email_hash).toBe(emailHasher(parseSecretKey(secretKey))(` ${ERASED} `));
    expect(log!.erased_by).not.toBeNull();
    expect(log!.email_hash).not.toContain(erased);

    // Kit confirms the unsubscribe: the row keeps only when it ended.
    worker = startKitWorker({ db: t.db, config: t.config, log: silentLog, pollMs: 20 });
    await waitFor(async () => (await t.db.select().from(kitUnsubscribes))[0]?.status === 'done', 15_000, 'the unsubscribe');
    expect(kit.state.subscriberByEmail(erased)!.state).toBe('cancelled');
    expect(kit.calls['POST /subscribers/:id/unsubscribe']).toBe(1);
    expect(await rowsHolding(erased)).toEqual({});
    const [done] = await t.db.select().from(kitUnsubscribes);
    expect(done).toMatchObject({ email: null, kit_id: null, status: 'done' });

    const listed = (await call({ method: 'GET', url: PRIVACY_PATHS.erasures })).json();
    expect(listed).toMatchObject({ total: 1, erasures: [{ erased_by: 'owner@example.com' }], kit_unsubscribes: { waiting: 0, failed: 0, done: 1 } });
    expect(JSON.stringify(listed)).not.toContain(erased);
    // Erasing again: the contact is gone.
    expect((await call({ method: 'POST', url: PRIVACY_PATHS.erase.path({ id }) })).statusCode).toBe(404);
  });

  it('unsubscribes by email a person the CRM has no Kit id for, and counts one Kit does not know as done', async () => {
    await worker?.stop();
    worker = undefined;
    const [known] = await t.db.insert(contacts).values({ email: 'kit.only@example.com' }).returning();
    const [unknown] = await t.db.insert(contacts).values({ email: 'never.in.kit@example.com' }).returning();
    kit.state.addSubscriber({ email_address: 'kit.only@example.com' });
    for (const c of [known!, unknown!]) expect((await call({ method: 'POST', url: PRIVACY_PATHS.erase.path({ id: c.id }) })).statusCode).toBe(204);
    worker = startKitWorker({ db: t.db, config: t.config, log: silentLog, pollMs: 20 });
    await waitFor(async () => (await t.db.select().from(kitUnsubscribes).where(eq(kitUnsubscribes.status, 'done'))).length === 3, 15_000, 'the unsubscribes');
    expect(kit.state.subscriberByEmail('kit.only@example.com')!.state).toBe('cancelled');
    expect(await rowsHolding('kit.only@example.com')).toEqual({});
    expect(await rowsHolding('never.in.kit@example.com')).toEqual({});
  });

  it('a bulk erase of a selection erases each contact and logs each', async () => {
    const picked = await t.db.insert(contacts).values([{ email: 'bulk.one@example.com' }, { email: 'bulk.two@example.com' }]).returning();
    const before = (await t.db.select().from(erasures)).length;
    const res = await call({ method: 'POST', url: BULK_PATHS.jobs, payload: { action: 'erase', selection: { kind: 'ids', ids: picked.map((p) => p.id) } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().job).toMatchObject({ action: 'erase', status: 'done', total: 2, changed: 2 });
    expect((await t.db.select().from(erasures)).length).toBe(before + 2);
    expect(await t.db.select().from(contacts).where(sql`${contacts.email} like 'bulk.%'`)).toEqual([]);
    await waitFor(async () => (await t.db.select().from(kitUnsubscribes).where(eq(kitUnsubscribes.status, 'done'))).length === 5, 15_000, 'the unsubscribes');
    expect(await rowsHolding('bulk.one@example.com')).toEqual({});
  });

  it('refuses a malformed id with 400 and a missing contact with 404, and needs a session', async () => {
    expect((await call({ method: 'POST', url: PRIVACY_PATHS.erase.path({ id: 'nope' }) })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: PRIVACY_PATHS.erase.path({ id: randomUUID() }) })).statusCode).toBe(404);
    const [c] = await t.db.insert(contacts).values({ email: 'guarded@example.com' }).returning();
    const anonymous = await t.app.inject({ method: 'POST', url: PRIVACY_PATHS.erase.path({ id: c!.id }), headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await contactId('guarded@example.com')).toBe(c!.id);
  });
});
