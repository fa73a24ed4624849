import { vi } from 'vitest';

/** One request the page made, as the server would see it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers a request: a value is sent as JSON with status 200; a `reply(…)` as it is. */
export type ApiHandler = (call: ApiCall) => unknown;

const REPLY = Symbol('reply');
interface Reply {
  [REPLY]: true;
  status: number;
  body: string | Blob;
  headers: Record<string, string>;
}

/** An answer with its own status, body and headers. */
export function reply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  const raw = typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body);
  return { [REPLY]: true, status, body: raw, headers };
}

/** The server's error answer, `{"error": {"code", "message"}}`, with this status. */
export function apiError(status: number, code: string, message: string): Reply {
  return reply(status, { error: { code, message } });
}

const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && REPLY in value;

/**
 * The parts of a Response the app reads. Its body is already in memory and every read resolves
 * within the same task (a real Response streams it), so a test on fake timers sees an answer as
 * soon as it moves the clock past the request.
 */
function response({ status, body, headers }: Reply): Response {
  const text = async () => (typeof body === 'string' ? body : body.text());
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text,
    json: async () => JSON.parse(await text()),
    blob: async () => (typeof body === 'string' ? new Blob([body]) : body),
  } as Response;
}

/**
 * Replaces fetch for one test with routes such as 'GET /api/contacts' (path without the query).
 * Every request is recorded in `calls`; one that no route answers gets a 404.
 */
export function fakeApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      if (!handler) return response(apiError(404, 'not_found', `No fake route for ${call.method} ${call.path}`));
      const answer = await handler(call);
      return response(isReply(answer) ? answer : reply(200, answer ?? null));
    }),
  );
  return {
    calls,
    /** The calls to one route, e.g. 'GET /api/contacts'. */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
