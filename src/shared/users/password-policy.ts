import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/api.ts';

/**
 * ASVS 5.0 6.2.4: a new password is refused when it is one of the most common passwords. The list is
 * zxcvbn-ts's (@zxcvbn-ts/language-common): 49,000 passwords from breach corpora, most frequent
 * first, so it holds the 10,000 most common and more. Entries shorter than PASSWORD_MIN_LENGTH already
 * fail the length rule, so only the longer ones (such as "passwordpassword") are kept, lower-cased,
 * in a set built once when this module loads. The comparison ignores case.
 */
const commonPasswords = new Set(
  dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** A password someone chooses: first admin, invite acceptance, password change, `npm run user:create`. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((password) => !isCommonPassword(password), AUTH_MESSAGES.passwordTooCommon);

/** A new password typed twice: the second must match (the message sits on the confirmation field). */
export function confirmed<S extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: S) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['password_confirmation'],
  });
}
