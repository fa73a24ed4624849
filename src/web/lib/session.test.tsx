// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, type SessionUser } from '@shared/auth/api.ts';
import { apiError, fakeApi, reply } from '@web/testing/fake-api.ts';
import { ApiError } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { safeNext, sessionQuery, useSession, useSetSessionUser, useSignIn, useSignOut } from './session.ts';

const ANNA: SessionUser = { id: 'u1', email: 'anna@example.com', role: 'admin' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

describe('the session query', () => {
  it('is the signed-in user', async () => {
    fakeApi({ [`GET ${AUTH_PATHS.session}`]: () => ({ user: ANNA }) });
    expect(await new QueryClient().fetchQuery(sessionQuery)).toEqual(ANNA);
  });

  it('is null when the server answers 401: signed out is a state, not an error', async () => {
    fakeApi({ [`GET ${AUTH_PATHS.session}`]: () => apiError(401, 'unauthenticated', 'User not authenticated') });
    const { wrapper } = withClient();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('fails on any other refusal, which a screen shows as an error', async () => {
    fakeApi({ [`GET ${AUTH_PATHS.session}`]: () => apiError(403, 'forbidden', 'Forbidden') });
    const error = await new QueryClient().fetchQuery(sessionQuery).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('tries again after a server failure, twice at most, and never after a refusal', () => {
    const retry = sessionQuery.retry as (count: number, error: unknown) => boolean;
    const serverDown = new ApiError(503, 'http', 'Request failed (503)');
    expect([0, 1, 2].map((count) => retry(count, serverDown))).toEqual([true, true, false]);
    expect(retry(0, new ApiError(429, 'rate_limited', 'Too many requests'))).toBe(false);
    expect(retry(0, new ApiError(400, 'validation', 'Invalid input'))).toBe(false);
  });
});

describe('signing in and out', () => {
  it('signs in with the email and password, and the session is the user from then on without asking again', async () => {
    const server = fakeApi({ [`POST ${AUTH_PATHS.login}`]: () => ({ user: ANNA }) });
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useSignIn(), { wrapper });
    await act(() => result.current.mutateAsync({ email: ANNA.email, password: 'a long passphrase' }));
    expect(server.calls[0]?.body).toEqual({ email: ANNA.email, password: 'a long passphrase' });
    expect(client.getQueryData(queryKeys.session)).toEqual(ANNA);
    expect(server.callsTo(`GET ${AUTH_PATHS.session}`)).toHaveLength(0);
  });

  it('a refused sign-in leaves the browser signed out', async () => {
    fakeApi({ [`POST ${AUTH_PATHS.login}`]: () => apiError(401, 'invalid_credentials', 'Invalid email or password') });
    const { client, wrapper } = withClient();
    client.setQueryData(queryKeys.session, null);
    const { result } = renderHook(() => useSignIn(), { wrapper });
    await expect(act(() => result.current.mutateAsync({ email: ANNA.email, password: 'wrong' }))).rejects.toMatchObject({ status: 401 });
    expect(client.getQueryData(queryKeys.session)).toBeNull();
  });

  it('an invite page sets the user it signed in', () => {
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useSetSessionUser(), { wrapper });
    act(() => result.current(ANNA));
    expect(client.getQueryData(queryKeys.session)).toEqual(ANNA);
  });

  it('signing out forgets every cached screen and the user', async () => {
    const server = fakeApi({ [`POST ${AUTH_PATHS.logout}`]: () => reply(204, '') });
    const { client, wrapper } = withClient();
    client.setQueryData(queryKeys.session, ANNA);
    client.setQueryData(queryKeys.tags, [{ id: 't1', name: 'VIP' }]);
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(server.callsTo(`POST ${AUTH_PATHS.logout}`)).toHaveLength(1);
    expect(client.getQueryData(queryKeys.session)).toBeNull();
    expect(client.getQueryData(queryKeys.tags)).toBeUndefined();
  });

  it('signs this browser out even when the server cannot be reached, logging the failure', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, wrapper } = withClient();
    client.setQueryData(queryKeys.session, ANNA);
    client.setQueryData(queryKeys.dashboard, { stats: {} });
    const { result } = renderHook(() => useSignOut(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData(queryKeys.session)).toBeNull();
    expect(client.getQueryData(queryKeys.dashboard)).toBeUndefined();
    expect(logged).toHaveBeenCalledWith('Sign out failed', expect.objectContaining({ code: 'network' }));
  });
});

describe('where sign-in leads', () => {
  it('goes back to the CRM page that was asked for, with its query', () => {
    expect(safeNext('/crm/contacts?search=anna')).toBe('/crm/contacts?search=anna');
    expect(safeNext('/crm')).toBe('/crm');
  });

  it('goes to the dashboard for anything that is not a CRM page: another site, the public site, nothing', () => {
    for (const next of [null, '', 'https://evil.example/crm', '//evil.example/crm', '/login', '/', 'javascript:alert(1)', 'crm/contacts']) {
      expect(safeNext(next)).toBe('/crm');
    }
  });
});
