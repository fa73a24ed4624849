import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { CONTACT_EXPORT_COLUMNS } from '../../shared/contacts/csv.ts';
import { contacts, tags } from '../db/schema.ts';

const app = signedInApp();
beforeEach(async () => {
  await app.t.db.delete(contacts);
  await app.t.db.delete(tags);
});

const exportCsv = async (query = '') => {
  const res = await app.t.as(app.cookie, { method: 'GET', url: `/api/contacts/export.csv${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const parse = (body: string) => Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true });

describe('CSV export', () => {
  it('downloads every column with proper escaping of commas, quotes, newlines and formulas', async () => {
    const created = new Date('2025-04-01T08:30:00.000Z');
    await app.t.db.insert(contacts).values({
      email: 'tricky@example.com',
      first_name: 'Anne, "Annie"',
      last_name: 'Müller-Lüdenscheidt',
      full_name: 'Anne\nMüller',
      phone: '+49 30 123456',
      address: 'Line 1\r\nLine 2; Apt "3"',
      country: '=HYPERLINK("http://evil.example")',
      linkedin: 'https://www.linkedin.com/in/anne',
      source: 'referral',
      status: 'customer',
      tags: ['vip', 'newsletter'],
      kit_id: 123456789,
      created_at: created,
    });
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\ufeffemail,first_name,last_name,full_name,phone,address,country,linkedin,source,status,tags,kit_id,created_at\r\n')).toBe(true);
    expect(res.body).toContain('"Anne, ""Annie"""');

    const parsed = parse(res.body);
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CONTACT_EXPORT_COLUMNS]);
    expect(parsed.data).toEqual([
      {
        email: 'tricky@example.com',
        first_name: 'Anne, "Annie"',
        last_name: 'Müller-Lüdenscheidt',
        full_name: 'Anne\nMüller',
        phone: '+49 30 123456', // a phone number is not a formula
        address: 'Line 1\r\nLine 2; Apt "3"',
        country: `'=HYPERLINK("http://evil.example")`, // a spreadsheet shows it as text instead of running it
        linkedin: 'https://www.linkedin.com/in/anne',
        source: 'referral',
        status: 'customer',
        tags: 'vip;newsletter',
        kit_id: '123456789',
        created_at: '2025-04-01T08:30:00.000Z',
      },
    ]);
  });

  it('exports exactly the filtered and searched view, in its order, across batches', async () => {
    const base = Date.UTC(2025, 0, 1);
    await app.t.db.insert(contacts).values(
      Array.from({ length: 2345 }, (_, i) => ({
        email: `c${String(i).padStart(4, '0')}@${i % 2 ? 'firma.de' : 'example.com'}`,
        status: i % 5 === 0 ? ('customer' as const) : ('lead' as const),
        tags: i % 3 === 0 ? ['vip'] : [],
        created_at: new Date(base + (i % 700) * 60_000),
      })),
    );
    const all = parse((await exportCsv()).body).data;
    expect(all).toHaveLength(2345);
    const listed = await app.t.as(app.cookie, { method: 'GET', url: '/api/contacts?limit=200' });
    expect(all.slice(0, 200).map((r) => r.email)).toEqual(listed.json().contacts.map((c: { email: string }) => c.email));
    expect(new Set(all.map((r) => r.email)).size).toBe(2345);

    const filtered = parse((await exportCsv('?search=firma&status=lead&tag=vip&sort=email&order=desc')).body).data;
    const expected = all
      .map((r) => r.email!)
      .filter((email) => {
        const i = Number(email.slice(1, 5));
        return i % 2 === 1 && i % 5 !== 0 && i % 3 === 0;
      })
      .sort()
      .reverse();
    expect(filtered.map((r) => r.email)).toEqual(expected);
    expect(filtered.every((r) => r.status === 'lead' && r.tags === 'vip')).toBe(true);
  });

  it('exports just the header for an empty view', async () => {
    const res = await exportCsv('?search=nobody');
    expect(res.body).toBe(`\ufeff${CONTACT_EXPORT_COLUMNS.join(',')}\r\n`);
  });
});
