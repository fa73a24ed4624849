import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database, Db } from '../../src/server/db/client.ts';
import { contacts, kitSyncJobs, landingPages, leadDecoys, leadSubmissions, schema } from '../../src/server/db/schema.ts';
import { VIEWER_PATHS } from '../../src/shared/landing-pages/viewer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-db.ts';
import { LP_SIGNUP_CONSENT, signupConsent } from '../helpers/signup-consent.ts';

/**
 * A public sign-up must not tell who is on the list: a new email, an email already on the list
 * (synced to Kit long ago) and a bot that filled the honeypot get the same status, the same keys,
 * the same number of bytes, the same wait for the answer and for the sync to Kit. A bot must not
 * learn it was caught: its sign-up does a real one's work (rolled back) and its sync state reads
 * like a real one's, waiting first.
 */
let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(contacts).values({ email: 'known@example.com', full_name: 'Known Person', tags: ['LEM_Waiting_List'], kit_id: 777, source: 'lem_landing' });
});
afterAll(() => t.close());

const signUp = (email: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/leads/waiting-list',
    payload: { full_name: 'Curious Visitor', email, ...signupConsent(), ...extra },
    remoteAddress: `198.51.100.${++ip}`,
  });
const syncState = async (res: LightMyRequestResponse) => (await t.app.inject({ url: `/api/public/leads/${res.json().submission_id}/sync` })).json();

/** Everything an observer sees of an answer, except the random submission id itself. */
function observable(res: LightMyRequestResponse) {
  const { submission_id, ...rest } = res.json();
  return {
    status: res.statusCode,
    keys: Object.keys(res.json()).sort(),
    idShape: /^[0-9a-f-]{36}$/.test(submission_id),
    rest,
    length: res.headers['content-length'],
    contentType: res.headers['content-type'],
  };
}

describe('without a Kit key', () => {
  it('answers a new email, a known email and the honeypot identically', async () => {
    const fresh = await signUp('fresh-one@example.com');
    const known = await signUp('KNOWN@example.com');
    const bot = await signUp('bot-one@example.com', { website: 'https://spam.example' });
    expect(observable(fresh)).toEqual(observable(known));
    expect(observable(bot)).toEqual(observable(known));
    expect(observable(known)).toMatchObject({ status: 201, keys: ['kit_sync_queued', 'submission_id'], idShape: true, rest: { kit_sync_queued: false } });
    expect(await syncState(fresh)).toEqual(await syncState(known));
  });
});

describe('with a Kit key saved', () => {
  it('answers identically and makes both real sign-ups wait for their own sync', async () => {
    await t.db.execute(sql`insert into app_settings (key, value) values ('kit_api_key', 'v1:stored') on conflict (key) do update set value = excluded.value`);
    const fresh = await signUp('fresh-two@example.com');
    const known = await signUp('known@example.com');
    const bot = await signUp('bot-two@example.com', { website: 'x' });
    expect(observable(fresh)).toEqual(observable(known));
    expect(observable(bot)).toEqual(observable(known));
    expect(observable(known).rest).toEqual({ kit_sync_queued: true });

    // All three wait while their sync is queued (the known contact was in Kit long before; the
    // bot's sync is make-believe)…
    expect(await syncState(fresh)).toEqual({ synced: false });
    expect(await syncState(known)).toEqual({ synced: false });
    expect(await syncState(bot)).toEqual({ synced: false });
    // …the bot's still while the real ones queued before it wait, even once its own time is up…
    await t.db.update(leadDecoys).set({ synced_after: new Date(Date.now() - 1000) });
    expect(await syncState(bot)).toEqual({ synced: false });
    // …and all are done when the worker has run.
    await t.db.update(kitSyncJobs).set({ status: 'done', finished_at: new Date() });
    expect(await syncState(fresh)).toEqual({ synced: true });
    expect(await syncState(known)).toEqual({ synced: true });
    expect(await syncState(bot)).toEqual({ synced: true });
  });

  it("makes the bot wait for its pretend sync about as long as a real one's takes", async () => {
    const bot = await signUp('bot-three@example.com', { website: 'x' });
    const [decoy] = await t.db.select().from(leadDecoys).where(eq(leadDecoys.id, bot.json().submission_id));
    const wait = decoy!.synced_after.getTime() - decoy!.created_at.getTime();
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(wait).toBeLessThanOrEqual(3000);
    expect(await syncState(bot)).toEqual({ synced: false });
  });
});

