import { isValidEmail, normalizeEmail } from '../contacts.ts';
import { safeText } from '../text/safe-text.ts';

/** The email field of every form (contacts, import rows, sign-in, setup): one rule, each form's messages. */
export function emailSchema(messages: { required: string; invalid: string }) {
  return safeText({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine(isValidEmail, messages.invalid)
    .transform(normalizeEmail);
}
