import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartBody, photo } from '../../src/server/images/test-images.ts';
import { CONTACT_LIST_MESSAGES } from '../../src/shared/contacts/list.ts';
import { KIT_MESSAGES } from '../../src/shared/kit/messages.ts';
import { TEXT_MESSAGES } from '../../src/shared/text/characters.ts';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { LP_SIGNUP_CONSENT, signupConsent } from '../helpers/signup-consent.ts';

/**
 * Fuzzes every registered /api route: NUL and the other control characters, lone surrogates,
 * huge strings and wrong types go into each body field (found in the route's zod schema and in a
 * valid sample body, so the other fields stay valid and the value reaches the handler), each query
 * parameter and each path parameter. No answer may be a 5xx; a text field refuses NUL and lone
 * surrogates with a 400 and the field's message. A new route needs a sample below, or this fails.
 *
 * A second walk tampers with what a browser hands back: cursors and other query values (impossible
 * dates, NUL, huge numbers, broken and garbage base64) and every route's path parameters written
 * the ways a URL can carry them (encoded UTF-8, an encoded slash, emoji, overlong and broken
 * escapes), each sent as JSON, as a plain form post and as multipart, whichever the route accepts.
 */

const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = 'x\ud800y';
const BODY_VALUES: unknown[] = [
  NUL_TEXT,
  '\u0000',
  '\u0001\u0002\u0003\u001f',
  '\u001b[31mred',
  '\u007f',
  'c1\u0085',
  'line\nbreak',
  'cr\rlf',
  'tab\there',
  '\ufeffbom',
  LONE_SURROGATE,
  '\udfff',
  '\udc00\ud800',
  'x'.repeat(100_000),
  42,
  -1,
  1e308,
  true,
  null,
  [],
  ['a\u0000'],
  {},
  { nested: '\u0000' },
];
// Query and path values go in percent-encoded, as a browser or attacker would send them.
const QUERY_VALUES = ['%00', 'a%00b', '%01%02', '%1B%5B31m', '%7F', '%C2%85', '%0A', '%ED%A0%80', '%FF', '%E2%80%AE', 'x'.repeat(5000), '-1', '1e400', 'abc'];
const PARAM_VALUES = ['%00', 'a%00b', '%01', '%ED%A0%80', '%FF', '%C0%AF', '%E2%80%AE', 'x'.repeat(2000)];
const WHOLE_BODIES: Array<Pick<InjectOptions, 'payload' | 'headers'>> = [
  { payload: '"just a string"', headers: { 'content-type': 'application/json' } },
  { payload: '[1,2]', headers: { 'content-type': 'application/json' } },
  { payload: 'null', headers: { 'content-type': 'application/json' } },
  { payload: '{"a":', headers: { 'content-type': 'application/json' } },
  { payload: '{"a":"\\u0000"}', headers: { 'content-type': 'application/json' } },
  { payload: 'x\u0000y', headers: { 'content-type': 'text/plain' } },
];

/** Fields whose text is never stored nor shown, so any character is theirs to hold. */
const FREE_TEXT_FIELDS: Record<string, string> = {
  password: 'a password may hold any character; only its hash is stored',
  current_password: 'compared with the stored hash, never stored',
  password_confirmation: 'compared with the password, never stored',
  token: 'compared by its hash, never stored',
  website: 'the honeypot: any value gets the answer of a real sign-up',
};

/** Opaque tokens the server wrote (page cursors): refused whole, with their own message, whatever is wrong with them. */
const OPAQUE_TOKENS: Record<string, string> = {
  'GET /api/contacts cursor': CONTACT_LIST_MESSAGES.invalidCursor,
  'GET /api/kit/subscribers after': KIT_MESSAGES.invalidCursor,
  'GET /api/kit/subscribers before': KIT_MESSAGES.invalidCursor,
};

let kit: FakeKit;
let t: TestApp;
let webDir: string;
let contactId: string;
let tagId: string;
let eventId: string;
let pageId: string;
let versionId: string;
let address = 0;
const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;

