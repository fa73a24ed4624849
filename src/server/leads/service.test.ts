import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import { contacts, kitSyncJobs, tags } from '../db/schema.ts';
import { removeTagFromContacts, renameTagOnContacts } from '../contacts/service.ts';
import { resolveSignupConsent, type SignupConsent } from '../privacy/service.ts';
import { deleteTag, updateTag } from '../tags/service.ts';
import { leadKitSync } from './kit-sync.ts';
import { leadSubmissions } from './schema.ts';
import { captureLead, type LeadInput, type LeadKitSync } from './service.ts';

let database: Database;
const consent = {} as Record<LeadInput['campaign'], SignupConsent>;
beforeAll(async () => {
  database = await openTestDatabase();
  for (const source of ['waiting_list', 'webinar'] as const) {
    const page = { shownVersion: 1, language: 'en', pageUrl: 'http://localhost/signup', siteOrigins: ['http://localhost'] } as const;
    consent[source] = await resolveSignupConsent(database.db, { source, ...page });
  }
});
afterAll(() => database.close());

const input = (email: string, campaign: LeadInput['campaign'] = 'waiting_list', extra: Partial<LeadInput> = {}): LeadInput => ({
  campaign,
  full_name: 'Queue Test',
  email,
  phone: null,
  url_parameters: {},
  form_data: {},
  consent: consent[campaign],
  ...extra,
});

/** The Kit feature's queue, with its worker never started: what a sign-up queued stays as it was written. */
const kitQueued = async (contactId: string) =>
  database.db.select({ tag_names: kitSyncJobs.tag_names, status: kitSyncJobs.status }).from(kitSyncJobs).where(eq(kitSyncJobs.contact_id, contactId));
const saveKitKey = (value: string) =>
  database.db.execute(sql`insert into app_settings (key, value) values ('kit_api_key', ${value}) on conflict (key) do update set value = excluded.value`);

