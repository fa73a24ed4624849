import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import { contacts, kitSyncJobs, leadSubmissions, tags } from '../db/schema.ts';
import { LEAD_PATHS, SITE_CONFIG_PATH } from '../../shared/leads/paths.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const m = LEAD_MESSAGES.en;
let ipCounter = 0;
const signUp = (campaign: 'waiting-list' | 'webinar', payload: Record<string, unknown>, app = t) =>
  app.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign }), payload: { ...signupConsent(), ...payload }, remoteAddress: `10.1.0.${++ipCounter % 250}` });
const contactByEmail = async (email: string, app = t) =>
  (await app.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`))[0];
const submissionsOf = (contactId: string) => t.db.select().from(leadSubmissions).where(eq(leadSubmissions.contact_id, contactId));

describe('a sign-up with a new email', () => {
  it('creates a lead with the waiting-list tag and source, the URL parameters and a submission', async () => {
    const res = await signUp('waiting-list', {
      full_name: '  Ada   Lovelace King ',
      email: ' Ada@Example.com ',
      phone: '+49 30 1234567',
      url_parameters: { utm_source: 'newsletter', utm_campaign: 'sept', ref: 'friend' },
      page: '/learning-ecosystem-mastery',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ submission_id: expect.any(String), kit_sync_queued: false });

    const contact = (await contactByEmail('ada@example.com'))!;
    expect(contact).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace King',
      first_name: 'Ada',
      last_name: 'Lovelace King',
      phone: '+49 30 1234567',
      status: 'lead',
      source: 'lem_landing',
      tags: ['LEM_Waiting_List'],
      url_parameters: { utm_source: 'newsletter', utm_campaign: 'sept', ref: 'friend' },
      kit_id: null,
    });
    const [submission] = await submissionsOf(contact.id);
    expect(submission!.id).toBe(res.json().submission_id);
    expect(submission!.landing_page_id).toBeNull();
    expect(submission!.form_data).toEqual({
      full_name: 'Ada Lovelace King',
      email: 'ada@example.com',
      phone: '+49 30 1234567',
      campaign: 'waiting_list',
      page: '/learning-ecosystem-mastery',
    });
  });

  it('creates a webinar lead with the webinar tag and source; phone stays empty when not given', async () => {
    const res = await signUp('webinar', { full_name: 'Grace', email: 'grace@example.com' });
    expect(res.statusCode).toBe(201);
    expect(await contactByEmail('grace@example.com')).toMatchObject({
      first_name: 'Grace',
      last_name: null,
      phone: null,
      source: 'webinar_signup',
      status: 'lead',
      tags: ['webinar202509_2'],
      url_parameters: {},
    });
  });

  it('puts the campaign tags in the tag list, so the contact stays editable in the CRM', async () => {
    const names = (await t.db.select({ name: tags.name }).from(tags)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['LEM_Waiting_List', 'webinar202509_2']));
  });
});

describe('a sign-up with an email that exists', () => {
  it('adds the tag to a contact without it, keeps its phone when none is given and stores the URL parameters', async () => {
    await t.db.insert(contacts).values({
      email: 'linus@example.com',
      full_name: 'Linus T',
      phone: '+1 555 0100',
      source: 'referral',
      status: 'customer',
      tags: [],
      url_parameters: { utm_source: 'old', gclid: 'abc' },
    });
    const res = await signUp('waiting-list', {
      full_name: 'Linus Torvalds',
      email: 'LINUS@example.com',
      phone: '',
      url_parameters: { utm_source: 'linkedin', utm_medium: 'social' },
    });
    expect(res.statusCode).toBe(201);
    expect(await contactByEmail('linus@example.com')).toMatchObject({
      full_name: 'Linus T', // the sign-up does not rename anyone
      phone: '+1 555 0100',
      source: 'referral',
      status: 'customer',
      tags: ['LEM_Waiting_List'],
      url_parameters: { utm_source: 'linkedin', utm_medium: 'social', gclid: 'abc' },
    });
  });

  it('replaces the phone when the sign-up gives a new one', async () => {
    const res = await signUp('webinar', { full_name: 'Linus', email: 'linus@example.com', phone: '+1 555 0199' });
    expect(res.statusCode).toBe(201);
    const contact = (await contactByEmail('linus@example.com'))!;
    expect(contact.phone).toBe('+1 555 0199');
    expect(contact.tags).toEqual(['LEM_Waiting_List', 'webinar202509_2']);
  });

  it('only updates the URL parameters of a contact that already has the tag', async () => {
    const before = (await contactByEmail('linus@example.com'))!;
    const res = await signUp('webinar', {
      full_name: 'Someone Else',
      email: 'linus@example.com',
      phone: '+49 000',
      url_parameters: { utm_source: 'webinar-reminder' },
    });
    expect(res.statusCode).toBe(201);
    const after = (await contactByEmail('linus@example.com'))!;
    expect(after).toMatchObject({ phone: '+1 555 0199', full_name: 'Linus T', tags: before.tags });
    expect(after.url_parameters).toEqual({ ...before.url_parameters, utm_source: 'webinar-reminder' });
    expect((await submissionsOf(after.id)).length).toBe(3);
  });

  it('changes nothing on the contact when it has the tag and no URL parameters came', async () => {
    const before = (await contactByEmail('linus@example.com'))!;
    const res = await signUp('webinar', { full_name: 'Linus', email: 'linus@example.com' });
    expect(res.statusCode).toBe(201);
    expect(await contactByEmail('linus@example.com')).toEqual(before);
  });
});

describe('simultaneous sign-ups', () => {
  it('two at once with one email make one contact with the tag once', async () => {
    const payload = { full_name: 'Twin Sign', email: 'twin@example.com' };
    const [a, b] = await Promise.all([signUp('waiting-list', payload), signUp('waiting-list', { ...payload, email: 'TWIN@example.com' })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const rows = await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'twin@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tags).toEqual(['LEM_Waiting_List']);
    expect(await submissionsOf(rows[0]!.id)).toHaveLength(2);
  });

  it('twenty at once across both forms: one contact, each tag once, every submission kept', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUp(i % 2 ? 'webinar' : 'waiting-list', { full_name: 'Crowd', email: 'crowd@example.com', url_parameters: { n: String(i) } }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'crowd@example.com'`);
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.tags].sort()).toEqual(['LEM_Waiting_List', 'webinar202509_2']);
    expect(await submissionsOf(rows[0]!.id)).toHaveLength(20);
  });
});

