import { z } from 'zod';
import { contactSelectionSchema } from '../contacts/bulk.ts';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { TAG_NAME_MAX } from '../tags/api.ts';
import { safeText } from '../text/safe-text.ts';
import { KIT_MESSAGES } from './messages.ts';

/*
 * The Kit integration's HTTP contract (src/server/kit/*-routes.ts): paths, requests, answers, limits.
 * Only the server talks to Kit; the browser sees the API key masked. Kit's own records (forms, tags,
 * subscribers) pass through as Kit wrote them, their dates as Kit's text.
 */

/** waiting: Kit refused the saved key (401, 403); the job runs again once a key is saved. */
export const KIT_SYNC_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'waiting'] as const;
export type KitSyncJobStatus = (typeof KIT_SYNC_JOB_STATUSES)[number];

/** Contacts one sync-state request may ask about (the screen asks for the rows it shows, in slices of this). */
export const KIT_SYNC_STATE_IDS_MAX = 500;
/** Tags one sync may apply. */
export const KIT_SYNC_TAGS_MAX = 100;
/** CRM tags one tag-link request may name. */
export const KIT_TAG_LINK_IDS_MAX = 1000;
export const KIT_API_KEY_MAX = 500;
export const KIT_SUBSCRIBERS_PER_PAGE_MAX = 1000;

export const KIT_PATHS = {
  /** GET the key's status, PUT a new key, DELETE it. */
  settings: '/api/kit/settings',
  testConnection: '/api/kit/test-connection',
  stats: '/api/kit/stats',
  forms: '/api/kit/forms',
  tags: '/api/kit/tags',
  subscribers: '/api/kit/subscribers',
  customFields: '/api/kit/custom-fields',
  tagLinks: '/api/kit/tag-links',
  checkContact: routePath('/api/kit/contacts/:id/check'),
  syncContact: routePath('/api/kit/contacts/:id/sync'),
  batches: '/api/kit/sync-batches',
  batch: routePath('/api/kit/sync-batches/:id'),
  /** POST a selection: how many of it a bulk sync would skip (final Kit states). */
  batchPreview: '/api/kit/sync-batches/preview',
  retryBatch: routePath('/api/kit/sync-batches/:id/retry'),
  /** GET `?contact_ids=a,b,…` (syncStateQuery). */
  syncState: '/api/kit/sync-state',
} as const;

export const syncStateQuery = (contactIds: string[]) => `${KIT_PATHS.syncState}?contact_ids=${contactIds.map(encodeURIComponent).join(',')}`;

const uuid = z.uuid();
export const kitIdParamsSchema = z.object({ id: uuid });
/** Names of CRM tags to apply in Kit: the tag rule's length. */
const tagNames = z.array(safeText().trim().min(1).max(TAG_NAME_MAX)).max(KIT_SYNC_TAGS_MAX);

// Requests.
export const kitApiKeySchema = z.object({ api_key: safeText().trim().min(1, KIT_MESSAGES.apiKeyRequired).max(KIT_API_KEY_MAX) });
/** A key typed in but not saved yet; none: the saved key. */
export const kitTestConnectionSchema = z.object({ api_key: safeText().trim().min(1).max(KIT_API_KEY_MAX).optional() }).optional();
const KIT_CURSOR = /^[A-Za-z0-9+/=_-]+$/;
export const KIT_SUBSCRIBER_STATES = ['active', 'inactive', 'bounced', 'complained', 'cancelled'] as const;
export type KitSubscriberState = (typeof KIT_SUBSCRIBER_STATES)[number];
export const kitSubscriberQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(KIT_SUBSCRIBERS_PER_PAGE_MAX).default(50),
  /** Kit's own cursors (base64), passed on as they came. */
  after: z.string().max(500).regex(KIT_CURSOR, KIT_MESSAGES.invalidCursor).optional(),
  before: z.string().max(500).regex(KIT_CURSOR, KIT_MESSAGES.invalidCursor).optional(),
  /** Kit filters by the exact address (no partial match). */
  email: safeText().trim().max(320).optional(),
  status: z.enum(['all', ...KIT_SUBSCRIBER_STATES]).default('all'),
});
export const kitTagLinksSchema = z.object({
  create_missing: z.boolean().default(false),
  tag_ids: z.array(uuid).max(KIT_TAG_LINK_IDS_MAX).optional(),
});
export const kitContactSyncSchema = z.object({ tag_names: tagNames.default([]) });
/** The contacts screen's selection: rows picked, or every contact that matches the view. */
export const kitBatchSchema = z.object({ selection: contactSelectionSchema, tag_names: tagNames.default([]) });
export const kitSyncStateQuerySchema = z.object({
  contact_ids: safeText()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(uuid).max(KIT_SYNC_STATE_IDS_MAX)),
});

