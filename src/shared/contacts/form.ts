import { z } from 'zod';
import { TAG_NAME_MAX } from '../tags/api.ts';
import { safeText } from '../text/safe-text.ts';
import { emailSchema } from './email.ts';
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, type ContactFieldDefinition, type ContactFieldName } from './fields.ts';
import { CONTACT_MESSAGES, CONTACT_TEXT_MAX } from './messages.ts';

/** The contact form's rules: the same schema validates the modal, each imported CSV row and the API. */

export { CONTACT_MESSAGES, CONTACT_TAGS_MAX, CONTACT_TEXT_MAX } from './messages.ts';

/** The fields a person edits (url_parameters and kit_id are never written through the form). */
export const CONTACT_FORM_FIELDS = CONTACT_FIELD_NAMES;
export type ContactFormField = ContactFieldName;

export const CONTACT_FIELD_LABELS = Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, field.label])) as Record<ContactFormField, string>;

/** Optional text: trimmed, and an empty value is stored as null. */
const optionalText = ({ multiline = false, max = CONTACT_TEXT_MAX }: { multiline?: boolean; max?: number } = {}) =>
  safeText({ multiline })
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(max, CONTACT_MESSAGES.textTooLong(max)).nullable());

/** http(s) only, since the screen renders it as a link; "linkedin.com/in/x" gets its https:// added. */
const urlText = ({ max, invalid }: { max?: number; invalid: string }) =>
  optionalText({ max })
    .transform((v) => (v && !/^[a-z][a-z\d+.-]*:/i.test(v) ? `https://${v}` : v))
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: invalid }).nullable());

const oneOf = <const V extends readonly [string, ...string[]]>({ values, default: fallback, invalid }: { values: V; default: V[number]; invalid: string }) =>
  z.enum(values, { error: invalid }).default(fallback);

const tagName = safeText().trim().min(1).max(TAG_NAME_MAX);
const tagList = (max: number) =>
  z
    .array(tagName)
    .max(max, CONTACT_MESSAGES.tooManyTags)
    .refine((names) => new Set(names).size === names.length, CONTACT_MESSAGES.tagRepeated)
    .default([]);

const email = emailSchema({ required: CONTACT_MESSAGES.emailRequired, invalid: CONTACT_MESSAGES.emailInvalid });

/** The form's schema of a field of type F. */
export type FieldSchema<F> = F extends { type: 'email' }
  ? typeof email
  : F extends { type: 'url' }
    ? ReturnType<typeof urlText>
    : F extends { type: 'enum'; values: infer V extends readonly [string, ...string[]] }
      ? ReturnType<typeof oneOf<V>>
      : F extends { type: 'tags' }
        ? ReturnType<typeof tagList>
        : ReturnType<typeof optionalText>;

function fieldSchema(field: ContactFieldDefinition) {
  switch (field.type) {
    case 'email':
      return email;
    case 'text':
    case 'phone':
      return optionalText({ max: field.max });
    case 'multiline':
      return optionalText({ multiline: true, max: field.max });
    case 'url':
      return urlText(field);
    case 'enum':
      return oneOf(field);
    case 'tags':
      return tagList(field.max);
  }
}

/** The form's schema, field by field, for a table of fields. */
export function contactFormShape<const T extends readonly ContactFieldDefinition[]>(fields: T) {
  return Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])) as { [F in T[number] as F['name']]: FieldSchema<F> };
}

export const contactFormSchema = z.object(contactFormShape(CONTACT_FIELDS));
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
