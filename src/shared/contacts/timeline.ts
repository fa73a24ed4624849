import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { safeText } from '../text/safe-text.ts';
import { KIT_STATE_SOURCES, KIT_SUBSCRIBER_STATES } from '../kit/subscriber-state.ts';
import { CONSENT_LANGUAGES, SIGNUP_KINDS } from '../privacy/sources.ts';

/**
 * A contact's timeline (the contact page): what happened to the contact, newest first. The server
 * writes each event in the transaction of the change it records (src/server/contacts/events.ts) and
 * never updates or deletes one, except with its contact.
 */

export const CONTACT_EVENT_TYPES = [
  /** The contact was made: by a staff user, a public form (with the form data and URL parameters) or an import. */
  'created',
  /** A later sign-up through a public form, by a contact that already existed. */
  'signed_up',
  /** Fields changed, each old → new. */
  'fields_changed',
  'tags_added',
  'tags_removed',
  /** A row of an import matched the contact (its changes follow as fields_changed and tags_added). */
  'imported',
  /** One attempt to sync the contact to Kit, with its result. */
  'kit_sync',
  /** Kit reported a new state for the subscriber (unsubscribed, bounced, confirmed, …). */
  'kit_state_changed',
  /** A sign-up agreed to a consent statement (which version, language, page; the words stay with the version). */
  'consent_given',
  /** Kit reported a double opt-in sign-up active: the person confirmed (or was subscribed already). */
  'consent_confirmed',
] as const;
export type ContactEventType = (typeof CONTACT_EVENT_TYPES)[number];

export const CONTACT_FORMS = ['waiting_list', 'webinar', 'landing_page'] as const;
export type ContactForm = (typeof CONTACT_FORMS)[number];

const text = () => safeText({ multiline: true });

/** Who or what made the change. */
export const contactEventActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string().nullable(), email: text() }),
  z.object({ kind: z.literal('form'), form: z.enum(CONTACT_FORMS), page_id: z.string().nullable(), page_title: text().nullable() }),
  z.object({ kind: z.literal('import'), file: text().nullable(), user_email: text().nullable() }),
  /** Kit: a sync's answer, or (with `source`) a state Kit reported. */
  z.object({ kind: z.literal('kit'), source: z.enum(KIT_STATE_SOURCES).optional() }),
  /** A tag renamed or deleted on the tags screen changes every contact that carries it. */
  z.object({ kind: z.literal('tags_screen') }),
]);
export type ContactEventActor = z.infer<typeof contactEventActorSchema>;

/** A field's value before or after: text, or a list of tags, or none. */
const fieldValue = z.union([text(), z.array(text()), z.record(text(), text())]).nullable();
export const fieldChangeSchema = z.object({ field: text(), old: fieldValue, new: fieldValue });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

const formPayload = {
  /** The submitted form as it came in. */
  form_data: z.record(text(), z.unknown()).optional(),
  url_parameters: z.record(text(), text()).optional(),
};

export const KIT_SYNC_RESULTS = ['synced', 'retrying', 'failed'] as const;
export type KitSyncResult = (typeof KIT_SYNC_RESULTS)[number];

export const contactEventDataSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), fields: z.record(text(), fieldValue), ...formPayload }),
  z.object({ type: z.literal('signed_up'), ...formPayload }),
  z.object({ type: z.literal('fields_changed'), changes: z.array(fieldChangeSchema) }),
  z.object({ type: z.literal('tags_added'), tags: z.array(text()) }),
  z.object({ type: z.literal('tags_removed'), tags: z.array(text()) }),
  z.object({ type: z.literal('imported'), row: z.number().int() }),
  z.object({
    type: z.literal('kit_sync'),
    result: z.enum(KIT_SYNC_RESULTS),
    error: text().nullable(),
    tags: z.array(text()),
    attempt: z.number().int(),
  }),
  z.object({
    type: z.literal('kit_state_changed'),
    /** Null: the CRM knew no state before. */
    from: z.enum(KIT_SUBSCRIBER_STATES).nullable(),
    to: z.enum(KIT_SUBSCRIBER_STATES),
    /** When Kit says the change happened (the event's time, or the subscriber's as listed). */
    changed_at: z.string(),
    /** Kit's own words where it gives any (a bounce's reason), else null. */
    reason: text().nullable(),
  }),
  z.object({
    type: z.literal('consent_given'),
    kind: z.enum(SIGNUP_KINDS),
    version: z.number().int(),
    language: z.enum(CONSENT_LANGUAGES),
    page_url: text(),
    /** The sign-up joins a Kit form: confirmed once Kit reports the person active. */
    double_opt_in: z.boolean(),
  }),
  z.object({
    type: z.literal('consent_confirmed'),
    kind: z.enum(SIGNUP_KINDS),
    version: z.number().int(),
    /** Kit's time of the change. */
    confirmed_at: z.string(),
    /** Kit had the person active already: no confirmation was needed. */
    already_subscribed: z.boolean(),
  }),
]);
export type ContactEventData = z.infer<typeof contactEventDataSchema>;

export const contactEventSchema = z.object({
  id: z.string(),
  at: timestamp,
  actor: contactEventActorSchema,
  data: contactEventDataSchema,
});
export type ContactEvent = z.output<typeof contactEventSchema>;

export const TIMELINE_PAGE_SIZE = 50;
export const TIMELINE_PAGE_MAX = 200;

export const CONTACT_TIMELINE_PATHS = {
  events: routePath('/api/contacts/:id/events'),
} as const;

export const timelineQuerySchema = z.object({
  /** The last event's id of the previous page (keyset: older events come next). */
  before: safeText()
    .regex(/^\d{1,18}$/, 'Not a timeline position')
    .optional(),
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

export const timelineResponseSchema = z.object({
  events: z.array(contactEventSchema),
  /** Pass as `before` for the next, older page; null when this page holds the oldest event. */
  next_before: z.string().nullable(),
});
export type TimelineResponse = z.output<typeof timelineResponseSchema>;

export const TIMELINE_MESSAGES = {
  empty: 'Nothing has happened to this contact yet.',
  loadFailed: 'The timeline could not be loaded.',
} as const;
