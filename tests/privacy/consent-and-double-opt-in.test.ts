import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { signupConsent } from '../helpers/signup-consent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { LEAD_PATHS } from '../../src/shared/leads/paths.ts';
import { CONSENT_MESSAGES } from '../../src/shared/privacy/consent.ts';
import { CONSENT_PATHS } from '../../src/shared/privacy/paths.ts';
import { applyKitStates } from '../../src/server/contacts/service.ts';
import { consentRecords, contactEvents, contacts } from '../../src/server/db/schema.ts';
import { KitClient } from '../../src/server/kit/client.ts';
import { KitRateLimiter } from '../../src/server/kit/rate-limiter.ts';
import { syncContactToKit } from '../../src/server/kit/sync.ts';

/*
 * Consent records for every sign-up, versioned statements, and double opt-in through a Kit form,
 * against the fake Kit: the subscriber is created inactive and joins the form (Kit emails the
 * confirmation), the contact waits for confirmation, and Kit's 'active' confirms the record.
 */

let t: TestApp;
let cookie: string;
let kit: FakeKit;
let client: KitClient;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
  cookie = await t.signIn();
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, forms: [{ name: 'Webinar DOI' }, { name: 'Single opt-in', doubleOptIn: false }] });
  client = new KitClient({ apiKey: kit.apiKey, baseUrl: kit.url, limiter: new KitRateLimiter(kit.rateLimit), backoffMs: 10 });
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

const signUp = (campaign: 'waiting-list' | 'webinar', email: string, consent: Record<string, unknown> = signupConsent()) =>
  t.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign }), payload: { full_name: 'Ada Lovelace', email, ...consent } });
const contactOf = async (email: string) => (await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`))[0]!;
const recordsOf = async (email: string) => t.db.select().from(consentRecords).where(sql`${consentRecords.contact_id} = ${(await contactOf(email)).id}`);
const eventsOf = async (email: string, type: string) =>
  (await t.db.select().from(contactEvents).where(sql`${contactEvents.contact_id} = ${(await contactOf(email)).id} and ${contactEvents.type} = ${type}`)).map((e) => e.data);
const saveStatement = (kind: string, body: Record<string, unknown>) => t.as(cookie, { method: 'POST', url: CONSENT_PATHS.statementVersions.path({ kind }), payload: body });
const chooseForm = (source: string, kit_form: { id: number; name: string } | null) => t.as(cookie, { method: 'PUT', url: CONSENT_PATHS.signupForms, payload: { source, kit_form } });

describe('a consent record for every sign-up', () => {
  it('keeps the statement version shown, the language and the page address (without its query), with a timeline event', async () => {
    const res = await signUp('waiting-list', 'record@example.com', { consent_version: 1, language: 'de', page_url: 'http://localhost/de/mastery?utm_source=mail&email=x#signup' });
    expect(res.statusCode).toBe(201);
    const [record] = await recordsOf('record@example.com');
    expect(record).toMatchObject({ source: 'waiting_list', language: 'de', page_url: 'http://localhost/de/mastery', kit_form_id: null, confirmed_at: null });
    expect(record!.submission_id).toBe(res.json().submission_id);
    expect(await eventsOf('record@example.com', 'consent_given')).toEqual([
      { type: 'consent_given', kind: 'waiting_list', version: 1, language: 'de', page_url: 'http://localhost/de/mastery', double_opt_in: false },
    ]);
  });

  it('refuses hostile consent fields with 400 and a clear message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...signupConsent(), page_url: 'https://evil.example/de/mastery' }, CONSENT_MESSAGES.pageUrlInvalid],
      [{ ...signupConsent(), page_url: 'javascript:alert(1)' }, CONSENT_MESSAGES.pageUrlInvalid],
      [{ ...signupConsent(), page_url: 'http://user:pw@localhost/' }, CONSENT_MESSAGES.pageUrlInvalid],
      [{ ...signupConsent(), page_url: `http://localhost/${'a'.repeat(2_000)}` }, CONSENT_MESSAGES.pageUrlTooLong],
      [{ ...signupConsent(), page_url: 'http://localhost/\u0000' }, ''],
      [{ ...signupConsent(), language: 'fr' }, CONSENT_MESSAGES.languageInvalid],
      [{ ...signupConsent(), consent_version: 'abc' }, CONSENT_MESSAGES.versionInvalid],
      [{ ...signupConsent(), consent_version: 0 }, CONSENT_MESSAGES.versionInvalid],
      [{ ...signupConsent(), consent_version: 99 }, CONSENT_MESSAGES.versionUnknown],
      [{ language: 'en', page_url: 'http://localhost/' }, CONSENT_MESSAGES.versionInvalid],
    ];
    for (const [consent, message] of cases) {
      const res = await signUp('webinar', 'hostile@example.com', consent);
      expect(res.statusCode, JSON.stringify(consent).slice(0, 80)).toBe(400);
      if (message) expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(await t.db.select().from(contacts).where(sql`${contacts.email} = 'hostile@example.com'`)).toEqual([]);
  });

  it('saves a new version when the owner edits a statement (old ones kept); a form showing the old one gets 409', async () => {
    expect((await saveStatement('webinar', { text_en: '  ', text_de: 'Ja' })).statusCode).toBe(400);
    const saved = await saveStatement('webinar', { text_en: 'Yes, register me (v2).', text_de: 'Ja, meldet mich an (v2).' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ kind: 'webinar', version: 2, text_en: 'Yes, register me (v2).' });
    const list = (await t.as(cookie, { method: 'GET', url: CONSENT_PATHS.statements })).json().statements as Array<{ kind: string; version: number }>;
    expect(list.filter((s) => s.kind === 'webinar').map((s) => s.version)).toEqual([2, 1]);
    const shown = await t.app.inject({ method: 'GET', url: CONSENT_PATHS.publicStatement.path({ kind: 'webinar' }) });
    expect(shown.json()).toEqual({ kind: 'webinar', version: 2, text_en: 'Yes, register me (v2).', text_de: 'Ja, meldet mich an (v2).' });

    const outdated = await signUp('webinar', 'outdated@example.com', signupConsent('http://localhost', 1));
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().error.code).toBe('consent_outdated');
    expect((await signUp('webinar', 'outdated@example.com', signupConsent('http://localhost', 2))).statusCode).toBe(201);
    expect(await recordsOf('outdated@example.com')).toHaveLength(1);
  });
});

