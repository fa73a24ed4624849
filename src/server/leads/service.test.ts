import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { resolveSignupConsent, type SignupConsent } from '../privacy/service.ts';
import { captureLead, type LeadCapture, type LeadInput } from './service.ts';

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

describe('the sync to Kit a sign-up asks for', () => {
  it('is asked for every sign-up (new, newly tagged, or known), with the campaign tag and via_mycrm', async () => {
    const calls: LeadCapture[] = [];
    const queue = async (_tx: unknown, capture: LeadCapture) => (calls.push(capture), true);

    const created = await captureLead(database.db, input('queue@example.com'), queue);
    expect(created).toMatchObject({ created: true, newly_tagged: false, kit_sync_queued: true });
    expect(created.kit_tag_names).toEqual(['LEM_Waiting_List', 'via_mycrm']);

    const tagged = await captureLead(database.db, input('queue@example.com', 'webinar'), queue);
    expect(tagged).toMatchObject({ created: false, newly_tagged: true, kit_sync_queued: true, tag: 'webinar202509_2' });
    expect(tagged.kit_tag_names).toEqual(['webinar202509_2', 'via_mycrm']);

    const again = await captureLead(database.db, input('queue@example.com', 'webinar', { url_parameters: { utm_source: 'x' } }), queue);
    expect(again).toMatchObject({ created: false, newly_tagged: false, kit_sync_queued: true });

    expect(calls.map((c) => [c.contact_id, c.tag])).toEqual([
      [created.contact_id, 'LEM_Waiting_List'],
      [created.contact_id, 'webinar202509_2'],
      [created.contact_id, 'webinar202509_2'],
    ]);
  });

  it('reports no queued sync when the queue declines (no Kit key)', async () => {
    const result = await captureLead(database.db, input('nokey@example.com'), async () => false);
    expect(result).toMatchObject({ kit_sync_queued: false });
  });

  it('runs inside the sign-up transaction: it sees the contact, and its failure undoes the sign-up', async () => {
    let seen: unknown[] = [];
    await captureLead(database.db, input('inside@example.com'), async (tx, capture) => {
      seen = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, capture.contact_id));
      return true;
    });
    expect(seen).toHaveLength(1);

    await expect(
      captureLead(database.db, input('rolled-back@example.com'), async () => {
        throw new Error('queue unavailable');
      }),
    ).rejects.toMatchObject({ statusCode: 500 });
    expect(await database.db.select().from(contacts).where(eq(contacts.email, 'rolled-back@example.com'))).toEqual([]);
  });
});