describe('the sync to Kit a sign-up queues', () => {
  it('is queued for every sign-up (new, newly tagged, or known) with the campaign tag and via_mycrm; a waiting one takes the new tags', async () => {
    await saveKitKey('v1:stored');
    try {
      // The first sign-up of each campaign binds its tag (in a transaction); later ones are statements of their own.
      for (const campaign of ['waiting_list', 'webinar'] as const) await captureLead(database.db, input(`first-${campaign}@example.com`, campaign), leadKitSync);

      const created = await captureLead(database.db, input('queue@example.com'), leadKitSync);
      expect(created).toMatchObject({ created: true, newly_tagged: false, kit_sync_queued: true, kit_tag_names: ['LEM_Waiting_List', 'via_mycrm'] });
      expect(await kitQueued(created.contact_id)).toEqual([{ tag_names: ['LEM_Waiting_List', 'via_mycrm'], status: 'queued' }]);

      const tagged = await captureLead(database.db, input('queue@example.com', 'webinar'), leadKitSync);
      expect(tagged).toMatchObject({ contact_id: created.contact_id, created: false, newly_tagged: true, kit_sync_queued: true, tag: 'webinar202509_2' });
      expect(await kitQueued(created.contact_id)).toEqual([{ tag_names: ['LEM_Waiting_List', 'via_mycrm', 'webinar202509_2'], status: 'queued' }]);

      const again = await captureLead(database.db, input('queue@example.com', 'webinar', { url_parameters: { utm_source: 'x' } }), leadKitSync);
      expect(again).toMatchObject({ created: false, newly_tagged: false, kit_sync_queued: true });
      expect(await kitQueued(created.contact_id)).toHaveLength(1);
      // A sync a worker already finished is not touched: the next sign-up queues a new one.
      await database.db.update(kitSyncJobs).set({ status: 'done' }).where(eq(kitSyncJobs.contact_id, created.contact_id));
      await captureLead(database.db, input('queue@example.com', 'webinar'), leadKitSync);
      expect(await kitQueued(created.contact_id)).toEqual(
        expect.arrayContaining([
          { tag_names: ['LEM_Waiting_List', 'via_mycrm', 'webinar202509_2'], status: 'done' },
          { tag_names: ['webinar202509_2', 'via_mycrm'], status: 'queued' },
        ]),
      );
    } finally {
      await saveKitKey('');
    }
  });

  it('is not queued while no Kit key is saved', async () => {
    const result = await captureLead(database.db, input('nokey@example.com'), leadKitSync);
    expect(result).toMatchObject({ created: true, kit_sync_queued: false });
    expect(await kitQueued(result.contact_id)).toEqual([]);
  });

  it('is written with the sign-up or not at all, on either path', async () => {
    const failing: LeadKitSync = {
      ...leadKitSync,
      queue: async () => {
        throw new Error('queue unavailable');
      },
      // As a statement: its job's id cannot be made, so the statement fails whole.
      queueIn: () => sql`kit_requeued as (select null::uuid as id where false), kit_queued as (select ('x' || (1 / 0))::uuid as id)`,
    };
    // A new email, and a known one: their statements.
    const known = await captureLead(database.db, input('known-rolled-back@example.com'), leadKitSync);
    await expect(captureLead(database.db, input('new-rolled-back@example.com'), failing)).rejects.toMatchObject({ statusCode: 500 });
    await expect(captureLead(database.db, input('known-rolled-back@example.com', 'webinar'), failing)).rejects.toMatchObject({ statusCode: 500 });
    // The transaction: taken when the campaign's tag was renamed since the last sign-up read it.
    const [tag] = await database.db.update(tags).set({ name: 'Webinar renamed' }).where(eq(tags.name, 'webinar202509_2')).returning();
    try {
      await expect(captureLead(database.db, input('known-rolled-back@example.com', 'webinar'), failing)).rejects.toMatchObject({ statusCode: 500 });
    } finally {
      await database.db.update(tags).set({ name: 'webinar202509_2' }).where(eq(tags.id, tag!.id));
    }
    const stored = (await database.db.select({ email: contacts.email, tags: contacts.tags }).from(contacts)).filter((c) => c.email.includes('rolled-back'));
    expect(stored).toEqual([{ email: 'known-rolled-back@example.com', tags: ['LEM_Waiting_List'] }]);
    expect(await database.db.select().from(leadSubmissions).where(eq(leadSubmissions.contact_id, known.contact_id))).toHaveLength(1);
  });
});

describe('a sign-up after the campaign tag changed', () => {
  const holders = { renameTag: renameTagOnContacts, removeTag: removeTagFromContacts };
  const tagsOf = async (email: string) => (await database.db.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.email, email)))[0]?.tags;

  it('carries the tag by its name now, renamed since the last sign-up read it, or deleted and made anew', async () => {
    await captureLead(database.db, input('before-rename@example.com', 'webinar'));
    const [bound] = await database.db.select().from(tags).where(eq(tags.name, 'webinar202509_2'));
    await updateTag(database.db, bound!.id, { name: 'Webinar renamed', description: bound!.description, color: bound!.color, kit_tag_name: bound!.kit_tag_name, kit_tag_id: bound!.kit_tag_id }, holders);

    const renamed = await captureLead(database.db, input('after-rename@example.com', 'webinar'));
    expect(renamed).toMatchObject({ created: true, tag: 'Webinar renamed', tag_id: bound!.id });
    expect(await tagsOf('after-rename@example.com')).toEqual(['Webinar renamed']);
    expect(await tagsOf('before-rename@example.com')).toEqual(['Webinar renamed']);
    // A known contact signing up again keeps the one tag, by its new name.
    await captureLead(database.db, input('before-rename@example.com', 'webinar'));
    expect(await tagsOf('before-rename@example.com')).toEqual(['Webinar renamed']);

    await deleteTag(database.db, bound!.id, holders);
    const remade = await captureLead(database.db, input('after-delete@example.com', 'webinar'));
    expect(remade).toMatchObject({ created: true, tag: 'webinar202509_2' });
    expect(remade.tag_id).not.toBe(bound!.id);
    expect(await tagsOf('after-delete@example.com')).toEqual(['webinar202509_2']);
  });
});