const calendarEvent = {
  title: 'Fuzz webinar',
  start_date: '2026-09-28',
  start_time: '11:00',
  end_date: '2026-09-28',
  end_time: '12:00',
  timezone: 'Europe/Berlin',
  description: 'Line one\nline two',
  location: 'Online',
  guests: 'a@example.com, b@example.com',
  organizer_name: 'Owner',
  organizer_email: 'owner@example.com',
  reminder_enabled: true,
  reminder_minutes: 30,
  recurrence_enabled: true,
  recurrence_frequency: 'WEEKLY',
  recurrence_interval: 1,
  recurrence_count: 3,
  recurrence_until: '2026-12-31',
  source_website: 'https://coach.example',
  source_name: 'Newsletter',
};

/** A valid body per route ("METHOD url"): fuzzing one field leaves the others valid. */
const sampleBodies = (): Record<string, unknown> => ({
  'POST /api/auth/login': { email: 'fuzz@example.com', password: TEST_PASSWORD },
  'POST /api/auth/setup/check': { token: 'no-such-token' },
  'POST /api/auth/setup': { token: 'no-such-token', email: 'admin@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
  'PUT /api/kit/settings': { api_key: kit.apiKey },
  'POST /api/kit/test-connection': { api_key: kit.apiKey },
  'POST /api/kit/tag-links': { create_missing: false, tag_ids: [tagId] },
  'POST /api/kit/contacts/:id/sync': { tag_names: ['via_mycrm'] },
  'POST /api/kit/sync-batches': { selection: { kind: 'matching', filters: { search: 'Fuzz', tag: 'fuzz-tag' } }, tag_names: ['via_mycrm'] },
  'POST /api/kit/sync-batches/preview': { selection: { kind: 'matching', filters: { search: 'Fuzz', tag: 'fuzz-tag' } } },
  'POST /api/contacts/bulk-jobs': { action: 'tag', tag: 'fuzz-tag', selection: { kind: 'matching', filters: { search: 'Fuzz', tag: 'fuzz-tag' } } },
  'POST /api/contacts/export-selection.csv': { selection: { kind: 'matching', filters: { search: 'Fuzz' } }, sort: 'name', order: 'asc' },
  'POST /api/privacy/consent-records.csv': { selection: { kind: 'matching', filters: { search: 'Fuzz' } } },
  'PUT /api/privacy/retention': { unconfirmed_days: 30, page_view_months: 24, job_history_days: null },
  'POST /api/contacts/import': {
    rows: [{ Email: 'imported@example.com', Name: 'Imported Person', Tags: 'fuzz-tag', Address: 'Street 1' }],
    mapping: { email: 'Email', full_name: 'Name', tags: 'Tags', address: 'Address' },
    on_duplicate: 'update',
    on_erased: 'skip',
  },
  'POST /api/contacts/import/erased': { emails: ['imported@example.com', 'someone@example.com'] },
  'POST /api/kit/import': { include_erased: false },
  'POST /api/contacts': { email: 'created@example.com', first_name: 'Cre', last_name: 'Ated', full_name: 'Cre Ated', phone: '+49 30 1', address: 'Street 1', country: 'DE', linkedin: 'https://www.linkedin.com/in/x', source: 'manual', status: 'lead', tags: ['fuzz-tag'] },
  'PUT /api/contacts/:id': { email: 'fuzzed@example.com', full_name: 'Fuzzed Person', phone: '+1 555 0100', address: 'Street 2', tags: ['fuzz-tag'] },
  'POST /api/tags': { name: 'another-tag', description: 'About it', color: '#123456', kit_tag_name: 'kit-name', kit_tag_id: 5 },
  'PUT /api/tags/:id': { name: 'fuzz-tag', description: 'Still the fuzz tag', color: '#654321' },
  'PUT /api/leads/campaign-tags/:campaign': { tag_id: tagId },
  'POST /api/calendar/events': calendarEvent,
  'PUT /api/calendar/events/:eventId': calendarEvent,
  'POST /api/public/leads/:campaign': { full_name: 'Lead Person', email: 'lead@example.com', phone: '+1 555 0101', url_parameters: { utm_source: 'fuzz' }, page: '/learning-ecosystem-webinar', ...signupConsent() },
  'POST /api/auth/password': { current_password: TEST_PASSWORD, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
  'POST /api/users/invites': { email: 'invited@example.com' },
  'POST /api/auth/invite/check': { token: 'no-such-token' },
  'POST /api/auth/invite/accept': { token: 'no-such-token', password: 'a new long passphrase', password_confirmation: 'a new long passphrase' },
  'POST /api/landing-pages': { title: 'Fuzz page', slug: 'fuzz-page', content: '<h1>Fuzz</h1>', page_type: 'html', is_active: true },
  'PUT /api/landing-pages/:id': { title: 'Fuzz page', slug: 'fuzz-page-edited', content: '[]', page_type: 'builder', is_active: false, base_version: 1 },
  'PUT /api/landing-pages/:id/content': { content: '[]', base_version: 1 },
  'PATCH /api/landing-pages/:id': { is_active: false },
  'POST /api/landing-pages/builder': { content: '[]' },
  'POST /api/landing-pages/:id/ab-test': { split_percent: 50 },
  'PATCH /api/landing-pages/:id/ab-test': { split_percent: 30 },
  'POST /api/landing-pages/:id/ab-test/end': { keep: 'a' },
  'POST /api/landing-pages/css': { classes: ['p-4', 'text-primary-700', 'not-a-class'] },
  // A documentation address (TEST-NET-1): refused by the fetch guard before any connection, so nothing leaves the machine.
  'POST /api/landing-pages/convert-url': { url: 'http://192.0.2.1/page' },
  'POST /api/public/lp/:slug/leads': { fields: { email: 'lp.lead@example.com', full_name: 'Page Lead', linkedin: 'https://linkedin.com/in/x', ...LP_SIGNUP_CONSENT }, url_parameters: { utm_source: 'fuzz' } },
  'PATCH /api/images/:id': { tags: ['fuzz'] },
  'POST /api/privacy/statements/:kind': { text_en: 'Yes, fuzz me by email.', text_de: 'Ja, schreibt mir.' },
  'PUT /api/privacy/signup-forms': { source: 'webinar', kit_form: { id: 1001, name: 'Fuzz form' } },
  'POST /api/images/delete': { ids: [randomUUID()], force: false },
});

/** A valid query per route with a query schema. */
const sampleQueries = (): Record<string, Record<string, string>> => ({
  'GET /api/kit/subscribers': { per_page: '10', email: 'a@example.com', status: 'all' },
  'GET /api/kit/sync-state': { contact_ids: contactId },
  'GET /api/contacts': { search: 'fuzz', tag: 'fuzz-tag', status: 'lead', source: 'manual', sort: 'email', order: 'asc', limit: '10' },
  'GET /api/contacts/:id/events': { limit: '10', before: '1' },
  'GET /api/contacts/export.csv': { search: 'fuzz', tag: 'fuzz-tag', status: 'lead', sort: 'name' },
  'GET /api/tags': { search: 'fuzz' },
  'GET /api/calendar/events': { q: 'fuzz', limit: '5', offset: '0' },
  'GET /api/landing-pages': { search: 'fuzz' },
  'GET /api/landing-pages/slug-check': { slug: 'fuzz-page', exclude_id: pageId },
  'GET /api/images': { search: 'fuzz', filter: 'recent', sort: 'name', page: '1', page_size: '10' },
  'GET /api/images/usage': { ids: randomUUID() },
  'DELETE /api/images/:id': { force: 'false' },
  'GET /api/public/images/:file': { w: '480' },
});

/** A value for each path parameter that names something that exists. */
const sampleParam = (url: string, name: string): string | undefined => {
  if (name === 'id') {
    if (url.includes('sync-batches') || url.startsWith('/api/users') || url.startsWith('/api/images')) return randomUUID();
    return url.startsWith('/api/tags') ? tagId : url.startsWith('/api/landing-pages') ? pageId : contactId;
  }
  if (name === 'eventId') return eventId;
  if (name === 'versionId') return versionId;
  if (name === 'campaign') return 'webinar';
  if (name === 'submissionId') return randomUUID();
  if (name === 'slug') return 'fuzzed-page';
  if (name === 'file') return 'no-such-image.webp';
  if (name === 'kind') return 'webinar';
  // A Kit webhook endpoint's token of the shape the server makes (none is registered: the answer is 404).
  if (name === 'token') return 'A'.repeat(32);
  // A backup's name in the one shape the server makes (none exists: the answer is 404).
  if (name === 'name') return 'mycrm-backup-2026-01-01T00-00-00-000Z.mycrm-backup';
  return undefined;
};

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 100_000, windowMs: 1_000 } });
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-fuzz-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp(
    {
      KIT_API_BASE: kit.url,
      KIT_RATE_LIMIT: '100000',
      KIT_RATE_WINDOW_MS: '1000',
      MYCRM_SECRET_KEY: randomBytes(32).toString('base64'),
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_MAX_PER_IP: '1000000',
      LOGIN_MAX_PER_EMAIL_IP: '1000000',
      LOGIN_MAX_PER_EMAIL: '1000000',
    },
    { webDir },
  );
  const cookie = await t.signIn();
  const call = (options: InjectOptions) => t.as(cookie, options);
  expect((await call({ method: 'PUT', url: '/api/kit/settings', payload: { api_key: kit.apiKey } })).statusCode).toBe(200);
  tagId = (await call({ method: 'POST', url: '/api/tags', payload: { name: 'fuzz-tag' } })).json().tag.id;
  contactId = (await call({ method: 'POST', url: '/api/contacts', payload: { email: 'fuzz.contact@example.com', tags: ['fuzz-tag'] } })).json().contact.id;
  eventId = (await call({ method: 'POST', url: '/api/calendar/events', payload: calendarEvent })).json().eventId;
  pageId = (await call({ method: 'POST', url: '/api/landing-pages', payload: { title: 'Fuzzed', slug: 'fuzzed-page', content: '[]' } })).json().page.id;
  versionId = (await call({ method: 'GET', url: `/api/landing-pages/${pageId}/versions` })).json().versions[0].id;
  expect([tagId, contactId, eventId, pageId, versionId].every(Boolean)).toBe(true);
});
afterAll(async () => {
  await t.close();
  await kit.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

// ---- reading the routes' zod schemas -------------------------------------------------------

/** The schema under optional/nullable/default wrappers and pipes (a pipe's input is what a client sends). */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let s = schema; ; ) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault || s instanceof z.ZodPrefault) s = s.def.innerType as z.ZodType;
    else if (s instanceof z.ZodPipe) s = (s.def.in instanceof z.ZodTransform ? s.def.out : s.def.in) as z.ZodType;
    else return s;
  }
}