// Answers.
export const kitKeyStatusSchema = z.object({
  configured: z.boolean(),
  /** The last four characters only, e.g. "••••••••3f9a". */
  masked_key: z.string().nullable(),
  updated_at: timestamp.nullable(),
  /** Set when a value is stored but cannot be decrypted with this server's secret. */
  error: z.string().optional(),
});
export type KitKeyStatus = z.output<typeof kitKeyStatusSchema>;

export const connectionResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), account: z.object({ name: z.string(), email: z.string() }) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type ConnectionResult = z.output<typeof connectionResultSchema>;

export const kitStatsSchema = z.object({ total_subscribers: z.number().int(), active_subscribers: z.number().int() });
export type KitStats = z.output<typeof kitStatsSchema>;

export const kitFormSchema = z.object({ id: z.number().int(), name: z.string(), type: z.string(), created_at: z.string() });
export type KitForm = z.output<typeof kitFormSchema>;
export const kitFormListSchema = z.object({ forms: z.array(kitFormSchema) });

export const kitTagSchema = z.object({ id: z.number().int(), name: z.string(), created_at: z.string() });
export type KitTag = z.output<typeof kitTagSchema>;
export const kitTagListSchema = z.object({ tags: z.array(kitTagSchema) });

export const kitSubscriberSchema = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  email_address: z.string(),
  state: z.enum(KIT_SUBSCRIBER_STATES),
  created_at: z.string(),
  fields: z.record(z.string(), z.string().nullable()),
});
export type KitSubscriber = z.output<typeof kitSubscriberSchema>;

export const kitPaginationSchema = z.object({
  has_previous_page: z.boolean(),
  has_next_page: z.boolean(),
  start_cursor: z.string().nullable(),
  end_cursor: z.string().nullable(),
  per_page: z.number().int(),
});
export type KitPagination = z.output<typeof kitPaginationSchema>;
export const subscriberPageSchema = z.object({ subscribers: z.array(kitSubscriberSchema), pagination: kitPaginationSchema });
export type SubscriberPage = z.output<typeof subscriberPageSchema>;

export const customFieldsResultSchema = z.object({ created: z.array(z.string()), existing: z.array(z.string()) });

export const TAG_LINK_RESULTS = ['unchanged', 'linked', 'created', 'missing'] as const;
export type TagLinkResult = (typeof TAG_LINK_RESULTS)[number];
export const tagLinksResultSchema = z.object({
  tags: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kit_tag_name: z.string().nullable(),
      kit_tag_id: z.number().int().nullable(),
      result: z.enum(TAG_LINK_RESULTS),
    }),
  ),
});
export type TagLinksResult = z.output<typeof tagLinksResultSchema>;

export const checkResultSchema = z.object({ kit_id: z.number().int().nullable(), subscriber: kitSubscriberSchema.nullable() });

export const syncResultSchema = z.object({
  kit_id: z.number().int(),
  /** Kit created the subscriber (false: it existed and was updated). */
  created: z.boolean(),
  tags: z.array(z.object({ name: z.string(), kit_tag_id: z.number().int() })),
  message: z.string(),
});
export type SyncResult = z.output<typeof syncResultSchema>;

/** `skipped`: selected contacts not queued, as Kit says they unsubscribed, bounced or complained. */
export const batchStartedSchema = z.object({ batch_id: z.string(), total: z.number().int(), skipped: z.number().int() });
export const batchPreviewSchema = z.object({ skipped: z.number().int() });

export const batchProgressSchema = z.object({
  batch_id: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  /** No job is waiting or running any more. */
  finished: z.boolean(),
  /** The failed contacts (at most FAILURE_LIST_LIMIT), each "Failed to sync {email}: {message or Unknown error}". */
  failures: z.array(z.object({ contact_id: z.string(), email: z.string(), message: z.string() })),
});
export type BatchProgress = z.output<typeof batchProgressSchema>;

export const batchRetriedSchema = z.object({ requeued: z.number().int() });

export const kitSyncStateSchema = z.object({
  contact_id: z.string(),
  /** never: no sync was ever asked for; queued/running: one is under way; waiting: for a working key; synced/failed: how the latest one ended. */
  state: z.enum(['never', 'queued', 'running', 'waiting', 'synced', 'failed']),
  /** When the contact last reached Kit. */
  last_synced_at: timestamp.nullable(),
  /** Why the latest sync failed, or why its previous attempt did (while it waits for a retry). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt_at: timestamp.nullable(),
});
export type KitSyncState = z.output<typeof kitSyncStateSchema>;
export const syncStatesSchema = z.object({ states: z.record(z.string(), kitSyncStateSchema) });
