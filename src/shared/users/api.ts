import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, PASSWORD_MAX_LENGTH } from '../auth/api.ts';
import { routePath } from '../http/route-path.ts';
import { confirmed, newPasswordSchema } from './password-policy.ts';

/**
 * The HTTP contract of staff accounts (src/server/auth/account-routes.ts and the first-run setup in
 * routes.ts): request and response schemas, paths and messages, used by the server routes and the
 * browser alike.
 */

/** An invite link works this long, once. */
export const INVITE_VALID_HOURS = 72;

export const USER_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed.',
  emailTaken: 'A user with this email already exists',
  userNotFound: 'User not found',
  lastUser: 'The last user cannot be removed: invite someone else first.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  inviteInvalid: 'This invite link is not valid. Check that you copied all of it, or ask for a new one.',
  inviteExpired: `This invite link has expired (links work for ${INVITE_VALID_HOURS} hours). Ask the person who invited you for a new one.`,
  inviteUsed: 'This invite link was already used. Sign in with the password you chose, or ask for a new link.',
  inviteEmailTaken: 'An account with this email already exists. Sign in instead.',
  inviteNotPending: 'This invite is no longer pending: it was used, revoked or has expired.',
} as const;

export const USER_PATHS = {
  changePassword: '/api/auth/password',
  users: '/api/users',
  /** DELETE removes a user. */
  user: routePath('/api/users/:id'),
  /** GET the pending invites; POST a new one. */
  invites: '/api/users/invites',
  /** DELETE revokes a pending invite. */
  invite: routePath('/api/users/invites/:id'),
  checkInvite: '/api/auth/invite/check',
  acceptInvite: '/api/auth/invite/accept',
} as const;

/** The page an invite link opens. The token rides in the fragment, which browsers never send to a server, so it stays out of logs. */
export const invitePath = (token: string) => `/invite#${token}`;

const token = z.string().min(1).max(200);
const timestamp = z.iso.datetime({ offset: true });
const passwordConfirmation = z.string({ error: AUTH_MESSAGES.passwordRequired }).max(PASSWORD_MAX_LENGTH);


// First run: the one-time link from the server log creates the first admin.
export const setupSchema = confirmed(
  z.object({ token: z.string().min(1), email: emailSchema, password: newPasswordSchema, password_confirmation: passwordConfirmation }),
);
export type SetupInput = z.infer<typeof setupSchema>;

export const changePasswordSchema = confirmed(
  z.object({
    current_password: z
      .string({ error: USER_MESSAGES.currentPasswordRequired })
      .min(1, USER_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, USER_MESSAGES.currentPasswordWrong),
    password: newPasswordSchema,
    password_confirmation: passwordConfirmation,
  }),
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const changePasswordResponseSchema = z.object({
  /** How many of the user's other sessions (browsers, devices) were signed out. */
  signed_out_sessions: z.number().int().min(0),
});

export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: timestamp,
  /** Last sign-in or use of the app, to the hour; null if the user has never signed in. */
  last_active_at: timestamp.nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const userListResponseSchema = z.object({ users: z.array(staffUserSchema) });

export const inviteSchema = z.object({ email: emailSchema });
export type InviteInput = z.infer<typeof inviteSchema>;
export const inviteResponseSchema = z.object({
  invite: z.object({
    email: z.string(),
    expires_at: timestamp,
    /** Shown once, to the person who invited; only its hash is stored. The link is `invitePath(token)`. */
    token: z.string(),
  }),
});

/** An invite not yet used and not expired: its link still creates an account. */
export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The email of the user who made it (an unused invite goes when its author is removed). */
  invited_by: z.string(),
  created_at: timestamp,
  expires_at: timestamp,
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;
export const pendingInviteListResponseSchema = z.object({ invites: z.array(pendingInviteSchema) });
export const inviteIdParamsSchema = z.object({ id: z.string().max(100) });

export const inviteCheckSchema = z.object({ token });
export const INVITE_STATES = ['valid', 'expired', 'used', 'invalid'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
export const inviteCheckResponseSchema = z.object({
  state: z.enum(INVITE_STATES),
  /** The invited address, only for a valid link. */
  email: z.string().optional(),
});

export const acceptInviteSchema = confirmed(z.object({ token, password: newPasswordSchema, password_confirmation: passwordConfirmation }));
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a user id' }) });
