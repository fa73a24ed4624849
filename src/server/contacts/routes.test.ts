import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import type { z } from 'zod';
import type { contactListResponseSchema, contactSchema } from '../../shared/contacts/api.ts';
import { CONTACT_MESSAGES } from '../../shared/contacts/form.ts';

/** A contact and a list page as they travel: timestamps as ISO 8601 text. */
type ContactDto = z.input<typeof contactSchema>;
type ContactListResponse = z.input<typeof contactListResponseSchema>;
import { contacts, tags } from '../db/schema.ts';
import { getContactById, setContactKitId } from './service.ts';

const app = signedInApp();
beforeEach(async () => {
  await app.t.db.delete(contacts);
  await app.t.db.delete(tags);
  await app.t.db.insert(tags).values([{ name: 'vip' }, { name: 'newsletter' }, { name: 'webinar-2025' }]);
});

const { api } = app;
const create = (payload: Record<string, unknown>) => api('POST', '/api/contacts', payload);

describe('creating and editing a contact', () => {
  it('saves every field, with the defaults and empty text as null', async () => {
    const res = await create({
      email: '  Anna.Schmidt@Example.COM ',
      first_name: 'Anna',
      last_name: 'Schmidt',
      full_name: '',
      phone: '+49 30 1234567',
      address: 'Hauptstraße 1, Berlin',
      country: 'Germany',
      linkedin: 'https://www.linkedin.com/in/anna',
      tags: ['vip', 'newsletter'],
      url_parameters: { utm_source: 'forged' },
      kit_id: 99,
    });
    expect(res.statusCode).toBe(201);
    const contact: ContactDto = res.json().contact;
    expect(contact).toMatchObject({
      email: 'anna.schmidt@example.com',
      first_name: 'Anna',
      last_name: 'Schmidt',
      full_name: null,
      phone: '+49 30 1234567',
      address: 'Hauptstraße 1, Berlin',
      country: 'Germany',
      linkedin: 'https://www.linkedin.com/in/anna',
      source: 'manual',
      status: 'lead',
      tags: ['vip', 'newsletter'],
      // Read-only: never written through this API.
      kit_id: null,
      url_parameters: {},
    });
    expect(new Date(contact.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const fetched = await api('GET', `/api/contacts/${contact.id}`);
    expect(fetched.json().contact).toEqual(contact);
  });

  it('requires a valid email', async () => {
    const missing = await create({ first_name: 'No email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.email).toBe(CONTACT_MESSAGES.emailRequired);
    const blank = await create({ email: '   ' });
    expect(blank.json().error.fields.email).toBe(CONTACT_MESSAGES.emailRequired);
    const invalid = await create({ email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.email).toBe(CONTACT_MESSAGES.emailInvalid);
  });

  it('answers 409 with a field error for an email that exists in another case, and changes nothing', async () => {
    const first = await create({ email: 'max@example.com', first_name: 'Max' });
    expect(first.statusCode).toBe(201);
    const dup = await create({ email: 'MAX@Example.com', first_name: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ email: CONTACT_MESSAGES.emailTaken });
    const rows = await app.t.db.select().from(contacts);
    expect(rows.map((r) => [r.email, r.first_name])).toEqual([['max@example.com', 'Max']]);

    // Editing another contact onto that email is refused the same way, and that contact is unchanged.
    const other = (await create({ email: 'erika@example.com', first_name: 'Erika' })).json().contact;
    const clash = await api('PUT', `/api/contacts/${other.id}`, { email: 'Max@example.com', first_name: 'Changed' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.email).toBe(CONTACT_MESSAGES.emailTaken);
    expect((await getContactById(app.t.db, other.id))).toMatchObject({ email: 'erika@example.com', first_name: 'Erika' });
  });

  it('accepts only statuses and sources from the shared lists', async () => {
    const ok = await create({ email: 'c@example.com', status: 'customer', source: 'webinar_signup' });
    expect(ok.json().contact).toMatchObject({ status: 'customer', source: 'webinar_signup' });
    const badStatus = await create({ email: 'd@example.com', status: 'vip' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields.status).toBe(CONTACT_MESSAGES.statusInvalid);
    const badSource = await create({ email: 'd@example.com', source: 'carrier pigeon' });
    expect(badSource.json().error.fields.source).toBe(CONTACT_MESSAGES.sourceInvalid);
  });

  it('takes tags only from the configured list, each once', async () => {
    const unknown = await create({ email: 'e@example.com', tags: ['vip', 'nope', 'gone'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.tags).toBe('Unknown tags: nope, gone. Choose tags from the Tags list.');
    const twice = await create({ email: 'e@example.com', tags: ['vip', 'vip'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.tags).toBe(CONTACT_MESSAGES.tagRepeated);
    expect(await app.t.db.select().from(contacts)).toHaveLength(0);

    const created = (await create({ email: 'e@example.com', tags: ['vip'] })).json().contact;
    const edit = await api('PUT', `/api/contacts/${created.id}`, { email: 'e@example.com', tags: ['vip', 'unknown'] });
    expect(edit.json().error.fields.tags).toBe('Unknown tag: unknown. Choose tags from the Tags list.');
    expect((await getContactById(app.t.db, created.id))!.tags).toEqual(['vip']);
  });

  it('accepts linkedin only as a web address, adding https:// when it is missing', async () => {
    const bare = await create({ email: 'l1@example.com', linkedin: 'linkedin.com/in/someone' });
    expect(bare.json().contact.linkedin).toBe('https://linkedin.com/in/someone');
    for (const linkedin of ['javascript:alert(1)', 'not a url', 'ftp://linkedin.com/in/x']) {
      const res = await create({ email: 'l2@example.com', linkedin });
      expect(res.statusCode, linkedin).toBe(400);
      expect(res.json().error.fields.linkedin).toBe(CONTACT_MESSAGES.linkedinInvalid);
    }
  });

  it('edits every field, keeps url_parameters and kit_id, and sets updated_at', async () => {
    const [row] = await app.t.db
      .insert(contacts)
      .values({ email: 'lp@example.com', source: 'landing_page', url_parameters: { utm_source: 'newsletter' }, kit_id: 42, updated_at: new Date('2024-01-01') })
      .returning();
    const res = await api('PUT', `/api/contacts/${row!.id}`, {
      email: 'LP2@example.com',
      first_name: 'Lara',
      phone: '',
      status: 'prospect',
      source: 'referral',
      tags: ['newsletter'],
      url_parameters: {},
      kit_id: null,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().contact;
    expect(saved).toMatchObject({
      email: 'lp2@example.com',
      first_name: 'Lara',
      phone: null,
      status: 'prospect',
      source: 'referral',
      tags: ['newsletter'],
      url_parameters: { utm_source: 'newsletter' },
      kit_id: 42,
    });
    expect(new Date(saved.updated_at).getTime()).toBeGreaterThan(new Date('2024-01-02').getTime());
  });

  it('deletes by id, and answers 404 "Contact not found" for unknown ids, 400 for what is no id', async () => {
    const { id } = (await create({ email: 'bye@example.com' })).json().contact;
    expect((await api('DELETE', `/api/contacts/${id}`)).statusCode).toBe(204);
    for (const [method, payload] of [['GET'], ['DELETE'], ['PUT', { email: 'x@example.com' }]] as const) {
      const res = await api(method, `/api/contacts/${id}`, payload);
      expect(res.statusCode, `${method} ${id}`).toBe(404);
      expect(res.json().error.message).toBe(CONTACT_MESSAGES.notFound);
      const malformed = await api(method, '/api/contacts/not-a-uuid', payload);
      expect(malformed.statusCode, `${method} not-a-uuid`).toBe(400);
      expect(malformed.json().error.fields).toEqual({ id: 'Not a contact id' });
    }
  });

  it('lets other features read a contact and record its Kit id', async () => {
    const { id } = (await create({ email: 'kit@example.com' })).json().contact;
    expect((await setContactKitId(app.t.db, id, 123456))!.kit_id).toBe(123456);
    expect((await getContactById(app.t.db, id))!.kit_id).toBe(123456);
    expect((await setContactKitId(app.t.db, id, null))!.kit_id).toBeNull();
    expect(await setContactKitId(app.t.db, '00000000-0000-4000-8000-000000000000', 1)).toBeUndefined();
  });
});

describe('contact stats', () => {
  it('counts all contacts, customers and prospects', async () => {
    await app.t.db.insert(contacts).values([
      { email: 'a@example.com', status: 'customer' },
      { email: 'b@example.com', status: 'customer' },
      { email: 'c@example.com', status: 'prospect' },
      { email: 'd@example.com' },
    ]);
    const res = await api('GET', '/api/contacts/stats');
    expect(res.json()).toEqual({ total: 4, customers: 2, prospects: 1 });
  });
});

describe('the contacts list', () => {
  const day = 86_400_000;
  const base = Date.UTC(2025, 5, 1);
  async function seedList() {
    await app.t.db.insert(contacts).values([
      { email: 'anna.schmidt@example.com', first_name: 'Anna', last_name: 'Schmidt', status: 'customer', source: 'webinar_signup', tags: ['vip'], created_at: new Date(base + 5 * day) },
      { email: 'ben@example.com', full_name: 'Ben Schmidt-Meyer', status: 'lead', source: 'landing_page', tags: ['newsletter'], created_at: new Date(base + 4 * day) },
      { email: 'carla@firma.de', first_name: 'Carla', last_name: 'Weber', status: 'prospect', source: 'manual', tags: ['vip', 'newsletter'], created_at: new Date(base + 3 * day) },
      { email: 'dieter_100%@firma.de', first_name: 'Dieter', status: 'customer', source: 'landing_page', tags: [], created_at: new Date(base + 2 * day) },
      { email: 'eva@example.com', last_name: 'Anders', status: 'lead', source: 'manual', tags: ['vip'], created_at: new Date(base + 1 * day) },
    ]);
  }
  const list = async (query: string) => {
    const res = await api('GET', `/api/contacts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContactListResponse;
  };
  const emails = (body: { contacts: ContactDto[] }) => body.contacts.map((c) => c.email);

  it('lists newest first with the total', async () => {
    await seedList();
    const body = await list('');
    expect(emails(body)).toEqual(['anna.schmidt@example.com', 'ben@example.com', 'carla@firma.de', 'dieter_100%@firma.de', 'eva@example.com']);
    expect(body.total).toBe(5);
    expect(body.total_capped).toBe(false);
    expect(body.next_cursor).toBeNull();
  });

  it('searches email, first, last and full name, ignoring case, with every word required', async () => {
    await seedList();
    expect(emails(await list('search=SCHMIDT'))).toEqual(['anna.schmidt@example.com', 'ben@example.com']);
    expect(emails(await list('search=weber'))).toEqual(['carla@firma.de']);
    expect(emails(await list('search=anders'))).toEqual(['eva@example.com']);
    expect(emails(await list('search=firma.de'))).toEqual(['carla@firma.de', 'dieter_100%@firma.de']);
    expect(emails(await list('search=anna%20schmidt'))).toEqual(['anna.schmidt@example.com']);
    expect(emails(await list('search=schmidt%20meyer'))).toEqual(['ben@example.com']);
    // LIKE wildcards in the search are plain characters.
    expect(emails(await list('search=100%25'))).toEqual(['dieter_100%@firma.de']);
    expect(emails(await list('search=r_1'))).toEqual(['dieter_100%@firma.de']);
    // One or two letters match the start of the email or a name, not the middle.
    expect(emails(await list('search=an'))).toEqual(['anna.schmidt@example.com', 'eva@example.com']);
    expect(emails(await list('search=AN'))).toEqual(['anna.schmidt@example.com', 'eva@example.com']);
    expect(emails(await list('search=be'))).toEqual(['ben@example.com']); // not Weber
    expect(emails(await list('search=d_'))).toEqual([]); // '_' is a plain character here too
    expect(emails(await list('search=di%20firma'))).toEqual(['dieter_100%@firma.de']);
    const none = await list('search=zzz');
    expect(none).toEqual({ contacts: [], total: 0, total_capped: false, next_cursor: null });
  });

  it('combines status, source and tag filters with the search', async () => {
    await seedList();
    expect(emails(await list('status=customer'))).toEqual(['anna.schmidt@example.com', 'dieter_100%@firma.de']);
    expect(emails(await list('source=landing_page'))).toEqual(['ben@example.com', 'dieter_100%@firma.de']);
    expect(emails(await list('tag=vip'))).toEqual(['anna.schmidt@example.com', 'carla@firma.de', 'eva@example.com']);
    expect(emails(await list('tag=vip&status=lead'))).toEqual(['eva@example.com']);
    const combined = await list('search=schmidt&tag=newsletter&source=landing_page&status=lead');
    expect(emails(combined)).toEqual(['ben@example.com']);
    expect(combined.total).toBe(1);
    expect((await list('search=example&status=customer')).total).toBe(1);
    // Empty parameters are no filter.
    expect((await list('search=&status=&source=&tag=')).total).toBe(5);
    expect((await api('GET', '/api/contacts?status=vip')).statusCode).toBe(400);
  });

  it('sorts by email, name, status and source, both ways', async () => {
    await seedList();
    expect(emails(await list('sort=email'))).toEqual(['anna.schmidt@example.com', 'ben@example.com', 'carla@firma.de', 'dieter_100%@firma.de', 'eva@example.com']);
    expect(emails(await list('sort=email&order=desc'))[0]).toBe('eva@example.com');
    // Name: full name, else first and last name, else the email.
    expect(emails(await list('sort=name'))).toEqual(['eva@example.com', 'anna.schmidt@example.com', 'ben@example.com', 'carla@firma.de', 'dieter_100%@firma.de']);
    // Status in pipeline order, newest first within one status.
    expect(emails(await list('sort=status'))).toEqual(['ben@example.com', 'eva@example.com', 'carla@firma.de', 'anna.schmidt@example.com', 'dieter_100%@firma.de']);
    expect(emails(await list('sort=status&order=desc'))).toEqual(['dieter_100%@firma.de', 'anna.schmidt@example.com', 'carla@firma.de', 'eva@example.com', 'ben@example.com']);
    expect(emails(await list('sort=source'))).toEqual(['carla@firma.de', 'eva@example.com', 'ben@example.com', 'dieter_100%@firma.de', 'anna.schmidt@example.com']);
    expect(emails(await list('sort=created_at&order=asc'))[0]).toBe('eva@example.com');
  });

  it('pages through every row exactly once, in every sort, even with equal sort values', async () => {
    // 57 contacts sharing a few timestamps, statuses and names: ties must not lose or repeat rows.
    const sameTime = new Date('2025-03-01T10:00:00.123456Z');
    await app.t.db.insert(contacts).values(
      Array.from({ length: 57 }, (_, i) => ({
        email: `p${String(i).padStart(2, '0')}@example.com`,
        first_name: i % 3 === 0 ? 'Same' : `Name${i % 7}`,
        status: (['lead', 'prospect', 'customer'] as const)[i % 3],
        source: (['manual', 'referral'] as const)[i % 2],
        tags: i % 2 ? ['vip'] : [],
        created_at: i % 4 === 0 ? sameTime : new Date(base + (i % 9) * 1000),
      })),
    );
    for (const query of ['', 'sort=created_at&order=asc', 'sort=email', 'sort=name', 'sort=name&order=desc', 'sort=status', 'sort=source&order=desc', 'tag=vip', 'search=example&sort=status']) {
      const whole = await list(`${query}&limit=200`);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`${query}&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        // The total comes with the first page; later pages skip the count.
        expect(page.total).toBe(cursor ? null : whole.total);
        seen.push(...emails(page));
        cursor = page.next_cursor;
        pages++;
      } while (cursor && pages < 20); // bounded: a cursor that never advances must fail, not hang
      expect(seen, query).toEqual(emails(whole));
      expect(new Set(seen).size).toBe(whole.contacts.length);
      expect(pages).toBe(Math.ceil(whole.contacts.length / 10));
    }
  });

  it('keeps paging correctly when rows are added before the cursor', async () => {
    await seedList();
    const first = await list('limit=2');
    await app.t.db.insert(contacts).values({ email: 'newest@example.com', created_at: new Date(base + 10 * day) });
    const second = await list(`limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(emails(second)).toEqual(['carla@firma.de', 'dieter_100%@firma.de']);
  });

  it('refuses a cursor of another sort or a tampered one', async () => {
    await seedList();
    const { next_cursor } = await list('limit=2');
    const other = await api('GET', `/api/contacts?sort=email&cursor=${encodeURIComponent(next_cursor!)}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('invalid_cursor');
    const forged = Buffer.from(JSON.stringify(['created_at', 'desc', "2025'; drop table contacts", 'x'])).toString('base64url');
    expect((await api('GET', `/api/contacts?cursor=${forged}`)).statusCode).toBe(400);
    expect((await api('GET', '/api/contacts?cursor=%%%')).statusCode).toBe(400);
  });

  it('limits the page size', async () => {
    await seedList();
    const page = await list('limit=2');
    expect(page.contacts).toHaveLength(2);
    expect(page.total).toBe(5);
    expect((await api('GET', '/api/contacts?limit=201')).statusCode).toBe(400);
    expect((await api('GET', '/api/contacts?limit=0')).statusCode).toBe(400);
  });

  it('counts matches of very short search terms only up to the cap', async () => {
    await app.t.db.insert(contacts).values(Array.from({ length: 1005 }, (_, i) => ({ email: `x${i}@example.com` })));
    const short = await list('search=x1&limit=5');
    expect(short.total).toBe(116); // x1, x10-x19, x100-x199, x1000-x1004
    expect(short.total_capped).toBe(false);
    const everyRow = await list('search=x&limit=5');
    expect(everyRow).toMatchObject({ total: 1000, total_capped: true });
    expect(everyRow.contacts).toHaveLength(5);
    expect((await list('search=example&limit=5')).total).toBe(1005);
  });
});
