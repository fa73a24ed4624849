import { z } from 'zod';
import { emailSchema } from './contacts/email.ts';

/** Sign-in and first-admin rules, shared by the forms and the server. */

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 256;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDiffer: 'Passwords do not match',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  setupLinkInvalid: 'This setup link is no longer valid. An administrator already exists: sign in instead.',
  // The spec's wording for a staff call without a signed-in user.
  sessionMissing: 'User not authenticated',
} as const;

const email = emailSchema({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid });

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const setupSchema = z
  .object({
    token: z.string().min(1),
    email,
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['password_confirmation'],
  });
export type SetupInput = z.infer<typeof setupSchema>;

export interface SessionUser {
  id: string;
  email: string;
  role: string;
}
