import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS, userResponseSchema, type SessionUser } from '@shared/auth/api.ts';
import { ApiError, apiParsed, post } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in user, or null. A 401 means "signed out", not an error. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      return (await apiParsed(userResponseSchema, 'GET', AUTH_PATHS.session)).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
});

export const useSession = () => useQuery(sessionQuery);

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => apiParsed(userResponseSchema, 'POST', AUTH_PATHS.login, input),
    onSuccess: ({ user }) => client.setQueryData(queryKeys.session, user),
  });
}

/** For a page that signs someone in by other means (an invite link): this browser's user from now on. */
export function useSetSessionUser() {
  const client = useQueryClient();
  return (user: SessionUser) => client.setQueryData(queryKeys.session, user);
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post<void>(AUTH_PATHS.logout),
    // Whatever the server said, this browser is signed out now; a failure is only logged.
    onError: (error) => console.error('Sign out failed', error),
    onSettled: () => {
      client.clear();
      client.setQueryData(queryKeys.session, null);
    },
  });
}

/** Where to go after sign-in: the page the user asked for, if it is one of ours. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/crm') && !next.startsWith('//') ? next : '/crm';
}
