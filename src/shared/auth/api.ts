import { z } from 'zod';
import { emailSchema as emailRule } from '../contacts/email.ts';

/**
 * Sign-in rules and the auth messages, shared by the forms and the server. New passwords (first admin,
 * invites, password change) follow src/shared/users/password-policy.ts, kept apart so that the sign-in
 * page does not download the common-password list.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 256;
/** Under every new-password field: the rules the password policy applies (length, not a common password). */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is one of the most common passwords. Choose one that is harder to guess.',
  passwordsDiffer: 'Passwords do not match',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  setupLinkInvalid: 'This setup link is no longer valid. An administrator already exists: sign in instead.',
  // A staff call without a signed-in user: the text clients have always been sent; tests pin it.
  sessionMissing: 'User not authenticated',
} as const;

/** A staff account's email: the one email rule of every form, with the sign-in messages. */
export const emailSchema = emailRule({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid });

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const AUTH_PATHS = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  session: '/api/auth/session',
  setupCheck: '/api/auth/setup/check',
  setup: '/api/auth/setup',
} as const;

export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), role: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
/** The answer of sign-in, session, setup and an accepted invite: who is signed in now. */
export const userResponseSchema = z.object({ user: sessionUserSchema });

export const setupCheckSchema = z.object({ token: z.string().max(200) });
export const setupCheckResponseSchema = z.object({ valid: z.boolean() });
