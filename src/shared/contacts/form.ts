import { z } from 'zod';
import {
  CONTACT_SOURCES,
  CONTACT_STATUSES,
  DEFAULT_CONTACT_SOURCE,
  DEFAULT_CONTACT_STATUS,
} from '../contacts.ts';
import { TAG_NAME_MAX } from '../tags/api.ts';
import { safeText } from '../text/safe-text.ts';
import { emailSchema } from './email.ts';

/** The contact form's rules: the same schema validates the modal, each imported CSV row and the API. */

export const CONTACT_TEXT_MAX = 500;
export const CONTACT_TAGS_MAX = 50;

export const CONTACT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'A contact with this email already exists',
  linkedinInvalid: 'Please enter a valid URL, such as https://www.linkedin.com/in/name',
  textTooLong: `Must be at most ${CONTACT_TEXT_MAX} characters`,
  statusInvalid: `Status must be one of: ${CONTACT_STATUSES.join(', ')}`,
  sourceInvalid: `Source must be one of: ${CONTACT_SOURCES.join(', ')}`,
  tagRepeated: 'Each tag can be added only once',
  tooManyTags: `A contact can have at most ${CONTACT_TAGS_MAX} tags`,
  tagsUnknown: (names: readonly string[]) =>
    `${names.length === 1 ? 'Unknown tag' : 'Unknown tags'}: ${names.join(', ')}. Choose tags from the Tags list.`,
  notFound: 'Contact not found',
  deleteConfirm: 'Are you sure you want to delete this contact?',
} as const;

/** The fields a person edits (url_parameters and kit_id are never written through the form). */
export const CONTACT_FORM_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'full_name',
  'phone',
  'address',
  'country',
  'linkedin',
  'source',
  'status',
  'tags',
] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

export const CONTACT_FIELD_LABELS: Record<ContactFormField, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  full_name: 'Full name',
  phone: 'Phone',
  address: 'Address',
  country: 'Country',
  linkedin: 'LinkedIn',
  source: 'Source',
  status: 'Status',
  tags: 'Tags',
};

const email = emailSchema({ required: CONTACT_MESSAGES.emailRequired, invalid: CONTACT_MESSAGES.emailInvalid });

/** Optional text: trimmed, and an empty value is stored as null. */
const optionalText = ({ multiline = false } = {}) =>
  safeText({ multiline })
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(CONTACT_TEXT_MAX, CONTACT_MESSAGES.textTooLong).nullable());

/** http(s) only, since the screen renders it as a link; "linkedin.com/in/x" gets its https:// added. */
const linkedin = optionalText()
  .transform((v) => (v && !/^[a-z][a-z\d+.-]*:/i.test(v) ? `https://${v}` : v))
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: CONTACT_MESSAGES.linkedinInvalid }).nullable());

const tagName = safeText().trim().min(1).max(TAG_NAME_MAX);

export const contactFormSchema = z.object({
  email,
  first_name: optionalText(),
  last_name: optionalText(),
  full_name: optionalText(),
  phone: optionalText(),
  // Addresses pasted from elsewhere, or imported from a CSV cell, span several lines.
  address: optionalText({ multiline: true }),
  country: optionalText(),
  linkedin,
  source: z.enum(CONTACT_SOURCES, { error: CONTACT_MESSAGES.sourceInvalid }).default(DEFAULT_CONTACT_SOURCE),
  status: z.enum(CONTACT_STATUSES, { error: CONTACT_MESSAGES.statusInvalid }).default(DEFAULT_CONTACT_STATUS),
  tags: z
    .array(tagName)
    .max(CONTACT_TAGS_MAX, CONTACT_MESSAGES.tooManyTags)
    .refine((names) => new Set(names).size === names.length, CONTACT_MESSAGES.tagRepeated)
    .default([]),
});
/** What the form holds and the API accepts. */
export type ContactInput = z.input<typeof contactFormSchema>;
/** After validation: trimmed, lower-cased email, nulls for empty fields, defaults applied. */
export type ContactValues = z.output<typeof contactFormSchema>;

/**
 * The name shown for a contact: full_name, else first and last name, else nothing (the screen then
 * shows the email). The "name" sort of the contacts list orders by the same rule.
 */
export function contactDisplayName(c: { first_name: string | null; last_name: string | null; full_name: string | null }): string | null {
  return c.full_name?.trim() || [c.first_name, c.last_name].filter(Boolean).join(' ').trim() || null;
}
