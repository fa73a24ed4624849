import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IMAGE_PATHS } from '../../src/shared/images/api.ts';
import { IMAGE_MESSAGES } from '../../src/shared/images/messages.ts';
import { TEXT_MESSAGES } from '../../src/shared/text/characters.ts';
import { uploadedImages } from '../../src/server/db/schema.ts';
import { multipartBody, photo } from '../../src/server/images/test-images.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signupConsent } from '../helpers/signup-consent.ts';

/**
 * Invisible text-direction controls make text read differently from what it is: `invoice\u202Efdp.exe`
 * shows as `invoiceexe.pdf`. Every one-line field refuses all of them with a 400 and the field's
 * message; multi-line text refuses the embeddings and overrides, and keeps the isolates and marks that
 * right-to-left prose needs. The walk reads every registered route's body and query schemas (what
 * Fastify validates), so a new field is covered without being listed; the fields people see most are
 * then sent for real, an uploaded image's file name included.
 */

const EMBEDDINGS_AND_OVERRIDES = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
const ISOLATES_AND_MARKS = ['\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const ALL = [...EMBEDDINGS_AND_OVERRIDES, ...ISOLATES_AND_MARKS];
const name = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const disguised = (c: string) => `invoice${c}fdp.exe`;

/** Never stored nor shown (compared, or hashed), so any character is theirs to hold. */
const FREE_TEXT_FIELDS = new Set(['password', 'current_password', 'password_confirmation', 'token', 'website']);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
  cookie = await t.signIn();
});
afterAll(() => t.close());

// ---- the schema walk ----------------------------------------------------------------------------

function unwrap(schema: z.ZodType): z.ZodType {
  for (let s = schema; ; ) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault || s instanceof z.ZodPrefault) s = s.def.innerType as z.ZodType;
    else if (s instanceof z.ZodPipe) s = (s.def.in instanceof z.ZodTransform ? s.def.out : s.def.in) as z.ZodType;
    else return s;
  }
}

type Path = Array<string | number>;

/** Every path to a string in a schema: object fields, nested objects, the first element of arrays. */
function stringPaths(schema: z.ZodType, prefix: Path = []): Path[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodString) return prefix.length ? [prefix] : [];
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>)
      .filter(([key]) => !FREE_TEXT_FIELDS.has(key))
      .flatMap(([key, field]) => stringPaths(field, [...prefix, key]));
  }
  if (inner instanceof z.ZodArray) return stringPaths(inner.def.element as z.ZodType, [...prefix, 0]);
  return [];
}

