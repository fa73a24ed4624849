import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { z, ZodError } from 'zod';
import { timestamp } from '@shared/http/codecs.ts';
import { apiError, fakeApi, reply } from '@web/testing/fake-api.ts';
import { api, ApiError, apiParsed, del, get, post, put, send } from './api.ts';
import { requestEarly } from './early-requests.ts';

afterEach(() => vi.unstubAllGlobals());

/** What the app handed to fetch for its `n`th request: the address and the options. */
const fetched = (n = 0) => (fetch as Mock).mock.calls[n] as [string, RequestInit];

/** The error a call ends with, for assertions on its fields. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('errors of the API client', () => {
  it("carries the server's status, code, message and per-field messages", async () => {
    fakeApi({
      'POST /api/tags': () =>
        reply(400, { error: { code: 'validation', message: 'Invalid input', fields: { name: 'A tag with this name already exists' } } }),
    });
    const error = await failure(post('/api/tags', { name: 'VIP' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Invalid input');
    expect(error.fields).toEqual({ name: 'A tag with this name already exists' });
  });

  it('has no field messages when the server names none', async () => {
    fakeApi({ 'DELETE /api/tags/7': () => apiError(404, 'not_found', 'Tag not found') });
    const error = await failure(del('/api/tags/7'));
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Tag not found' });
    expect(error.fields).toEqual({});
  });

  it('names the status when the answer is not the JSON error body (a proxy’s HTML page, an empty body)', async () => {
    fakeApi({
      'GET /api/dashboard': () => reply(502, '<html><body>Bad Gateway</body></html>', { 'content-type': 'text/html' }),
      'GET /api/tags': () => reply(503, ''),
      'GET /api/contacts': () => reply(500, { unexpected: true }),
    });
    expect(await failure(get('/api/dashboard'))).toMatchObject({ status: 502, code: 'http', message: 'Request failed (502)' });
    expect(await failure(get('/api/tags'))).toMatchObject({ status: 503, code: 'http', message: 'Request failed (503)' });
    expect(await failure(get('/api/contacts'))).toMatchObject({ status: 500, code: 'http', message: 'Request failed (500)' });
  });

  it('turns no connection into a readable message with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(get('/api/contacts'));
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'Cannot reach the server. Check your connection and try again.' });
  });

  it('passes a 401 on as an ApiError like any other refusal (the session query decides what it means)', async () => {
    fakeApi({ 'GET /api/contacts': () => apiError(401, 'unauthenticated', 'User not authenticated') });
    expect(await failure(get('/api/contacts'))).toMatchObject({ status: 401, code: 'unauthenticated', message: 'User not authenticated' });
  });
});

describe('requests of the API client', () => {
  it('sends cookies of this origin only, and JSON with its content type when there is a body', async () => {
    const server = fakeApi({ 'PUT /api/tags/7': ({ body }) => ({ echoed: body }), 'GET /api/tags': () => ({ tags: [] }) });
    expect(await put('/api/tags/7', { name: 'VIP' })).toEqual({ echoed: { name: 'VIP' } });
    const [path, init] = fetched(0);
    expect(path).toBe('/api/tags/7');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('PUT');
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });

    await get('/api/tags');
    expect(fetched(1)[1].headers).toEqual({ accept: 'application/json' });
    expect(fetched(1)[1].body).toBeUndefined();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/tags/7', 'GET /api/tags']);
  });

  it('posts an empty object when given no body, so the server’s body schema always sees JSON', async () => {
    const server = fakeApi({ 'POST /api/auth/logout': () => reply(204, '') });
    expect(await post('/api/auth/logout')).toBeUndefined();
    expect(server.calls[0]?.body).toEqual({});
  });

  it('reads a 204 as no answer, and an unreadable success body as undefined', async () => {
    fakeApi({ 'DELETE /api/users/9': () => reply(204, ''), 'GET /api/odd': () => reply(200, 'not json') });
    expect(await api('DELETE', '/api/users/9')).toBeUndefined();
    expect(await get('/api/odd')).toBeUndefined();
  });

  it('lets a GET take the response started early for the same path, once', async () => {
    const server = fakeApi({ 'GET /api/auth/session': () => ({ user: { id: '1', email: 'a@example.com', role: 'admin' } }) });
    void requestEarly('/api/auth/session');
    expect(server.calls).toHaveLength(1);
    await send('/api/auth/session');
    expect(server.calls).toHaveLength(1);
    await send('/api/auth/session');
    expect(server.calls).toHaveLength(2);
  });

  it('never answers a POST with an early GET of the same path', async () => {
    const server = fakeApi({ 'GET /api/x': () => ({ from: 'get' }), 'POST /api/x': () => ({ from: 'post' }) });
    void requestEarly('/api/x');
    expect(await post('/api/x', {})).toEqual({ from: 'post' });
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'POST']);
  });
});

describe('apiParsed', () => {
  const schema = z.object({ tag: z.object({ id: z.string(), created_at: timestamp }) });

  it('checks the answer against the contract and decodes its timestamps into dates', async () => {
    fakeApi({ 'GET /api/tags/7': () => ({ tag: { id: '7', created_at: '2026-03-01T09:30:00.000Z' } }) });
    const { tag } = await apiParsed(schema, 'GET', '/api/tags/7');
    expect(tag.created_at).toBeInstanceOf(Date);
    expect(tag.created_at.toISOString()).toBe('2026-03-01T09:30:00.000Z');
  });

  it('refuses an answer that breaks the contract instead of handing it to a screen', async () => {
    fakeApi({ 'GET /api/tags/7': () => ({ tag: { id: 7, created_at: 'yesterday' } }) });
    const error = await apiParsed(schema, 'GET', '/api/tags/7').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join('.'))).toEqual(['tag.id', 'tag.created_at']);
  });

  it('sends the body and fails with the server’s error before any parsing', async () => {
    const server = fakeApi({ 'POST /api/tags': () => apiError(409, 'conflict', 'A tag with this name already exists') });
    const error = await failure(apiParsed(schema, 'POST', '/api/tags', { name: 'VIP' }));
    expect(error.message).toBe('A tag with this name already exists');
    expect(server.calls[0]?.body).toEqual({ name: 'VIP' });
  });
});
