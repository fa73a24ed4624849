import { z } from 'zod';
import { normalizeEmail } from '../contacts.ts';
import { safeText } from '../text/safe-text.ts';
import { LEAD_HONEYPOT_FIELD, LEAD_LIMITS, leadFormProblems } from './form.ts';
import { LEAD_MESSAGES } from './messages.ts';
import { consentFieldsSchema } from '../privacy/consent.ts';

const text = (max: number) => safeText().max(max * 2).default('');

/**
 * The body of a public sign-up. The limits and field rules are those of `leadFormProblems`, so the
 * modal and the server always agree; messages are the English ones.
 */
export const leadSignupSchema = z
  .object({
    full_name: text(LEAD_LIMITS.fullName),
    email: text(LEAD_LIMITS.email),
    phone: safeText().max(LEAD_LIMITS.phone * 2).nullish().transform((v) => v ?? ''),
    url_parameters: z
      .record(safeText().min(1).max(LEAD_LIMITS.urlParameterKey), safeText().max(LEAD_LIMITS.urlParameterValue))
      .default({})
      .refine((params) => Object.keys(params).length <= LEAD_LIMITS.urlParameters, {
        message: `At most ${LEAD_LIMITS.urlParameters} URL parameters`,
      }),
    /** The page the form was sent from, kept with the submission. */
    page: safeText().max(300).optional(),
    // The consent statement the form showed (its version), in the page's language, on which page.
    ...consentFieldsSchema,
    // Never stored, and any value gets the same answer as a real sign-up: a bot learns nothing from it.
    [LEAD_HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .superRefine((values, ctx) => {
    const problems = leadFormProblems(values);
    for (const [field, problem] of Object.entries(problems) as Array<[keyof typeof problems, NonNullable<(typeof problems)[keyof typeof problems]>]>) {
      ctx.addIssue({ code: 'custom', path: [field], message: LEAD_MESSAGES.en.fields[field][problem] });
    }
  })
  .transform((values) => ({
    ...values,
    full_name: values.full_name.trim().replace(/\s+/g, ' '),
    email: normalizeEmail(values.email),
    phone: values.phone.trim() || null,
  }));

export type LeadSignupBody = z.output<typeof leadSignupSchema>;

/**
 * The answer to every accepted sign-up, whether the email was new, known, or the honeypot was
 * filled: the same status and the same keys, so the answer never tells who is on the list.
 */
export const leadSignupResponseSchema = z.object({
  submission_id: z.uuid(),
  /** A sync to Kit is on its way: the modal shows "Syncing..." and asks the sync state below. */
  kit_sync_queued: z.boolean(),
});
export type LeadSignupResponse = z.output<typeof leadSignupResponseSchema>;

/** Whether the sync a sign-up queued has finished (true as well when none is waiting). */
export const leadSyncStateSchema = z.object({ synced: z.boolean() });
export type LeadSyncState = z.output<typeof leadSyncStateSchema>;

/** What the public site needs from the server's configuration: the Meta pixel, if one is set. */
export const siteConfigSchema = z.object({ meta_pixel_id: z.string().nullable() });
