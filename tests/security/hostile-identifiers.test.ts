import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIST_MESSAGES } from '../../src/shared/contacts/list.ts';
import { IMAGE_PATHS } from '../../src/shared/images/api.ts';
import { IMAGE_MESSAGES } from '../../src/shared/images/messages.ts';
import { KIT_MESSAGES } from '../../src/shared/kit/messages.ts';
import { uploadedImages } from '../../src/server/db/schema.ts';
import { multipartBody, photo } from '../../src/server/images/test-images.ts';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Cursors and identifiers come back from the browser, where anyone can edit them. Each is checked
 * before it reaches the database: a tampered one gets a 400 that says what is wrong, an id of the
 * right shape that names nothing gets a 404, and nothing answers 500.
 */

let t: TestApp;
let kit: FakeKit;
let cookie: string;
let dataDir: string;
let contactId: string;

beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-hostile-'));
  t = await createTestApp({ DATA_DIR: dataDir, KIT_API_BASE: kit.url, MYCRM_SECRET_KEY: randomBytes(32).toString('base64') });
  cookie = await t.signIn();
  for (let i = 0; i < 3; i++) {
    const res = await get('/api/contacts', 'POST', { email: `person${i}@example.com`, full_name: `Person ${i}` });
    expect(res.statusCode, res.body).toBe(201);
    contactId = res.json().contact.id;
  }
  expect((await get('/api/kit/settings', 'PUT', { api_key: kit.apiKey })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await kit.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function get(url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) {
  return t.as(cookie, { method, url, payload });
}
const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

describe('the contacts list cursor', () => {
  /** Cursors as the server writes them (sort, order, the last row's keys), with the keys tampered. */
  const TAMPERED: Array<[string, string]> = [
    ['an impossible date', `?cursor=${base64url(['created_at', 'desc', '2024-02-30T10:00:00.000000Z', SOME_UUID])}`],
    ['hour 25', `?cursor=${base64url(['created_at', 'desc', '2024-01-01T25:00:00.000000Z', SOME_UUID])}`],
    ['the year 0', `?cursor=${base64url(['created_at', 'desc', '0000-01-01T00:00:00.000000Z', SOME_UUID])}`],
    ['month 13', `?sort=status&cursor=${base64url(['status', 'asc', 'lead', '2024-13-01T00:00:00.000000Z', SOME_UUID])}`],
    ['a NUL in a name key', `?sort=email&cursor=${base64url(['email', 'asc', 'a\u0000b'])}`],
    ['half a surrogate pair', `?sort=name&cursor=${base64url(['name', 'asc', 'x\ud800', SOME_UUID])}`],
    ['a number for a date', `?cursor=${base64url(['created_at', 'desc', 1e308, SOME_UUID])}`],
    ['a huge number written out', `?cursor=${base64url(['created_at', 'desc', '9'.repeat(400), SOME_UUID])}`],
    ['an id that is no uuid', `?cursor=${base64url(['created_at', 'desc', '2024-01-01T00:00:00.000000Z', "1' or '1'='1"])}`],
    ['another sort than the one asked', `?sort=email&cursor=${base64url(['created_at', 'desc', '2024-01-01T00:00:00.000000Z', SOME_UUID])}`],
    ['too many keys', `?cursor=${base64url(['created_at', 'desc', '2024-01-01T00:00:00.000000Z', SOME_UUID, 'x'])}`],
    ['valid base64 of garbage', `?cursor=${base64url('\u0000\u00ff garbage {')}`],
    ['valid base64 of an object', `?cursor=${base64url({ sort: 'email' })}`],
    ['not base64 at all', '?cursor=not%20base64!'],
    ['standard base64 padding', `?cursor=${Buffer.from('["email","asc","a"]').toString('base64')}`],
    ['a NUL byte', '?cursor=%00'],
    ['an overlong UTF-8 slash', '?cursor=%C0%AF'],
    ['a huge cursor', `?cursor=${'A'.repeat(5000)}`],
  ];

  it.each(TAMPERED)('refuses %s with a 400 that asks for a reload', async (_what, query) => {
    const res = await get(`/api/contacts${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toBe(CONTACT_LIST_MESSAGES.invalidCursor);
  });

  it('still pages with the cursors it writes, in every sort', async () => {
    for (const sort of ['created_at', 'email', 'name', 'status', 'source']) {
      const first = await get(`/api/contacts?sort=${sort}&limit=1`);
      const next = await get(`/api/contacts?sort=${sort}&limit=1&cursor=${first.json().next_cursor}`);
      expect(next.statusCode, `${sort}: ${next.body}`).toBe(200);
      expect(next.json().contacts[0].id).not.toBe(first.json().contacts[0].id);
    }
  });
});

describe('the timeline position', () => {
  it.each(['99999999999999999999', '-1', '1e5', '1.5', '%00', 'abc', '%C3%A9', ''])('refuses before=%s with a 400', async (before) => {
    const res = await get(`/api/contacts/${contactId}/events?before=${before}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields?.before).toBeTruthy();
  });

  it('pages with the position it writes', async () => {
    await get(`/api/contacts/${contactId}`, 'PUT', { email: 'person2@example.com', full_name: 'Person Two' });
    const first = await get(`/api/contacts/${contactId}/events?limit=1`);
    expect(first.json().next_before).toMatch(/^\d+$/);
    expect((await get(`/api/contacts/${contactId}/events?limit=1&before=${first.json().next_before}`)).statusCode).toBe(200);
  });
});

describe("Kit's subscriber cursors", () => {
  it.each(['%00', 'not%20base64!', '%C0%AF', 'a%22b'])('refuses after=%s before asking Kit', async (cursor) => {
    const res = await get(`/api/kit/subscribers?after=${cursor}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields?.after).toBe(KIT_MESSAGES.invalidCursor);
  });

  it('answers 400 when Kit refuses a cursor of the right shape', async () => {
    const res = await get(`/api/kit/subscribers?after=${base64url('garbage')}`);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('identifiers in the path', () => {
  /** Every route that names a record by uuid, with the message its 400 gives. */
  const ROUTES: Array<[method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: (id: string) => string, message: string, body?: object]> = [
    ['GET', (id) => `/api/contacts/${id}`, 'Not a contact id'],
    ['PUT', (id) => `/api/contacts/${id}`, 'Not a contact id', { email: 'someone@example.com' }],
    ['DELETE', (id) => `/api/contacts/${id}`, 'Not a contact id'],
    ['GET', (id) => `/api/contacts/${id}/events`, 'Not a contact id'],
    ['GET', (id) => `/api/contacts/bulk-jobs/${id}`, 'Not a bulk job id'],
    ['PUT', (id) => `/api/tags/${id}`, 'Not a tag id', { name: 'a-tag' }],
    ['DELETE', (id) => `/api/tags/${id}`, 'Not a tag id'],
    ['DELETE', (id) => `/api/users/${id}`, 'Not a user id'],
    ['GET', (id) => `/api/landing-pages/${id}`, 'Not a landing page id'],
    ['DELETE', (id) => `/api/landing-pages/${id}`, 'Not a landing page id'],
    ['GET', (id) => `/api/landing-pages/${id}/versions`, 'Not a landing page id'],
    ['GET', (id) => `/api/landing-pages/${SOME_UUID}/versions/${id}`, 'Not a version id'],
    ['GET', (id) => `/api/landing-pages/${id}/preview`, 'Not a landing page id'],
    ['GET', (id) => `/api/landing-pages/${id}/preview/content`, 'Not a landing page id'],
  ];

  it.each(ROUTES)('%s %s refuses a malformed id with a 400 naming it, and a well-formed unknown one with a 404', async (method, url, message, body) => {
    for (const id of ['not-a-uuid', '%00', '%C3%A9', '%F0%9F%98%80', "1'%20or%20'1'='1", '0'.repeat(99)]) {
      const res = await get(url(id), method, body);
      expect(res.statusCode, `${method} ${url(id)}: ${res.body}`).toBe(400);
      expect(Object.values(errorOf(res).fields ?? {}), `${method} ${url(id)}`).toContain(message);
    }
    const unknown = await get(url(randomUUID()), method, body);
    expect(unknown.statusCode, `${method} ${url('<unknown>')}: ${unknown.body}`).toBe(404);
  });

  it('refuses a slug check that excludes a malformed page id', async () => {
    const res = await get('/api/landing-pages/slug-check?slug=some-page&exclude_id=not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.exclude_id).toBe('Not a landing page id');
  });

  it('answers an id too long to route with a 414 in the API error shape', async () => {
    const res = await get(`/api/contacts/${'0'.repeat(300)}`);
    expect(res.statusCode).toBe(414);
    expect(errorOf(res).code).toBe('url_too_long');
  });

  it('answers a path whose percent-encoding is broken with the API error shape', async () => {
    for (const url of ['/api/contacts/%ZZ', '/api/contacts/%C0%AF', '/api/public/images/%FF', '/lp/%E0%A4%A']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).code, url).toBe('bad_url');
    }
  });
});

describe('an upload naming a landing page', () => {
  const storedFiles = () => {
    const dir = path.join(dataDir, 'uploads', 'images');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  it('that does not exist gets a 404 that says so, and stores nothing', async () => {
    const before = { files: storedFiles(), rows: (await t.db.select().from(uploadedImages)).length };
    const res = await t.as(cookie, {
      method: 'POST',
      url: IMAGE_PATHS.list,
      ...multipartBody({ name: 'for-a-gone-page.jpg', type: 'image/jpeg', data: await photo(40, 30) }, { landing_page_id: randomUUID() }),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'landing_page_not_found', message: 'Failed to save image record: the landing page does not exist' });
    expect(storedFiles()).toBe(before.files);
    expect(await t.db.select().from(uploadedImages)).toHaveLength(before.rows);
  });

  it('that is cut short, or no multipart body at all, gets a 400 that says so', async () => {
    for (const [payload, type] of [
      ['--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc', 'multipart/form-data; boundary=x'],
      ['garbage', 'multipart/form-data; boundary=x'],
      ['garbage', 'multipart/form-data'],
    ]) {
      const res = await t.as(cookie, { method: 'POST', url: IMAGE_PATHS.list, payload, headers: { 'content-type': type } });
      expect(res.statusCode, `${type}: ${payload}`).toBe(400);
      expect(errorOf(res).message).toBe(IMAGE_MESSAGES.uploadIncomplete);
    }
  });

  it('that is no id at all gets a 400', async () => {
    const res = await t.as(cookie, {
      method: 'POST',
      url: IMAGE_PATHS.list,
      ...multipartBody({ name: 'x.jpg', type: 'image/jpeg', data: await photo(40, 30) }, { landing_page_id: 'page%00one' }),
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
