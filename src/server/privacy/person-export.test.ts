import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { LEAD_PATHS } from '../../shared/leads/paths.ts';
import { PRIVACY_PATHS } from '../../shared/privacy/erasure.ts';
import { PERSON_EXPORT_FORMAT } from '../../shared/privacy/person-export.ts';
import { consentRecords, consentStatements, contacts, leadSubmissions } from '../db/schema.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

const app = signedInApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
const { api } = app;
const db = () => app.t.db;

async function personWithHistory(email: string) {
  const signUp = (campaign: string, page: string) =>
    app.t.app.inject({
      method: 'POST',
      url: LEAD_PATHS.signup.path({ campaign }),
      payload: { full_name: 'Paula Person', email, phone: '+49 30 1', url_parameters: { utm_source: 'mail' }, page, ...signupConsent() },
      headers: { origin: 'http://localhost', host: 'localhost' },
    });
  expect((await signUp('waiting-list', '/waiting')).statusCode).toBe(201);
  expect((await signUp('webinar', '/webinar')).statusCode).toBe(201);
  const [contact] = await db().select().from(contacts).where(eq(contacts.email, email));
  const submissions = await db().select().from(leadSubmissions).where(eq(leadSubmissions.contact_id, contact!.id)).orderBy(leadSubmissions.created_at);
  // Replace whatever the sign-ups recorded with known consent, so every field can be checked.
  await db().delete(consentRecords).where(eq(consentRecords.contact_id, contact!.id));
  const [waiting] = await db().select().from(consentStatements).where(eq(consentStatements.kind, 'waiting_list'));
  const [webinar] = await db().select().from(consentStatements).where(eq(consentStatements.kind, 'webinar'));
  // The webinar's a minute later: the CSV lists a person's records in the order they were given.
  const givenAt = new Date('2026-03-01T10:00:00.000Z');
  const confirmedAt = new Date('2026-03-01T10:05:00.000Z');
  await db().insert(consentRecords).values([
    { contact_id: contact!.id, submission_id: submissions[0]!.id, statement_id: waiting!.id, source: 'waiting_list', language: 'de', page_url: 'https://example.com/warteliste', given_at: givenAt, kit_form_id: 77, confirmed_at: confirmedAt },
    { contact_id: contact!.id, submission_id: submissions[1]!.id, statement_id: webinar!.id, source: 'webinar', language: 'en', page_url: 'https://example.com/webinar', given_at: new Date(givenAt.getTime() + 60_000) },
  ]);
  await db().update(contacts).set({ kit_id: 4242, kit_state: 'active', kit_state_at: new Date('2026-03-02T08:00:00.000Z') }).where(eq(contacts.id, contact!.id));
  return { contact: contact!, submissions, waiting: waiting!, webinar: webinar!, givenAt, confirmedAt };
}

describe("a person's data export", () => {
  it('is one JSON attachment named by the contact id, never cached, with every part checked field by field', async () => {
    const { contact, submissions, waiting, webinar, givenAt, confirmedAt } = await personWithHistory('paula.person@example.com');
    const res = await api('GET', PRIVACY_PATHS.personExport.path({ id: contact.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="person-${contact.id}.json"`);
    expect(res.headers['content-disposition']).not.toContain('paula');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.format).toBe(PERSON_EXPORT_FORMAT);
    expect(Date.parse(data.exported_at)).not.toBeNaN();
    expect(data.contact).toMatchObject({
      id: contact.id,
      email: 'paula.person@example.com',
      full_name: 'Paula Person',
      first_name: 'Paula',
      last_name: 'Person',
      phone: '+49 30 1',
      status: 'lead',
      url_parameters: { utm_source: 'mail' },
      kit_id: 4242,
      kit_state: 'active',
    });
    expect(data.tags).toEqual(data.contact.tags);
    expect(data.tags.length).toBeGreaterThan(0);
    // The timeline, oldest first: created by the first sign-up, then the second.
    expect(data.timeline[0]).toMatchObject({ actor: { kind: 'form', form: 'waiting_list' }, data: { type: 'created' } });
    expect(data.timeline.some((e: { data: { type: string } }) => e.data.type === 'signed_up')).toBe(true);
    expect(data.signups).toHaveLength(2);
    expect(data.signups[0]).toEqual({
      id: submissions[0]!.id,
      landing_page_id: null,
      form_data: submissions[0]!.form_data,
      created_at: submissions[0]!.created_at.toISOString(),
      consent: [
        {
          source: 'waiting_list',
          statement_kind: 'waiting_list',
          statement_version: waiting.version,
          statement_text: waiting.text_de,
          language: 'de',
          page_url: 'https://example.com/warteliste',
          given_at: givenAt.toISOString(),
          kit_form_id: 77,
          confirmed_at: confirmedAt.toISOString(),
        },
      ],
    });
    expect(data.signups[1].consent).toEqual([
      expect.objectContaining({ statement_kind: 'webinar', statement_text: webinar.text_en, language: 'en', kit_form_id: null, confirmed_at: null }),
    ]);
    expect(data.other_consent).toEqual([]);
    expect(data.kit).toEqual({ subscriber_id: 4242, state: 'active', state_since: '2026-03-02T08:00:00.000Z' });
  });

  it('answers 404 for a contact that does not exist and 400 for a malformed id', async () => {
    expect((await api('GET', PRIVACY_PATHS.personExport.path({ id: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(404);
    expect((await api('GET', PRIVACY_PATHS.personExport.path({ id: 'x' }))).statusCode).toBe(400);
  });

  it('gives the consent records of a selection as a spreadsheet-safe CSV', async () => {
    const { contact } = await personWithHistory('csv.person@example.com');
    await db().update(consentRecords).set({ page_url: '=HYPERLINK("https://evil.example")' }).where(eq(consentRecords.source, 'webinar'));
    const res = await api('POST', PRIVACY_PATHS.consentCsv, { selection: { kind: 'ids', ids: [contact.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['email', 'source', 'statement_kind', 'statement_version', 'language', 'statement_text', 'page_url', 'given_at', 'kit_form_id', 'confirmed_at']);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 5)).toEqual(['csv.person@example.com', 'waiting_list', 'waiting_list', '1', 'de']);
    expect(rows[2]![6]).toBe(`'=HYPERLINK("https://evil.example")`);
  });
});