describe('input checks', () => {
  it('requires a full name and a valid email, with per-field messages', async () => {
    const empty = await signUp('waiting-list', { full_name: '  ', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ full_name: m.fields.full_name.required, email: m.fields.email.required });
    const bad = await signUp('webinar', { full_name: 'Ok', email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: m.fields.email.invalid });
    expect(await contactByEmail('not an email')).toBeUndefined();
  });

  it('refuses too many URL parameters, an unknown form and an oversized body', async () => {
    const params = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 'x']));
    expect((await signUp('waiting-list', { full_name: 'A', email: 'a@example.com', url_parameters: params })).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign: 'newsletter' }), payload: { full_name: 'A', email: 'a@example.com' } });
    expect(unknown.statusCode).toBe(400);
    const huge = await signUp('waiting-list', { full_name: 'A', email: 'a@example.com', page: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(await contactByEmail('a@example.com')).toBeUndefined();
  });

  it('answers a filled honeypot field like any sign-up, and stores nothing', async () => {
    const res = await signUp('waiting-list', { full_name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ submission_id: expect.any(String), kit_sync_queued: false });
    expect(await contactByEmail('bot@example.com')).toBeUndefined();
    expect(await t.db.select().from(leadSubmissions).where(eq(leadSubmissions.id, res.json().submission_id))).toEqual([]);
  });

  it('needs no session, but refuses a sign-up posted from another site', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: LEAD_PATHS.signup.path({ campaign: 'webinar' }),
      payload: { full_name: 'X', email: 'x@example.com' },
      headers: { origin: 'https://evil.example', host: 'localhost' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('the sync state a modal waits on', () => {
  it('says whether the sync a submission queued has finished; an unknown id has nothing waiting', async () => {
    const res = await signUp('webinar', { full_name: 'Kit Check', email: 'kitcheck@example.com' });
    const url = LEAD_PATHS.syncState.path({ submissionId: res.json().submission_id });
    const contact = (await contactByEmail('kitcheck@example.com'))!;
    // No Kit key in this file: nothing was queued, nothing is waiting.
    expect((await t.app.inject({ url })).json()).toEqual({ synced: true });
    const [job] = await t.db.insert(kitSyncJobs).values({ contact_id: contact.id, tag_names: ['webinar202509_2'] }).returning();
    expect((await t.app.inject({ url })).json()).toEqual({ synced: false });
    await t.db.update(kitSyncJobs).set({ status: 'running' }).where(eq(kitSyncJobs.id, job!.id));
    expect((await t.app.inject({ url })).json()).toEqual({ synced: false });
    await t.db.update(kitSyncJobs).set({ status: 'failed' }).where(eq(kitSyncJobs.id, job!.id));
    expect((await t.app.inject({ url })).json()).toEqual({ synced: true });
    expect((await t.app.inject({ url: LEAD_PATHS.syncState.path({ submissionId: '7d0c8f5e-0000-4000-8000-000000000000' }) })).json()).toEqual({ synced: true });
    expect((await t.app.inject({ url: LEAD_PATHS.syncState.path({ submissionId: 'not-a-uuid' }) })).statusCode).toBe(400);
  });
});

describe('site settings for the browser', () => {
  it('has no pixel, and no pixel host in the content security policy, unless META_PIXEL_ID is set', async () => {
    expect((await t.app.inject({ url: SITE_CONFIG_PATH })).json()).toEqual({ meta_pixel_id: null });
    const csp = (await t.app.inject({ url: SITE_CONFIG_PATH })).headers['content-security-policy'] as string;
    expect(csp).not.toContain('facebook');
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com https://calendly.com");
    const withPixel = await createTestApp({ META_PIXEL_ID: '123456789012345' });
    try {
      const res = await withPixel.app.inject({ url: SITE_CONFIG_PATH });
      expect(res.json()).toEqual({ meta_pixel_id: '123456789012345' });
      // The pixel's script and endpoint are allowed only when there is a pixel.
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://connect.facebook.net");
    } finally {
      await withPixel.close();
    }
  });
});
