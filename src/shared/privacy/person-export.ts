import { z } from 'zod';
import { contactSchema } from '../contacts/api.ts';
import { contactEventSchema } from '../contacts/timeline.ts';
import { timestamp } from '../http/codecs.ts';
import { KIT_SUBSCRIBER_STATES } from '../kit/subscriber-state.ts';
import { CONSENT_LANGUAGES, SIGNUP_KINDS } from './sources.ts';

/**
 * Everything the CRM keeps about one person, as the file handed to them (the right of access and
 * to data portability): the contact, tags, timeline, each sign-up with the consent given on it (the
 * statement's exact words in the language shown), and Kit's state.
 */

export const consentExportSchema = z.object({
  source: z.string(),
  statement_kind: z.enum(SIGNUP_KINDS),
  statement_version: z.number().int(),
  /** The words shown, in the language the person saw. */
  statement_text: z.string(),
  language: z.enum(CONSENT_LANGUAGES),
  page_url: z.string(),
  given_at: timestamp,
  /** The Kit form of a double opt-in sign-up, and when Kit reported the person confirmed. */
  kit_form_id: z.number().int().nullable(),
  confirmed_at: timestamp.nullable(),
});

export const signupExportSchema = z.object({
  id: z.string(),
  landing_page_id: z.string().nullable(),
  form_data: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  consent: z.array(consentExportSchema),
});

export const PERSON_EXPORT_FORMAT = 'mycrm.person-export.v1';

export const personExportSchema = z.object({
  format: z.literal(PERSON_EXPORT_FORMAT),
  exported_at: timestamp,
  contact: contactSchema,
  tags: z.array(z.string()),
  /** Oldest first. */
  timeline: z.array(contactEventSchema),
  /** Oldest first. */
  signups: z.array(signupExportSchema),
  /** Consent records not tied to a stored sign-up. */
  other_consent: z.array(consentExportSchema),
  kit: z.object({
    subscriber_id: z.number().int().nullable(),
    state: z.enum(KIT_SUBSCRIBER_STATES).nullable(),
    state_since: timestamp.nullable(),
  }),
});
export type PersonExport = z.output<typeof personExportSchema>;
