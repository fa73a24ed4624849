import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordResponseSchema,
  inviteResponseSchema,
  pendingInviteListResponseSchema,
  USER_PATHS,
  userListResponseSchema,
  type ChangePasswordInput,
  type InviteInput,
} from '@shared/users/api.ts';
import { del, get, post } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The account API (src/server/auth/account-routes.ts) as TanStack Query hooks; answers are parsed with the shared schemas. */

export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: async () => userListResponseSchema.parse(await get<unknown>(USER_PATHS.users)).users,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => changePasswordResponseSchema.parse(await post<unknown>(USER_PATHS.changePassword, input)),
  });
}

export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteInput) => inviteResponseSchema.parse(await post<unknown>(USER_PATHS.invites, input)).invite,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pendingInvites }),
  });
}

/** Removing a user also ends the invites they made: the prefix refreshes the users and the invites. */
export function useRemoveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del(USER_PATHS.user.path({ id })),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

export function usePendingInvites() {
  return useQuery({
    queryKey: queryKeys.pendingInvites,
    queryFn: async () => pendingInviteListResponseSchema.parse(await get<unknown>(USER_PATHS.invites)).invites,
  });
}

/** Refreshes the list whatever the answer: an invite that could not be revoked was used or revoked meanwhile. */
export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del(USER_PATHS.invite.path({ id })),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pendingInvites }),
  });
}
