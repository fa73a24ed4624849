import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../../../tests/fakes/fake-kit.ts';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { contacts, kitSyncJobs } from '../db/schema.ts';
import { claimJobs, enqueueContactSync, failJob, resumeJobsWaitingForKey } from './queue.ts';
import { seedContacts, silentLog, waitFor } from './test-helpers.ts';
import { startKitWorker, type KitWorker } from './worker.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

/*
 * Issue 15, bug 2: "Save a wrong Kit key, sign up on the waiting list, save the right key: after a
 * minute the contact still shows 'Failed: Kit API e…'." A sync Kit refuses because of the key
 * (401, 403) waits for a working key instead of failing, and runs once one is saved.
 */

let kit: FakeKit;
let worker: KitWorker;
const app = signedInApp();
const WRONG_KEY = 'kit_wrong_key_000000000000';

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
});
afterAll(async () => {
  await worker?.stop();
  await kit?.close();
});

function startWorker() {
  const config = { ...app.t.config, kit: { apiBase: kit.url, rateLimit: 10_000, rateWindowMs: 1_000, secretKey: app.t.config.kit.secretKey } };
  worker = startKitWorker({ db: app.t.db, config, log: silentLog, pollMs: 20, retryBaseMs: 50, retryMaxMs: 200 });
}

const stateOf = async (email: string) => {
  const [contact] = await app.t.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`);
  const res = await app.api('GET', `/api/kit/sync-state?contact_ids=${contact!.id}`);
  return res.json().states[contact!.id] as { state: string; error: string | null };
};

describe('a sync refused because of the key', () => {
  it('waits for a working key instead of failing, and reaches Kit with the campaign tag once the right key is saved', async () => {
    // The test app reaches the fake Kit through the worker only; the routes' own client never runs here.
    startWorker();
    expect((await app.api('PUT', '/api/kit/settings', { api_key: WRONG_KEY })).statusCode).toBe(200);
    const email = `waiting-${randomBytes(3).toString('hex')}@example.com`;
    const signUp = await app.t.app.inject({ method: 'POST', url: '/api/public/leads/waiting-list', payload: { full_name: 'Wanda Waiting', email, ...signupConsent() } });
    expect(signUp.statusCode).toBe(201);

    await waitFor(async () => !['queued', 'running'].includes((await stateOf(email)).state), 10_000, 'the sync with the wrong key');
    const waiting = await stateOf(email);
    expect(waiting.state).toBe('waiting');
    expect(waiting.error).toMatch(/^Kit API error: 401 POST .* - The API key is invalid$/);
    expect(kit.state.subscriberByEmail(email)).toBeUndefined();

    expect((await app.api('PUT', '/api/kit/settings', { api_key: kit.apiKey })).statusCode).toBe(200);
    await waitFor(async () => (await stateOf(email)).state === 'synced', 10_000, 'the sync with the right key');

    const subscriber = kit.state.subscriberByEmail(email)!;
    const tagNames = [...subscriber.tag_ids].map((id) => kit.state.tags.get(id)!.name).sort();
    expect(tagNames).toEqual(['LEM_Waiting_List', 'via_mycrm']);
    const [job] = await app.t.db.select().from(kitSyncJobs).where(sql`${kitSyncJobs.contact_id} = (select id from contacts where email = ${email})`);
    expect(job).toMatchObject({ status: 'done', last_error: null });
  });

  it('puts back the latest sync that failed for good on a refused key before syncs could wait, and no other failure', async () => {
    await worker.stop();
    const [refused, broken] = await seedContacts(app.t.db, 2, 'failed-before');
    for (const [person, error] of [
      [refused!, 'Kit API error: 403 POST https://api.kit.com/v4/subscribers - Forbidden'],
      [broken!, 'Kit API error: 422 POST https://api.kit.com/v4/subscribers - Email address is invalid'],
    ] as const) {
      await enqueueContactSync(app.t.db, person.id, ['via_mycrm']);
      const job = (await claimJobs(app.t.db, 10)).find((j) => j.contact_id === person.id)!;
      await failJob(app.t.db, job, error, { final: true });
    }
    expect(await resumeJobsWaitingForKey(app.t.db)).toEqual({ resumed: 1 });
    const states = (await app.api('GET', `/api/kit/sync-state?contact_ids=${refused!.id},${broken!.id}`)).json().states;
    expect(states[refused!.id]).toMatchObject({ state: 'queued', attempts: 0 });
    expect(states[broken!.id]).toMatchObject({ state: 'failed' });
  });
});
