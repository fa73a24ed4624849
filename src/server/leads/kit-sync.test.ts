import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { contacts, kitSyncJobs } from '../db/schema.ts';
import { getSyncStates } from '../kit/service.ts';
import { LEAD_PATHS } from '../../shared/leads/paths.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

/**
 * Public sign-ups reach Kit through the durable queue, only with a saved key; a repeated sign-up
 * is synced again, so the visitor's answer and wait are the same for a known email as for a new one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const signUp = (campaign: 'waiting-list' | 'webinar', email: string) =>
  t.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign }), payload: { full_name: 'Ada Lovelace', email, ...signupConsent() } });
const contactId = async (email: string) =>
  (await t.db.select({ id: contacts.id }).from(contacts).where(sql`lower(${contacts.email}) = ${email}`))[0]!.id;
const jobsFor = async (email: string) =>
  t.db.select().from(kitSyncJobs).where(sql`${kitSyncJobs.contact_id} = ${await contactId(email)}`);
// Any non-empty value counts as "a key is saved"; the worker, not this test, would decrypt it.
const saveKey = () => t.db.execute(sql`insert into app_settings (key, value) values ('kit_api_key', 'v1:stored') on conflict (key) do update set value = excluded.value`);

describe('sign-ups and the Kit queue', () => {
  it('queues nothing while no Kit key is saved', async () => {
    const res = await signUp('waiting-list', 'nokey@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().kit_sync_queued).toBe(false);
    expect(await jobsFor('nokey@example.com')).toHaveLength(0);
  });

  it('queues a sync with the campaign tag and via_mycrm for a new contact once a key is saved', async () => {
    await saveKey();
    const res = await signUp('waiting-list', 'new@example.com');
    expect(res.json().kit_sync_queued).toBe(true);
    const [job] = await jobsFor('new@example.com');
    expect(job).toMatchObject({ status: 'queued', batch_id: null });
    expect([...job!.tag_names].sort()).toEqual(['LEM_Waiting_List', 'via_mycrm']);
    const states = await getSyncStates(t.db, [await contactId('new@example.com')]);
    expect(Object.values(states)[0]).toMatchObject({ state: 'queued' });
  });

  it('queues for a newly tagged contact, and for one that already had the tag, with the same answer', async () => {
    const tagged = await signUp('webinar', 'new@example.com');
    const tagsQueued = (await jobsFor('new@example.com')).flatMap((j) => j.tag_names);
    expect(tagsQueued).toContain('webinar202509_2');
    // The waiting job takes the repeat (one sync, not two); once it has run, a repeat queues a new one.
    await t.db.update(kitSyncJobs).set({ status: 'done' }).where(sql`${kitSyncJobs.contact_id} = ${await contactId('new@example.com')}`);
    const again = await signUp('webinar', 'new@example.com');
    expect(again.statusCode).toBe(tagged.statusCode);
    expect(again.json().kit_sync_queued).toBe(true);
    const waiting = (await jobsFor('new@example.com')).filter((j) => j.status === 'queued');
    expect(waiting).toHaveLength(1);
    expect([...waiting[0]!.tag_names].sort()).toEqual(['via_mycrm', 'webinar202509_2']);
  });
});
