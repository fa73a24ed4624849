import { z } from 'zod';
import { isValidEmail } from '../contacts.ts';
import { CONTACT_FIELDS, contactField, leadFormContactFields } from '../contacts/fields.ts';
import { safeText } from '../text/safe-text.ts';

/**
 * What a landing page's form sends: email required, the other fields optional, linkedin a URL.
 * Fields are named by the renderer (src/render/form-fields.ts); the ones a contact has are stored
 * on it, every field is kept in the submission's form_data.
 */

const LP_LEAD_LIMITS = { fields: 40, nameLength: 100, valueLength: 2_000 } as const;
/** A hidden field a person never fills (the same trap as the site's sign-ups). */
export const LP_HONEYPOT_FIELD = 'website';
/** A hidden field: the version of the consent statement the form showed. */
export const LP_CONSENT_VERSION_FIELD = 'consent_version';
/** Landing pages are written in English (their document's language): their statement is shown, and recorded, in it. */
export const LP_CONSENT_LANGUAGE = 'en';

/** A URL field of the contact (its CONTACT_FIELDS type is 'url') sent as something else. */
const urlInvalid = (label: string) => `${label} must be a URL (https://…)`;

export const LP_LEAD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  urlInvalid,
  linkedinInvalid: urlInvalid(contactField('linkedin').label),
  tooManyFields: `A form can send at most ${LP_LEAD_LIMITS.fields} fields`,
} as const;

const URL_FIELDS = leadFormContactFields(CONTACT_FIELDS).filter((field) => field.type === 'url');

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const lpLeadFieldsSchema = z
  .record(z.string().max(LP_LEAD_LIMITS.nameLength).regex(/^[a-z0-9_]+$/), safeText({ multiline: true }).max(LP_LEAD_LIMITS.valueLength))
  .refine((fields) => Object.keys(fields).length <= LP_LEAD_LIMITS.fields, LP_LEAD_MESSAGES.tooManyFields)
  .superRefine((fields, ctx) => {
    const email = fields.email?.trim() ?? '';
    if (!email) ctx.addIssue({ code: 'custom', path: ['email'], message: LP_LEAD_MESSAGES.emailRequired });
    else if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', path: ['email'], message: LP_LEAD_MESSAGES.emailInvalid });
    for (const { name, label } of URL_FIELDS) {
      const url = fields[name]?.trim();
      if (url && !isHttpUrl(url)) ctx.addIssue({ code: 'custom', path: [name], message: urlInvalid(label) });
    }
  });

/** The form island sends JSON; a plain form post (no JavaScript) sends the fields themselves. */
export const lpLeadBodySchema = z.object({
  fields: lpLeadFieldsSchema,
  url_parameters: z.record(safeText().max(100), safeText().max(500)).default({}),
});
export type LpLeadBody = z.output<typeof lpLeadBodySchema>;

/** The same answer whoever signs up, known or new (nothing to learn about who is on the list). */
export const lpLeadResponseSchema = z.object({ ok: z.literal(true) });