type Path = Array<string | number>;

/** Every field path a schema declares: object fields, nested objects, and the first element of arrays. */
function schemaPaths(schema: z.ZodType, prefix: Path = []): Path[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => [[...prefix, key], ...schemaPaths(field, [...prefix, key])]);
  }
  if (inner instanceof z.ZodArray) return [[...prefix, 0], ...schemaPaths(inner.def.element as z.ZodType, [...prefix, 0])];
  return [];
}

/** Every path inside a sample value (catches what a schema leaves open, such as the import's rows). */
function samplePaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...samplePaths(item, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...samplePaths(item, [...prefix, key])]);
  return [];
}

/** The top-level fields that are plain text: they must refuse NUL and lone surrogates by name. */
function textFields(schema: z.ZodType | undefined): string[] {
  const inner = schema && unwrap(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>)
    .filter(([key, field]) => unwrap(field) instanceof z.ZodString && !(key in FREE_TEXT_FIELDS))
    .map(([key]) => key);
}

function withValueAt(base: unknown, at: Path, value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let node = copy;
  at.forEach((key, i) => {
    if (i === at.length - 1) node[key] = value;
    else {
      const next = node[key];
      node[key] = next && typeof next === 'object' ? next : typeof at[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  });
  return copy;
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

// ---- the walk -----------------------------------------------------------------------------

const apiRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    // Routes that end the session, or remove what the others use, go last.
    .sort((a, b) => Number(a.method === 'DELETE' || a.url === '/api/auth/logout') - Number(b.method === 'DELETE' || b.url === '/api/auth/logout'));

describe('control characters, broken characters, huge strings and wrong types', () => {
  it('has a valid sample for every route that takes a body, a query or path parameters', () => {
    const bodies = sampleBodies();
    const queries = sampleQueries();
    const missing = apiRoutes().flatMap((route) => [
      ...(route.schema?.body && !(key(route) in bodies) ? [`body of ${key(route)}`] : []),
      ...(route.schema?.querystring && !(key(route) in queries) ? [`query of ${key(route)}`] : []),
      ...[...route.url.matchAll(/:(\w+)/g)].filter(([, name]) => !sampleParam(route.url, name!)).map(([, name]) => `:${name} of ${key(route)}`),
    ]);
    expect(missing, 'add samples to this file for').toEqual([]);
  });

  it('never make a route answer 5xx, and text fields refuse them with a 400 naming the field', async () => {
    const bodies = sampleBodies();
    const queries = sampleQueries();
    const serverErrors: string[] = [];
    const unclear: string[] = [];
    let requests = 0;

    for (const route of apiRoutes()) {
      const cookie = await t.signIn();
      const sampleUrl = route.url.replace(/:(\w+)/g, (_, name: string) => sampleParam(route.url, name)!);
      const sampleQuery = queries[key(route)];
      const urlWith = (query?: Record<string, string>) => (query ? `${sampleUrl}?${queryString(query)}` : sampleUrl);
      const body = bodies[key(route)];
      const send = async (what: string, options: Omit<InjectOptions, 'method'>) => {
        requests++;
        try {
          const res = await t.as(cookie, { method: route.method as InjectOptions['method'], remoteAddress: nextAddress(), ...options });
          if (res.statusCode >= 500) serverErrors.push(`${key(route)} ${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          return res;
        } catch (error) {
          // The server dropped the response (a crash while writing it): as bad as a 5xx.
          serverErrors.push(`${key(route)} ${what} → no answer: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        }
      };

      // The sample itself passes validation, so fuzzing one field reaches the handler.
      if (body !== undefined || sampleQuery) {
        const base = await send('sample', { url: urlWith(sampleQuery), payload: body as InjectOptions['payload'] });
        expect(base?.statusCode, `the sample of ${key(route)} is refused: ${base?.body}`).not.toBe(400);
      }

      if (route.schema?.body) {
        const schema = route.schema.body as z.ZodType;
        const paths = [...schemaPaths(schema), ...samplePaths(body)];
        const unique = [...new Map(paths.map((p) => [JSON.stringify(p), p])).values()];
        for (const at of unique) {
          for (const value of BODY_VALUES) await send(`${at.join('.')}=${JSON.stringify(value).slice(0, 40)}`, { url: urlWith(sampleQuery), payload: withValueAt(body, at, value) as InjectOptions['payload'] });
          // A key that is itself hostile, beside the sample's keys at that level.
          await send(`${at.join('.')} (NUL key)`, { url: urlWith(sampleQuery), payload: withValueAt(body, [...at.slice(0, -1), NUL_TEXT], 'x') as InjectOptions['payload'] });
        }
        for (const field of textFields(schema)) {
          for (const [value, message] of [[NUL_TEXT, TEXT_MESSAGES.controlCharacter], [LONE_SURROGATE, TEXT_MESSAGES.brokenCharacter]] as const) {
            const res = await send(`${field} (message)`, { url: urlWith(sampleQuery), payload: withValueAt(body, [field], value) as InjectOptions['payload'] });
            if (res?.statusCode !== 400 || res.json().error?.fields?.[field] !== message) unclear.push(`${key(route)} ${field}=${JSON.stringify(value)} → ${res?.statusCode} ${res?.body.slice(0, 200)}`);
          }
        }
      }
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        for (const whole of WHOLE_BODIES) await send(`body ${String(whole.payload).slice(0, 20)}`, { url: urlWith(sampleQuery), ...whole });
      }

      if (route.schema?.querystring) {
        const names = Object.keys((unwrap(route.schema.querystring as z.ZodType) as z.ZodObject).shape);
        for (const name of names) {
          for (const value of QUERY_VALUES) await send(`?${name}=${value.slice(0, 20)}`, { url: urlWith({ ...sampleQuery, [name]: value }), payload: body as InjectOptions['payload'] });
          await send(`?${name} twice`, { url: `${urlWith(sampleQuery)}&${name}=a&${name}=b`, payload: body as InjectOptions['payload'] });
        }
        for (const field of textFields(route.schema.querystring as z.ZodType)) {
          for (const [value, message] of [['a%00b', TEXT_MESSAGES.controlCharacter], ['x%ED%A0%80', undefined]] as const) {
            const res = await send(`?${field} (message)`, { url: urlWith({ ...sampleQuery, [field]: value }) });
            // Percent-decoding turns an encoded surrogate into U+FFFD, which is text like any other.
            const expected = OPAQUE_TOKENS[`${key(route)} ${field}`] ?? message;
            if (message && (res?.statusCode !== 400 || res.json().error?.fields?.[field] !== expected)) unclear.push(`${key(route)} ?${field}=${value} → ${res?.statusCode} ${res?.body.slice(0, 200)}`);
          }
        }
      } else {
        await send('unexpected query', { url: urlWith({ x: '%00', y: '%ED%A0%80' }), payload: body as InjectOptions['payload'] });
      }

      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        for (const value of PARAM_VALUES) {
          const url = route.url.replace(/:(\w+)/g, (_, each: string) => (each === name ? value : sampleParam(route.url, each)!));
          await send(`:${name}=${value.slice(0, 20)}`, { url: sampleQuery ? `${url}?${queryString(sampleQuery)}` : url, payload: body as InjectOptions['payload'] });
        }
      }
    }

    expect(serverErrors).toEqual([]);
    expect(unclear).toEqual([]);
    expect(requests).toBeGreaterThan(3000);
  }, 600_000);
});

// ---- tampered cursors and encoded path parameters, in every content type ----------------------

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const SOME_UUID = '00000000-0000-4000-8000-000000000000';
/** Query values as a browser hands back an edited cursor or position; each is sent percent-encoded, so it arrives as written. */
const CURSOR_VALUES = [
  base64url(['created_at', 'desc', '2024-02-30T10:00:00.000000Z', SOME_UUID]),
  base64url(['created_at', 'desc', '0000-01-01T00:00:00.000000Z', SOME_UUID]),
  base64url(['status', 'asc', 'lead', '2024-13-45T25:61:61.000000Z', SOME_UUID]),
  base64url(['email', 'asc', 'a\u0000b']),
  base64url(['name', 'asc', '\ud800', SOME_UUID]),
  base64url(['created_at', 'desc', 1e308, -1]),
  base64url('\u0000\u00ff{ garbage'),
  randomBytes(48).toString('base64url'),
  Buffer.from('["email","asc","x"]').toString('base64'),
  'not base64!',
  '====',
  '\u0000',
  '2024-02-30T10:00:00Z',
  '9'.repeat(400),
  '18446744073709551616',
  '-9223372036854775809',
  '1e308',
  '0x7fffffff',
  SOME_UUID.replace('0000', '00\u0000'),
];
/** Path parameters as a URL carries them: as written, never decoded on the way. */
const ENCODED_PARAM_VALUES = ['%C3%A9', '%00', '%2F', 'a%2Fb', '%2F..%2F..%2Fetc%2Fpasswd', '%F0%9F%98%80', '%C0%AF', '%ZZ', '%', '%E2%80%AE', '%0D%0ASet-Cookie:%20x=1', '..', 'x'.repeat(99), 'x'.repeat(500)];
/** Raw form values (written into the body unencoded, so broken escapes arrive broken). */
const FORM_VALUES = ['%00', 'a%00b', '%ZZ', '%C0%AF', '%ED%A0%80', '%0D%0A', 'x'.repeat(70_000)];
const MULTIPART_VALUES = ['a\u0000b', '\u0000', '\ud800', SOME_UUID, 'x'.repeat(300), '\u202Egnp.exe'];

/** A JSON sample as a browser form would post it: nested fields spread to the top, everything else as text. */
function flatFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(flatFields(value))
        : [[name, typeof value === 'string' ? value : JSON.stringify(value)]],
    ),
  );
}
const formBody = (fields: Record<string, string>, raw: Record<string, string> = {}) =>
  [...Object.entries(fields).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`), ...Object.entries(raw).map(([name, value]) => `${encodeURIComponent(name)}=${value}`)].join('&');

describe('tampered cursors and encoded path parameters, sent as JSON, form posts and multipart', () => {
  it('never make any route answer 5xx', async () => {
    const bodies = sampleBodies();
    const queries = sampleQueries();
    const image = await photo(8, 8);
    const serverErrors: string[] = [];
    let requests = 0;
    const routes = t.app.routeTable
      .filter((route) => !route.file)
      .sort((a, b) => Number(a.method === 'DELETE' || a.url === '/api/auth/logout') - Number(b.method === 'DELETE' || b.url === '/api/auth/logout'));

    for (const route of routes) {
      const cookie = await t.signIn();
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const sample = bodies[key(route)];
      const fields = flatFields(sample);
      const send = async (what: string, url: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) => {
        requests++;
        try {
          const res = await t.as(cookie, { method: route.method as InjectOptions['method'], url, remoteAddress: nextAddress(), ...options });
          if (res.statusCode >= 500) serverErrors.push(`${key(route)} ${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        } catch (error) {
          serverErrors.push(`${key(route)} ${what} → no answer: ${error instanceof Error ? error.message : String(error)}`);
        }
      };
      /** The same request in each content type a browser or a script could send. */
      const inEveryType = async (what: string, url: string) => {
        if (!withBody) return send(what, url);
        await send(`${what} (json)`, url, { payload: (sample ?? {}) as InjectOptions['payload'] });
        await send(`${what} (form)`, url, { payload: formBody(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        await send(`${what} (multipart)`, url, multipartBody({ name: 'fuzz.jpg', type: 'image/jpeg', data: image }, fields));
      };
      const urlFor = (param?: string, value?: string) => route.url.replace(/:(\w+)/g, (_, name: string) => (name === param ? value! : sampleParam(route.url, name)!));
      const withQuery = (url: string, query = queries[key(route)]) => (query ? `${url}?${queryString(query)}` : url);

      await inEveryType('sample', withQuery(urlFor()));

      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        for (const value of ENCODED_PARAM_VALUES) await inEveryType(`:${name}=${value.slice(0, 24)}`, withQuery(urlFor(name, value)));
      }

      const query = queries[key(route)];
      for (const name of query ? Object.keys(query) : ['cursor']) {
        for (const value of CURSOR_VALUES) await send(`?${name}=${value.slice(0, 24)}`, withQuery(urlFor(), { ...query, [name]: encodeURIComponent(value) }), withBody ? { payload: (sample ?? {}) as InjectOptions['payload'] } : {});
      }

      if (withBody) {
        const url = withQuery(urlFor());
        for (const field of Object.keys(fields).length ? Object.keys(fields) : ['x']) {
          const others = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field));
          for (const value of FORM_VALUES) {
            await send(`form ${field}=${value.slice(0, 16)}`, url, { payload: formBody(others, { [field]: value }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
          }
          for (const value of MULTIPART_VALUES) {
            await send(`multipart ${field}=${JSON.stringify(value).slice(0, 16)}`, url, multipartBody({ name: 'fuzz.jpg', type: 'image/jpeg', data: image }, { ...others, [field]: value }));
          }
        }
        await send('multipart with a hostile file name', url, multipartBody({ name: 'a\u0000b\u202Egpj.exe', type: 'image/jpeg', data: image }, fields));
        await send('multipart with a page id of no page', url, multipartBody({ name: 'fuzz.jpg', type: 'image/jpeg', data: image }, { ...fields, landing_page_id: randomUUID() }));
        await send('form post cut short', url, { payload: 'email=a%4', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        await send('multipart cut short', url, { payload: '--x\r\nContent-Disposition: form-data; name="file"', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
      }
    }

    if (serverErrors.length) console.error(`5xx answers:\n${serverErrors.join('\n')}`);
    expect(serverErrors).toEqual([]);
    expect(requests).toBeGreaterThan(3000);
  }, 900_000);
});
