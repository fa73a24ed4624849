import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';

/*
 * Live updates from Kit (src/server/kit/webhooks/): Kit's webhook endpoint posts subscriber events
 * to the CRM, which stores them once and applies them in the background.
 *
 * Event names and payloads as Kit's webhook documentation gives them (developers.kit.com, "Event
 * types" and "Delivery format", read November 2026): a delivery is `{delivery_id, events: [...]}`
 * with 1 to 100 events of one type; each event is `{id (uuid), type, created, data}`, and subscriber
 * events carry `data.subscriber` shaped like the v4 subscribers API (`id`, `first_name`,
 * `email_address`, `state`, `created_at`, `fields`) plus the related resource where there is one
 * (`data.tag` `{id, name}` for the tag events). `subscriber.created`, `.activated`, `.unsubscribed`,
 * `.bounced` and `.complained` are listed as available; the tag events' names are
 * `subscriber.tag_added` and `subscriber.tag_removed`. Kit answers 422 to an event type it does not
 * offer yet, so the endpoint subscribes to exactly these.
 */

export const KIT_WEBHOOK_EVENT_TYPES = [
  'subscriber.created',
  'subscriber.activated',
  'subscriber.unsubscribed',
  'subscriber.bounced',
  'subscriber.complained',
  'subscriber.tag_added',
  'subscriber.tag_removed',
] as const;
export type KitWebhookEventType = (typeof KIT_WEBHOOK_EVENT_TYPES)[number];
export const KIT_TAG_EVENT_TYPES: readonly KitWebhookEventType[] = ['subscriber.tag_added', 'subscriber.tag_removed'];

/** One delivery's body at most (100 events with their subscribers' custom fields fit well within it). */
export const KIT_WEBHOOK_BODY_LIMIT = 1024 * 1024;
export const KIT_WEBHOOK_EVENTS_MAX = 100;

export const KIT_WEBHOOK_PATHS = {
  /**
   * Where Kit posts deliveries (public: Kit has no session). The token is random per endpoint: it
   * names which endpoint's secret signs the delivery, lets a scan of the path be refused before any
   * signature work, and dies with the endpoint when live updates are turned off.
   */
  receive: routePath('/api/public/kit/webhooks/:token'),
  /** GET the live updates' state, PUT turns them on, DELETE off (staff). */
  liveUpdates: '/api/kit/live-updates',
} as const;

export const KIT_WEBHOOK_MESSAGES = {
  badSignature: 'The delivery is not signed by Kit for this endpoint.',
  unknownEndpoint: 'No Kit webhook endpoint here.',
  badDelivery: 'The delivery is not a Kit webhook delivery.',
  tooManyEvents: `A delivery carries at most ${KIT_WEBHOOK_EVENTS_MAX} events.`,
  rateLimited: 'Too many deliveries. Try again shortly.',
  needsPublicUrl: 'Live updates need PUBLIC_URL to be a public https address that Kit can reach (set it and restart the server). Until then, the hourly reconciliation pass keeps Kit states right.',
  alreadyOn: 'Live updates are already on.',
} as const;

/** Kit's ids are integers; its text times are ISO 8601. */
const kitId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const subscriberSchema = z.looseObject({
  id: kitId,
  email_address: z.string().max(320),
  first_name: z.string().max(500).nullish(),
  state: z.string().max(40).nullish(),
});

export const kitWebhookEventSchema = z.object({
  id: z.uuid(),
  type: z.string().max(100),
  created: z.iso.datetime({ offset: true }),
  data: z.looseObject({
    subscriber: subscriberSchema,
    tag: z.looseObject({ id: kitId, name: z.string().max(255) }).optional(),
  }),
});
export type KitWebhookEvent = z.output<typeof kitWebhookEventSchema>;

export const kitWebhookDeliverySchema = z.object({
  delivery_id: z.union([z.number().int(), z.string().max(100)]),
  events: z.array(kitWebhookEventSchema).min(1).max(KIT_WEBHOOK_EVENTS_MAX, KIT_WEBHOOK_MESSAGES.tooManyEvents),
});
export type KitWebhookDelivery = z.output<typeof kitWebhookDeliverySchema>;

/** The endpoint's answer to a delivery Kit made: events in it, and how many were new (the rest came before). */
export const kitWebhookReceivedSchema = z.object({ received: z.number().int(), new: z.number().int() });

/** What the Kit screen's Live updates card shows. */
export const liveUpdatesStateSchema = z.object({
  /** PUBLIC_URL is a public https address (else `unavailable_reason` says why not). */
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  enabled: z.boolean(),
  /** Where Kit posts (shown so the owner can recognise it in Kit's own list). */
  url: z.string().nullable(),
  enabled_at: timestamp.nullable(),
  last_received_at: timestamp.nullable(),
  /** Events received and not applied yet. */
  pending: z.number().int(),
  /** Events applied in the last 24 hours. */
  applied_last_day: z.number().int(),
});
export type LiveUpdatesState = z.output<typeof liveUpdatesStateSchema>;
