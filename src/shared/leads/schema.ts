import { z } from 'zod';
import { normalizeEmail } from '../contacts.ts';
import { LEAD_HONEYPOT_FIELD, LEAD_LIMITS, leadFormProblems } from './form.ts';
import { LEAD_MESSAGES } from './messages.ts';

const text = (max: number) => z.string().max(max * 2).default('');

/**
 * The body of a public sign-up. The limits and field rules are those of `leadFormProblems`, so the
 * modal and the server always agree; messages are the English ones.
 */
export const leadSignupSchema = z
  .object({
    full_name: text(LEAD_LIMITS.fullName),
    email: text(LEAD_LIMITS.email),
    phone: z.string().max(LEAD_LIMITS.phone * 2).nullish().transform((v) => v ?? ''),
    url_parameters: z
      .record(z.string().min(1).max(LEAD_LIMITS.urlParameterKey), z.string().max(LEAD_LIMITS.urlParameterValue))
      .default({})
      .refine((params) => Object.keys(params).length <= LEAD_LIMITS.urlParameters, {
        message: `At most ${LEAD_LIMITS.urlParameters} URL parameters`,
      }),
    /** The page the form was sent from, kept with the submission. */
    page: z.string().max(300).optional(),
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