describe('double opt-in through a Kit form', () => {
  const formNamed = (name: string) => kit.state.forms.find((f) => f.name === name)!;

  it('creates the subscriber inactive and adds them to the form; the contact waits until Kit reports them active', async () => {
    const form = formNamed('Webinar DOI');
    expect((await chooseForm('webinar', { id: form.id, name: form.name })).statusCode).toBe(200);
    expect((await signUp('webinar', 'doi@example.com', signupConsent('http://localhost', 2))).statusCode).toBe(201);
    const [record] = await recordsOf('doi@example.com');
    expect(record!.kit_form_id).toBe(form.id);
    expect((await eventsOf('doi@example.com', 'consent_given'))[0]).toMatchObject({ double_opt_in: true, version: 2 });

    await syncContactToKit(t.db, client, (await contactOf('doi@example.com')).id, []);
    const subscriber = kit.state.subscriberByEmail('doi@example.com')!;
    expect(subscriber.state).toBe('inactive');
    expect(kit.state.formSubscribers.get(form.id)?.has(subscriber.id)).toBe(true);
    expect(kit.state.confirmationEmails).toEqual([{ email: 'doi@example.com', form_id: form.id }]);
    expect((await contactOf('doi@example.com')).kit_state).toBe('inactive');
    expect((await recordsOf('doi@example.com'))[0]!.confirmed_at).toBeNull();

    // The person clicks the link: Kit's 'active' (as a webhook delivers it) confirms the record, once.
    kit.state.confirmSubscriber('doi@example.com');
    const at = new Date();
    const contactId = (await contactOf('doi@example.com')).id;
    await t.db.transaction((tx) => applyKitStates(tx, [{ contact_id: contactId, state: 'active', at }], 'webhook'));
    await t.db.transaction((tx) => applyKitStates(tx, [{ contact_id: contactId, state: 'active', at: new Date(at.getTime() + 1000) }], 'webhook'));
    expect((await contactOf('doi@example.com')).kit_state).toBe('active');
    expect((await recordsOf('doi@example.com'))[0]!.confirmed_at?.toISOString()).toBe(at.toISOString());
    expect(await eventsOf('doi@example.com', 'consent_confirmed')).toEqual([
      { type: 'consent_confirmed', kind: 'webinar', version: 2, confirmed_at: at.toISOString(), already_subscribed: false },
    ]);

    // Confirmed: a later sync adds them directly (active), not to the form again.
    const calls = kit.calls['POST /forms/:form_id/subscribers'];
    await syncContactToKit(t.db, client, contactId, []);
    expect(kit.calls['POST /forms/:form_id/subscribers']).toBe(calls);
  });

  it('leaves a person already active in Kit active, with no confirmation email, and confirms the record as already subscribed', async () => {
    kit.state.addSubscriber({ email_address: 'already@example.com', state: 'active' });
    expect((await signUp('webinar', 'already@example.com', signupConsent('http://localhost', 2))).statusCode).toBe(201);
    await syncContactToKit(t.db, client, (await contactOf('already@example.com')).id, []);
    expect(kit.state.subscriberByEmail('already@example.com')!.state).toBe('active');
    expect(kit.state.confirmationEmails.filter((e) => e.email === 'already@example.com')).toEqual([]);
    expect((await contactOf('already@example.com')).kit_state).toBe('active');
    expect((await recordsOf('already@example.com'))[0]!.confirmed_at).not.toBeNull();
    expect(await eventsOf('already@example.com', 'consent_confirmed')).toEqual([expect.objectContaining({ already_subscribed: true })]);
  });

  it('adds sign-ups of a source without a form directly, as active subscribers', async () => {
    expect((await chooseForm('webinar', null)).statusCode).toBe(200);
    expect((await signUp('webinar', 'direct@example.com', signupConsent('http://localhost', 2))).statusCode).toBe(201);
    expect((await recordsOf('direct@example.com'))[0]!.kit_form_id).toBeNull();
    const calls = kit.calls['POST /forms/:form_id/subscribers'];
    await syncContactToKit(t.db, client, (await contactOf('direct@example.com')).id, []);
    expect(kit.state.subscriberByEmail('direct@example.com')!.state).toBe('active');
    expect(kit.calls['POST /forms/:form_id/subscribers']).toBe(calls);
  });

  it('refuses a source that does not exist', async () => {
    const res = await chooseForm('landing_page:00000000-0000-4000-8000-000000000000', { id: 1, name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CONSENT_MESSAGES.sourceUnknown);
  });
});

describe('the page address of a consent record, on an installation with PUBLIC_URL', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({ PUBLIC_URL: 'https://coach.example', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => site.close());
  const signUpVia = (host: string, page_url: string, email: string) =>
    site.app.inject({
      method: 'POST',
      url: LEAD_PATHS.signup.path({ campaign: 'webinar' }),
      headers: { host },
      payload: { full_name: 'Ada Lovelace', email, ...signupConsent(), page_url },
    });

  it('is a page of PUBLIC_URL: a sign-up naming another host or page is refused and stores nothing', async () => {
    // A Host of the sender's choosing is refused before the sign-up runs (421).
    const spoofed = await signUpVia('evil.example', 'http://evil.example/de/webinar', 'spoofed@example.com');
    expect(spoofed.statusCode).toBe(421);
    // The site's own host with a page elsewhere, or on the site over plain http: 400 on the field.
    for (const page_url of ['https://evil.example/de/webinar', 'http://coach.example/de/webinar']) {
      const res = await signUpVia('coach.example', page_url, 'spoofed@example.com');
      expect(res.statusCode, page_url).toBe(400);
      expect(res.json().error.fields).toEqual({ page_url: CONSENT_MESSAGES.pageUrlInvalid });
    }
    expect(await site.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'spoofed@example.com'`)).toEqual([]);

    const real = await signUpVia('coach.example', 'https://coach.example/de/webinar?ref=x', 'real@example.com');
    expect(real.statusCode, real.body).toBe(201);
    const [record] = await site.db.select().from(consentRecords);
    expect(record!.page_url).toBe('https://coach.example/de/webinar');
  });
});
