import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, kitSyncJobs, leadSubmissions } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A public sign-up must not tell who is on the list: a new email, an email already on the list
 * (synced to Kit long ago) and a bot that filled the honeypot get the same status, the same keys,
 * the same number of bytes, and (for real sign-ups) the same wait for the sync to Kit.
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
    payload: { full_name: 'Curious Visitor', email, ...extra },
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

    // Both wait while their sync is queued (the known contact was in Kit long before)…
    expect(await syncState(fresh)).toEqual({ synced: false });
    expect(await syncState(known)).toEqual({ synced: false });
    // …and both are done when the worker has run.
    await t.db.update(kitSyncJobs).set({ status: 'done', finished_at: new Date() });
    expect(await syncState(fresh)).toEqual({ synced: true });
    expect(await syncState(known)).toEqual({ synced: true });
  });
});

describe('what each sign-up did, out of sight', () => {
  it('kept one contact for the known email, and stored nothing for the bots', async () => {
    expect(await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'known@example.com'`)).toHaveLength(1);
    for (const bot of ['bot-one@example.com', 'bot-two@example.com']) {
      expect(await t.db.select().from(contacts).where(eq(contacts.email, bot))).toEqual([]);
    }
    const stored = await t.db.select({ form: leadSubmissions.form_data }).from(leadSubmissions);
    expect(stored.map((s) => s.form.email).sort()).toEqual(['fresh-one@example.com', 'fresh-two@example.com', 'known@example.com', 'known@example.com']);
  });
});
