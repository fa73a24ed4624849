import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordResponseSchema,
  inviteResponseSchema,
  USER_PATHS,
  userListResponseSchema,
  type ChangePasswordInput,
  type InviteInput,
} from '@shared/users/api.ts';
import { del, get, post } from '@web/lib/api.ts';

/** The account API (src/server/auth/account-routes.ts) as TanStack Query hooks; answers are parsed with the shared schemas. */

const USERS_KEY = ['users'] as const;

export function useUsers() {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: async () => userListResponseSchema.parse(await get<unknown>(USER_PATHS.users)).users,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => changePasswordResponseSchema.parse(await post<unknown>(USER_PATHS.changePassword, input)),
  });
}

export function useInviteUser() {
  return useMutation({
    mutationFn: async (input: InviteInput) => inviteResponseSchema.parse(await post<unknown>(USER_PATHS.invites, input)).invite,
  });
}

export function useRemoveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del(USER_PATHS.user(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