function withValueAt(at: Path, value: unknown): unknown {
  const root: Record<string | number, unknown> = {};
  let node = root;
  at.forEach((key, i) => {
    node[key] = i === at.length - 1 ? value : typeof at[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return root;
}

/** The messages the schema gives the field at `at` when it holds `value` (the other fields left out). */
function messagesAt(schema: z.ZodType, at: Path, value: string): string[] {
  const result = schema.safeParse(withValueAt(at, value));
  return (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === at.join('.')).map((issue) => issue.message);
}

describe('every text field of every route', () => {
  it('refuses text-direction controls: all of them in one-line text, embeddings and overrides in multi-line text', () => {
    const wrong: string[] = [];
    const fields = { oneLine: [] as string[], multiLine: [] as string[] };
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring'] as const) {
        const schema = route.schema?.[part] as z.ZodType | undefined;
        if (!schema) continue;
        for (const at of stringPaths(schema)) {
          const field = `${route.method} ${route.url} ${part} ${at.join('.')}`;
          // Text is what refuses control characters by name; a token of its own format (a cursor) refuses
          // anything outside it, which only needs to include these. A one-line field refuses a line break.
          const isText = messagesAt(schema, at, 'a\u0000b').includes(TEXT_MESSAGES.controlCharacter);
          const multiLine = !messagesAt(schema, at, 'line\nbreak').length;
          (multiLine ? fields.multiLine : fields.oneLine).push(field);
          for (const c of ALL) {
            const messages = messagesAt(schema, at, disguised(c));
            const shouldRefuse = !multiLine || EMBEDDINGS_AND_OVERRIDES.includes(c);
            const answer = messages.length ? messages.join('; ') : 'accepted';
            if (shouldRefuse ? !messages.length || (isText && messages[0] !== TEXT_MESSAGES.bidiControl) : messages.includes(TEXT_MESSAGES.bidiControl)) {
              wrong.push(`${field} ${name(c)}: ${answer}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The walk reached the fields people read: names, titles, slugs, tags, and prose that keeps its lines.
    expect(fields.oneLine).toEqual(
      expect.arrayContaining([
        'POST /api/contacts body full_name',
        'POST /api/contacts body first_name',
        'POST /api/contacts body tags.0',
        'POST /api/tags body name',
        'POST /api/landing-pages body title',
        'POST /api/landing-pages body slug',
        'POST /api/calendar/events body title',
        'PATCH /api/images/:id body tags.0',
        'GET /api/contacts querystring search',
      ]),
    );
    expect(fields.multiLine).toEqual(expect.arrayContaining(['POST /api/contacts body address', 'POST /api/calendar/events body description']));
  });
});

// ---- the fields people see most, sent for real ---------------------------------------------

async function expectRefused(method: 'POST' | 'PUT' | 'PATCH', url: string, field: string, payload: (value: string) => object) {
  for (const c of ALL) {
    const res = await t.as(cookie, { method, url, payload: payload(disguised(c)) });
    expect(res.statusCode, `${url} ${field} ${name(c)}: ${res.body}`).toBe(400);
    expect(res.json().error.fields[field], `${url} ${field} ${name(c)}`).toBe(TEXT_MESSAGES.bidiControl);
  }
}

describe('the fields shown to staff', () => {
  it('refuse every text-direction control with a 400 and the message', async () => {
    await expectRefused('POST', '/api/contacts', 'full_name', (v) => ({ email: 'named@example.com', full_name: v }));
    await expectRefused('POST', '/api/contacts', 'first_name', (v) => ({ email: 'named@example.com', first_name: v }));
    await expectRefused('POST', '/api/contacts', 'tags.0', (v) => ({ email: 'tagged@example.com', tags: [v] }));
    await expectRefused('POST', '/api/tags', 'name', (v) => ({ name: v }));
    await expectRefused('POST', '/api/landing-pages', 'title', (v) => ({ title: v, slug: 'a-page', content: '<p>x</p>' }));
    await expectRefused('POST', '/api/landing-pages', 'slug', (v) => ({ title: 'A page', slug: v, content: '<p>x</p>' }));
    const event = { start_date: '2026-09-28', start_time: '11:00', end_date: '2026-09-28', end_time: '12:00', timezone: 'Europe/Berlin' };
    await expectRefused('POST', '/api/calendar/events', 'title', (v) => ({ ...event, title: v }));
  });

  it('refuse an imported row whose name is disguised, naming the reason, and import the others', async () => {
    const rows = [
      { Email: 'plain@example.com', Name: 'Plain Name' },
      ...ALL.map((c, i) => ({ Email: `disguised${i}@example.com`, Name: disguised(c) })),
    ];
    const res = await t.as(cookie, { method: 'POST', url: '/api/contacts/import', payload: { rows, mapping: { email: 'Email', full_name: 'Name' } } });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json().job.report;
    expect(report.created).toBe(1);
    expect(report.invalid.map((r: { row: number }) => r.row)).toEqual(ALL.map((_, i) => i + 2));
    for (const row of report.invalid) expect(row.reason).toContain(TEXT_MESSAGES.bidiControl);
  });

  it('keep right-to-left prose in multi-line text, and refuse an override there too', async () => {
    const address = 'شارع \u2067Main Street\u2069 ١٢\nBerlin \u200f';
    const res = await t.as(cookie, { method: 'POST', url: '/api/contacts', payload: { email: 'rtl@example.com', address } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().contact.address).toBe(address);
    const spoof = await t.as(cookie, { method: 'POST', url: '/api/contacts', payload: { email: 'rtl2@example.com', address: 'Street\u202e1\nBerlin' } });
    expect(spoof.statusCode).toBe(400);
    expect(spoof.json().error.fields.address).toBe(TEXT_MESSAGES.bidiControl);
  });

  it('refuse an uploaded image whose file name is disguised, and keep nothing of it', async () => {
    const data = await photo(40, 30);
    for (const c of ALL) {
      const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, ...multipartBody({ name: `photo${c}gpj.exe`, type: 'image/jpeg', data }) });
      expect(res.statusCode, `${name(c)}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({ message: IMAGE_MESSAGES.fileNameDisguised, fields: { file: IMAGE_MESSAGES.fileNameDisguised } });
    }
    expect(await t.db.select().from(uploadedImages)).toEqual([]);
    // An ordinary right-to-left name is an ordinary name.
    const rtl = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, ...multipartBody({ name: 'صورة.jpg', type: 'image/jpeg', data }) });
    expect(rtl.statusCode, rtl.body).toBe(201);
    expect(rtl.json().image.name).toBe('صورة.jpg');
  });

  it('refuse a public sign-up whose name is disguised', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/leads/webinar',
      payload: { full_name: `Ada${'\u202e'}ecalevoL`, email: 'spoof@example.com', phone: '', url_parameters: {}, page: '/learning-ecosystem-webinar', ...signupConsent() },
    });
    expect(res.statusCode).toBe(400);
  });
});
