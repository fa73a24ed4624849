import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/api.ts';
import { takeEarlyResponse } from './early-requests.ts';

/** A failed API call, carrying the server's message and per-field messages for forms. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * One request, cookies included. Resolves with a successful response; every failure (no
 * connection, or an error status) becomes an ApiError with a readable message.
 */
export async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    const early = (init.method ?? 'GET') === 'GET' ? takeEarlyResponse(path) : undefined;
    response = await (early ?? fetch(path, { credentials: 'same-origin', ...init }));
  } catch {
    throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const error = ((await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? 'http', error?.message ?? `Request failed (${response.status})`, error?.fields);
  }
  return response;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** JSON in, JSON out. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await send(path, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => undefined)) as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const del = <T = void>(path: string) => api<T>('DELETE', path);

/**
 * A call whose answer is read through its contract schema (src/shared/<feature>/api.ts) instead of
 * being cast: it is checked, and decoded (a timestamp string becomes a Date).
 */
export async function apiParsed<S extends z.ZodType>(schema: S, method: Method, path: string, body?: unknown): Promise<z.output<S>> {
  return schema.parse(await api<unknown>(method, path, body));
}
