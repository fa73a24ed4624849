import { vi } from 'vitest';

/** One request the page made, as the server would see it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers a request: a value is sent as JSON with status 200; a Response as it is. */
export type ApiHandler = (call: ApiCall) => unknown;

/** The server's error answer, `{"error": {"code", "message"}}`, with this status. */
export function apiError(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

/**
 * Replaces fetch for one test with routes such as 'GET /api/contacts' (path without the query).
 * A request no route answers fails the test's expectations with a 404 and is recorded, so a
 * screen asking for something unexpected shows up in `calls`.
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
      if (!handler) return apiError(404, 'not_found', `No fake route for ${call.method} ${call.path}`);
      const answer = await handler(call);
      return answer instanceof Response ? answer : Response.json(answer ?? null);
    }),
  );
  return {
    calls,
    /** The calls to one route, e.g. 'GET /api/contacts'. */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