describe('what each sign-up did, out of sight', () => {
  it('kept one contact for the known email, and stored nothing for the bots', async () => {
    expect(await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'known@example.com'`)).toHaveLength(1);
    for (const bot of ['bot-one@example.com', 'bot-two@example.com', 'bot-three@example.com']) {
      expect(await t.db.select().from(contacts).where(eq(contacts.email, bot))).toEqual([]);
    }
    const stored = await t.db.select({ form: leadSubmissions.form_data }).from(leadSubmissions);
    expect(stored.map((s) => s.form.email).sort()).toEqual(['fresh-one@example.com', 'fresh-two@example.com', 'known@example.com', 'known@example.com']);
  });
});

/**
 * "Takes as long", shown by what the server does rather than by a clock: every SQL statement a
 * sign-up sends is recorded (drizzle's logger on the app's database), and a filled honeypot sends
 * the very statements of a real sign-up of the same kind, in the same order, in a transaction that
 * is rolled back; the only one it adds is its decoy's row.
 */
describe('the work a filled honeypot does', () => {
  let database: Database;
  let app: FastifyInstance;
  let statements: string[] = [];
  let address = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const logger = { logQuery: (query: string) => void statements.push(query) };
    const client = (database.db as unknown as { $client: unknown }).$client;
    const db = (
      database.driver === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzleNodePostgres(client as pg.Pool, { schema, logger })
    ) as unknown as Db;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.test-artifacts/data' });
    app = await buildApp({ config, database: { ...database, db } });
    await app.ready();
    await db.execute(sql`insert into app_settings (key, value) values ('kit_api_key', 'v1:stored')`);
    await db.insert(landingPages).values({ title: 'Offer', slug: 'offer', content: '<h1>Offer</h1>', page_type: 'html', is_active: true });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The statements one request sends, without the transaction's own begin/commit/rollback (which differ on purpose). */
  async function statementsOf(send: () => Promise<LightMyRequestResponse>): Promise<string[]> {
    statements = [];
    const res = await send();
    expect(res.statusCode, res.body).toBeLessThan(300);
    return statements.filter((query) => !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query));
  }
  const waitingList = (email: string, extra: Record<string, string> = {}) => () =>
    app.inject({ method: 'POST', url: '/api/public/leads/waiting-list', payload: { full_name: 'Curious Visitor', email, ...signupConsent(), ...extra }, remoteAddress: `203.0.113.${++address}` });
  const pageForm = (email: string, extra: Record<string, string> = {}) => () =>
    app.inject({ method: 'POST', url: VIEWER_PATHS.leads.path({ slug: 'offer' }), payload: { fields: { email, full_name: 'Page Visitor', ...LP_SIGNUP_CONSENT, ...extra }, url_parameters: {} }, remoteAddress: `203.0.113.${++address}` });
  const isDecoyRow = (query: string) => /insert into "lead_decoys"/i.test(query);

  it('sends the statements of a real waiting-list sign-up, new email or known, and adds only its decoy', async () => {
    // The first sign-up of a campaign also makes its tag: not what is compared here.
    await statementsOf(waitingList('first@example.com'));
    const realNew = await statementsOf(waitingList('real-new@example.com'));
    const botNew = await statementsOf(waitingList('bot-new@example.com', { website: 'https://spam.example' }));
    // The real work is there to compare: the contact and the submission (one statement or several).
    for (const table of ['contacts', 'lead_submissions']) expect(realNew.some((query) => query.includes(`insert into "${table}"`))).toBe(true);
    expect(botNew.filter((query) => !isDecoyRow(query))).toEqual(realNew);
    expect(botNew.filter(isDecoyRow)).toHaveLength(1);

    const realKnown = await statementsOf(waitingList('real-new@example.com'));
    const botKnown = await statementsOf(waitingList('real-new@example.com', { website: 'x' }));
    expect(botKnown.filter((query) => !isDecoyRow(query))).toEqual(realKnown);
  });

  it("sends the statements of a real landing-page sign-up, new email or known", async () => {
    const realNew = await statementsOf(pageForm('page-new@example.com'));
    const botNew = await statementsOf(pageForm('page-bot@example.com', { website: 'x' }));
    // The real work is there to compare: the contact (with its timeline event) and the submission.
    expect(realNew.filter((query) => /insert into "(contacts|lead_submissions)"/i.test(query))).toHaveLength(2);
    expect(botNew).toEqual(realNew);
    const realKnown = await statementsOf(pageForm('page-new@example.com'));
    const botKnown = await statementsOf(pageForm('page-new@example.com', { website: 'x' }));
    expect(botKnown).toEqual(realKnown);
  });

  it('keeps nothing of the bots', async () => {
    const emails = (await database.db.select({ email: contacts.email }).from(contacts)).map((c) => c.email).sort();
    expect(emails).toEqual(['first@example.com', 'page-new@example.com', 'real-new@example.com']);
    expect(await database.db.select().from(leadSubmissions)).toHaveLength(5);
    expect(await database.db.select().from(kitSyncJobs)).toHaveLength(2);
    expect(await database.db.select().from(leadDecoys)).toHaveLength(2);
  });
});
