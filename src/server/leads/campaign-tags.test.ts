import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { contacts, kitSyncJobs, tags } from '../db/schema.ts';
import { TAG_PATHS } from '../../shared/tags/api.ts';
import { LEAD_PATHS } from '../../shared/leads/paths.ts';
import { CAMPAIGN_TAG_PATHS } from '../../shared/leads/campaign-tags.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

/*
 * Issue 15, bug 3: "Rename the CRM tag LEM_Waiting_List, sign up again, and a second LEM_Waiting_List
 * tag appears; a webinar sign-up created 'webinar202509_2' although the tag 'Webinar Lead' already
 * maps to Kit tag 3." Each campaign is bound to a CRM tag by id.
 */

const app = signedInApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
const email = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}@example.com`;
const signUp = async (campaign: 'waiting-list' | 'webinar', address: string) => {
  const res = await app.t.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign }), payload: { full_name: 'Bea Bound', email: address, ...signupConsent() } });
  expect(res.statusCode).toBe(201);
};
const tagsOf = async (address: string) => (await app.t.db.select().from(contacts).where(eq(contacts.email, address)))[0]!.tags;
const tagsNamed = (name: string) => app.t.db.select().from(tags).where(sql`lower(${tags.name}) = lower(${name})`);
const saveKey = () =>
  app.t.db.execute(sql`insert into app_settings (key, value) values ('kit_api_key', 'v1:stored') on conflict (key) do update set value = excluded.value`);

describe('campaign tags', () => {
  it('keep a renamed waiting-list tag: a later sign-up gets it under its new name, and no second LEM_Waiting_List appears', async () => {
    await signUp('waiting-list', email('first'));
    const [original] = await tagsNamed('LEM_Waiting_List');
    expect(original).toBeDefined();
    const rename = await app.api('PUT', TAG_PATHS.one.path({ id: original!.id }), { name: 'Waiting list (LEM)', color: original!.color });
    expect(rename.statusCode).toBe(200);

    const second = email('second');
    await signUp('waiting-list', second);
    expect(await tagsNamed('LEM_Waiting_List')).toEqual([]);
    expect(await tagsOf(second)).toEqual(['Waiting list (LEM)']);
  });

  it("tag a webinar sign-up with the CRM tag already linked to the campaign's Kit tag, without creating webinar202509_2", async () => {
    await saveKey();
    await app.t.db.insert(tags).values({ name: 'Webinar Lead', kit_tag_name: 'webinar202509_2', kit_tag_id: 3 });
    const address = email('webinar');
    await signUp('webinar', address);

    expect(await tagsNamed('webinar202509_2')).toEqual([]);
    expect(await tagsOf(address)).toEqual(['Webinar Lead']);
    const [job] = await app.t.db.select().from(kitSyncJobs).where(sql`${kitSyncJobs.contact_id} = (select id from contacts where email = ${address})`);
    expect([...job!.tag_names].sort()).toEqual(['Webinar Lead', 'via_mycrm']);
  });

  it('show each binding and follow a new one chosen on the Tags screen', async () => {
    const listed = await app.api('GET', CAMPAIGN_TAG_PATHS.list);
    expect(listed.statusCode).toBe(200);
    const webinarLead = (await tagsNamed('Webinar Lead'))[0]!;
    expect(listed.json().campaigns).toEqual([
      expect.objectContaining({ campaign: 'waiting_list', default_tag_name: 'LEM_Waiting_List', tag: expect.objectContaining({ name: 'Waiting list (LEM)' }) }),
      expect.objectContaining({ campaign: 'webinar', default_tag_name: 'webinar202509_2', tag: expect.objectContaining({ id: webinarLead.id }) }),
    ]);

    const [autumn] = await app.t.db.insert(tags).values({ name: 'Webinar autumn' }).returning();
    const bound = await app.api('PUT', CAMPAIGN_TAG_PATHS.one.path({ campaign: 'webinar' }), { tag_id: autumn!.id });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().tag).toMatchObject({ id: autumn!.id, name: 'Webinar autumn' });
    const address = email('autumn');
    await signUp('webinar', address);
    expect(await tagsOf(address)).toEqual(['Webinar autumn']);

    const unknown = await app.api('PUT', CAMPAIGN_TAG_PATHS.one.path({ campaign: 'webinar' }), { tag_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});
