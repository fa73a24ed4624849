import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { LANDING_PAGE_PATHS } from '../../shared/landing-pages/api.ts';
import { LP_LEAD_MESSAGES } from '../../shared/landing-pages/lead-form.ts';
import { VIEWER_MESSAGES, VIEWER_PATHS } from '../../shared/landing-pages/viewer.ts';
import { contacts, leadSubmissions } from '../db/schema.ts';
import { withSignupConsent } from '../../../tests/helpers/signup-consent.ts';

let t: TestApp;
let pageId: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
  const cookie = await t.signIn();
  const res = await t.as(cookie, { method: 'POST', url: LANDING_PAGE_PATHS.list, payload: { title: 'Offer', slug: 'offer', content: '<h1>Offer</h1>', page_type: 'html' } });
  pageId = res.json().page.id;
});
afterAll(() => t.close());

const origin = { origin: 'http://localhost', host: 'localhost' };
const sendJson = (fields: Record<string, string>, url_parameters: Record<string, string> = {}, slug = 'offer') =>
  t.app.inject({ method: 'POST', url: VIEWER_PATHS.leads.path({ slug }), headers: origin, payload: withSignupConsent({ fields, url_parameters }) });
const contactByEmail = async (email: string) => (await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`))[0];

describe("a landing page's form", () => {
  it('creates a lead from the landing page with the fields a contact has, and records the submission with its page', async () => {
    const res = await sendJson({ email: 'Visitor@Example.com', full_name: 'Vera Visitor', phone: '+49 30 1', linkedin: 'https://linkedin.com/in/vera', team_size: '5' }, { utm_source: 'ad' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const contact = await contactByEmail('visitor@example.com');
    expect(contact).toMatchObject({ full_name: 'Vera Visitor', first_name: 'Vera', last_name: 'Visitor', phone: '+49 30 1', linkedin: 'https://linkedin.com/in/vera', source: 'landing_page', status: 'lead' });
    expect(contact!.url_parameters).toEqual({ utm_source: 'ad' });
    const [submission] = await t.db.select().from(leadSubmissions).where(eq(leadSubmissions.contact_id, contact!.id));
    expect(submission).toMatchObject({ landing_page_id: pageId });
    expect(submission!.form_data).toMatchObject({ team_size: '5', email: 'Visitor@Example.com' });
  });

  it('updates a known contact with what was given and keeps the rest; the answer is the same as for a new one', async () => {
    const first = await sendJson({ email: 'known@example.com', full_name: 'Known Person', phone: '+1 1' });
    const again = await sendJson({ email: 'KNOWN@example.com', country: 'DE' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await contactByEmail('known@example.com')).toMatchObject({ full_name: 'Known Person', phone: '+1 1', country: 'DE' });
    expect((await t.db.select().from(contacts).where(sql`lower(${contacts.email}) = 'known@example.com'`)).length).toBe(1);
  });

  it('refuses a missing or invalid email and a LinkedIn that is not a URL, on the field', async () => {
    const missing = await sendJson({ full_name: 'No Email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.email).toBe(LP_LEAD_MESSAGES.emailRequired);
    expect((await sendJson({ email: '"><svg/onload=alert(1)>@x.co' })).json().error.fields.email).toBe(LP_LEAD_MESSAGES.emailInvalid);
    expect((await sendJson({ email: 'a@example.com', linkedin: 'javascript:alert(1)' })).json().error.fields.linkedin).toBe(LP_LEAD_MESSAGES.linkedinInvalid);
    const nul = await sendJson({ email: 'nul@example.com', full_name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await contactByEmail('nul@example.com')).toBeUndefined();
  });

  it('answers a filled trap like a real sign-up and stores nothing', async () => {
    const res = await sendJson({ email: 'bot@example.com', website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await contactByEmail('bot@example.com')).toBeUndefined();
  });

  it('works without JavaScript: a plain form post is sent back to the page with its result', async () => {
    const post = (body: string) =>
      t.app.inject({ method: 'POST', url: VIEWER_PATHS.leads.path({ slug: 'offer' }), headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    const ok = await post('email=plain%40example.com&full_name=Plain+Post&consent_version=1');
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/lp/offer?lead=ok');
    expect(await contactByEmail('plain@example.com')).toMatchObject({ full_name: 'Plain Post', source: 'landing_page' });
    const bad = await post('full_name=No+Email');
    expect(bad.headers.location).toBe('/lp/offer?lead=error');
    const page = await t.app.inject({ method: 'GET', url: '/lp/offer?lead=ok' });
    expect(page.body).toContain(VIEWER_MESSAGES.submitSucceeded.replace("'", '&#x27;'));
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('refuses unknown or inactive pages and writes from another site', async () => {
    expect((await sendJson({ email: 'x@example.com' }, {}, 'no-such-page')).statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'POST', url: VIEWER_PATHS.leads.path({ slug: 'offer' }), headers: { origin: 'https://evil.example', host: 'localhost' }, payload: { fields: { email: 'x@example.com' } } });
    expect(foreign.statusCode).toBe(403);
  });
});
