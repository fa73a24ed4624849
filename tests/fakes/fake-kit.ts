import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/*
 * A fake of Kit's API v4 (shared/KIT-V4.md) for tests, benchmarks and local demos: the endpoints
 * the product uses, with Kit's semantics (X-Kit-Api-Key, {"errors": [...]}, cursor pagination,
 * the subscriber upsert, tagging by email, custom fields) and Kit's rate limit: `limit` requests
 * per rolling `windowMs` per key (120 per 60 s by default, configurable so tests run in seconds),
 * answered by 429 with the plain body "Retry later" and no Retry-After header. Every request that
 * passes authentication counts towards the window, the rejected ones too.
 *
 * Fault injection (setFailure): 500s, timeouts (never answers), dropped connections (before or
 * after the request took effect), 429 storms, and a random failure rate.
 *
 * Standalone: `npx tsx tests/fakes/fake-kit.ts` prints its URL and API key (see `main` below).
 */

import { createFakeWebhooks, WEBHOOK_ROUTES, type DeliverOptions, type DeliveryReport, type FakeWebhooks } from './fake-kit-webhooks.ts';

export type FailureKind = '500' | '429' | 'timeout' | 'drop' | 'drop_after_processing';
export type FailureMode =
  | 'none'
  /** Every request fails this way until told otherwise. */
  | FailureKind
  /** The next `times` requests fail this way. */
  | { kind: FailureKind; times: number }
  /** Each request fails with this probability (0..1), in one of `kinds` (default: 500, timeout, both drops). */
  | { random: number; kinds?: FailureKind[] };

export interface FakeKitOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  rateLimit?: { limit: number; windowMs: number };
  failure?: FailureMode;
  /** Seed of the random failure rate, for repeatable runs. */
  seed?: number;
  account?: { name: string; email: string };
  /** Kit's forms; `doubleOptIn` (default true, as Kit makes a new form) emails a confirmation to whoever joins. */
  forms?: Array<{ name: string; type?: string; doubleOptIn?: boolean }>;
  tags?: string[];
  /** Labels of custom fields that exist in the account from the start. */
  customFields?: string[];
}

export interface FakeSubscriber {
  id: number;
  first_name: string | null;
  email_address: string;
  state: 'active' | 'inactive' | 'bounced' | 'complained' | 'cancelled';
  created_at: string;
  updated_at: number;
  fields: Record<string, string | null>;
  tag_ids: Set<number>;
  /** When each tag was put on (ms): Kit's tag-subscriber list answers it as `tagged_at`. */
  tagged_at?: Map<number, number>;
}

/** A subscriber put straight into the fake (tests, the benchmark), as if it had come into Kit some other way. */
export interface FakeSubscriberSeed {
  email_address: string;
  first_name?: string | null;
  state?: FakeSubscriber['state'];
  fields?: Record<string, string | null>;
  /** Tag names; tags that do not exist are created. */
  tags?: string[];
}

export interface FakeTag {
  id: number;
  name: string;
  created_at: string;
}

export interface FakeCustomField {
  id: number;
  name: string;
  key: string;
  label: string;
}

export interface FakeKitLogEntry {
  at: number;
  method: string;
  endpoint: string;
  outcome: number | 'timeout' | 'dropped';
}

export interface FakeKitStats {
  requests: number;
  /** 429s answered because the window was full (not injected ones). */
  rateLimited: number;
  injectedFailures: number;
  /** The most requests that arrived within any rolling window. */
  maxInWindow: number;
  firstAt: number | null;
  lastAt: number | null;
}

export interface FakeKitState {
  subscribers: Map<number, FakeSubscriber>;
  tags: Map<number, FakeTag>;
  customFields: FakeCustomField[];
  forms: Array<{ id: number; name: string; type: string; created_at: string; format: string | null; archived: boolean }>;
  /** Whether each form (by id) asks for a confirmation: Kit's form setting, not part of its API's answers. */
  doubleOptIn: Map<number, boolean>;
  /** Subscriber ids on each form (by form id). */
  formSubscribers: Map<number, Set<number>>;
  /** Every confirmation email Kit would have sent: who, for which form. */
  confirmationEmails: Array<{ email: string; form_id: number }>;
  /** How many subscriber upserts Kit carried out per email (a retry after a lost answer adds one). */
  upsertsByEmail: Map<string, number>;
  /** How many times each email was newly tagged (201) per tag: more than 1 would be a double tagging. */
  newTaggings: Map<string, number>;
  subscriberByEmail(email: string): FakeSubscriber | undefined;
  /** Adds a subscriber (updated and created now); answers it. */
  addSubscriber(seed: FakeSubscriberSeed): FakeSubscriber;
  /** Kit's own change of a subscriber (an unsubscribe, a bounce, an edit): it counts as an update. */
  updateSubscriber(id: number, change: Partial<Pick<FakeSubscriber, 'state' | 'first_name' | 'fields'>>): void;
  tagByName(name: string): FakeTag;
  /** The person clicked the link in the confirmation email: an inactive subscriber becomes active. */
  confirmSubscriber(email: string): FakeSubscriber;
}

export interface FakeKit {
  /** The API base, e.g. http://127.0.0.1:4010/v4: set it as KIT_API_BASE. */
  url: string;
  apiKey: string;
  /** Requests received per endpoint, e.g. calls['POST /subscribers']. */
  calls: Record<string, number>;
  log: FakeKitLogEntry[];
  state: FakeKitState;
  rateLimit: { limit: number; windowMs: number };
  setFailure(mode: FailureMode): void;
  /** Webhook endpoints and the deliveries of their events (fake-kit-webhooks.ts). */
  webhooks: FakeWebhooks;
  /**
   * The person confirms (see state.confirmSubscriber), and Kit sends `subscriber.activated` to the
   * webhook endpoints that asked for it (none registered: nothing is sent).
   */
  confirm(email: string, options?: DeliverOptions): Promise<DeliveryReport>;
  /** Back to how it started: its first tags, forms and custom fields, no subscribers, nothing counted or logged, no failure. */
  reset(): void;
  stats(): FakeKitStats;
  close(): Promise<void>;
}

type Reply = { status: number; json?: unknown; text?: string };

const errors = (status: number, ...messages: string[]): Reply => ({ status, json: { errors: messages } });
const notFound = () => errors(404, 'Not Found');
const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SUBSCRIBER_STATES = ['active', 'inactive', 'bounced', 'complained', 'cancelled'] as const;

/** Kit derives a custom field's key from its label: "Last Name" → "last_name". */
export function customFieldKey(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** mulberry32: a small seeded generator, so a "10 % failure" run can be repeated exactly. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SortKey = [number, number];
const encodeCursor = (key: SortKey) => Buffer.from(JSON.stringify(key)).toString('base64');
function decodeCursor(cursor: string | null): SortKey | null | 'invalid' {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
    return Array.isArray(key) && key.length === 2 && key.every((n) => typeof n === 'number') ? (key as SortKey) : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** Kit's cursor pagination over a list already in its sort order (`direction` of that order). */
function paginate<T>(entries: Array<{ item: T; key: SortKey }>, direction: 1 | -1, query: URLSearchParams) {
  const perPageParam = Number(query.get('per_page') ?? 500);
  const perPage = Number.isFinite(perPageParam) ? Math.min(1000, Math.max(1, Math.floor(perPageParam))) : 500;
  const after = decodeCursor(query.get('after'));
  const before = decodeCursor(query.get('before'));
  if (after === 'invalid' || before === 'invalid') return { error: errors(422, 'Invalid cursor') };
  const cmp = (a: SortKey, b: SortKey) => direction * (a[0] - b[0] || a[1] - b[1]);
  let page: typeof entries;
  let hasPrevious: boolean;
  let hasNext: boolean;
  if (after) {
    const rest = entries.filter((e) => cmp(e.key, after) > 0);
    page = rest.slice(0, perPage);
    hasNext = rest.length > perPage;
    hasPrevious = entries.some((e) => cmp(e.key, after) <= 0);
  } else if (before) {
    const rest = entries.filter((e) => cmp(e.key, before) < 0);
    page = rest.slice(Math.max(0, rest.length - perPage));
    hasPrevious = rest.length > perPage;
    hasNext = entries.some((e) => cmp(e.key, before) >= 0);
  } else {
    page = entries.slice(0, perPage);
    hasNext = entries.length > perPage;
    hasPrevious = false;
  }
  const pagination: Record<string, unknown> = {
    has_previous_page: hasPrevious,
    has_next_page: hasNext,
    start_cursor: page[0] ? encodeCursor(page[0].key) : null,
    end_cursor: page.length ? encodeCursor(page[page.length - 1]!.key) : null,
    per_page: perPage,
  };
  if (query.get('include_total_count') === 'true') pagination.total_count = entries.length;
  return { items: page.map((e) => e.item), pagination };
}

/**
 * The filters Kit's subscriber lists share: `status` (active by default; `all` for every state) and
 * `{name}_after` / `{name}_before` times (ISO 8601 or yyyy-mm-dd, inclusive) over the named times.
 * Kit's list answers carry no updated time of their own (only `created_at`, and `tagged_at` on a
 * tag's list), so a caller that wants "changed since" must ask with `updated_after`.
 */
type ListFilter = { error: Reply } | { keep(s: FakeSubscriber, other: Partial<Record<'updated' | 'tagged', number>>): boolean };
function listFilter(query: URLSearchParams, times: Array<'created' | 'updated' | 'tagged'>): ListFilter {
  const status = query.get('status') ?? 'active';
  if (status !== 'all' && !(SUBSCRIBER_STATES as readonly string[]).includes(status)) {
    return { error: errors(422, `Status must be one of: ${[...SUBSCRIBER_STATES, 'all'].join(', ')}`) };
  }
  const bounds: Array<{ time: string; after: number | null; before: number | null }> = [];
  for (const time of times) {
    const parse = (name: string) => (query.get(name) ? Date.parse(query.get(name)!) : null);
    const after = parse(`${time}_after`);
    const before = parse(`${time}_before`);
    if (Number.isNaN(after) || Number.isNaN(before)) return { error: errors(422, `${time}_after and ${time}_before must be dates`) };
    bounds.push({ time, after, before });
  }
  return {
    keep(s: FakeSubscriber, other: Partial<Record<'updated' | 'tagged', number>>): boolean {
      if (status !== 'all' && s.state !== status) return false;
      return bounds.every(({ time, after, before }) => {
        const at = time === 'created' ? Date.parse(s.created_at) : other[time as 'updated' | 'tagged']!;
        return (after === null || at >= after) && (before === null || at <= before);
      });
    },
  };
}

const ROUTES: Array<{ method: string; pattern: RegExp; endpoint: string }> = [
  { method: 'GET', pattern: /^\/account$/, endpoint: 'GET /account' },
  { method: 'GET', pattern: /^\/forms$/, endpoint: 'GET /forms' },
  { method: 'POST', pattern: /^\/forms\/(\d+)\/subscribers$/, endpoint: 'POST /forms/:form_id/subscribers' },
  { method: 'GET', pattern: /^\/tags$/, endpoint: 'GET /tags' },
  { method: 'POST', pattern: /^\/tags$/, endpoint: 'POST /tags' },
  { method: 'POST', pattern: /^\/tags\/(\d+)\/subscribers$/, endpoint: 'POST /tags/:tag_id/subscribers' },
  { method: 'POST', pattern: /^\/tags\/(\d+)\/subscribers\/(\d+)$/, endpoint: 'POST /tags/:tag_id/subscribers/:id' },
  { method: 'DELETE', pattern: /^\/tags\/(\d+)\/subscribers\/(\d+)$/, endpoint: 'DELETE /tags/:tag_id/subscribers/:id' },
  { method: 'GET', pattern: /^\/tags\/(\d+)\/subscribers$/, endpoint: 'GET /tags/:tag_id/subscribers' },
  { method: 'GET', pattern: /^\/subscribers$/, endpoint: 'GET /subscribers' },
  { method: 'POST', pattern: /^\/subscribers$/, endpoint: 'POST /subscribers' },
  { method: 'GET', pattern: /^\/subscribers\/(\d+)$/, endpoint: 'GET /subscribers/:id' },
  { method: 'PUT', pattern: /^\/subscribers\/(\d+)$/, endpoint: 'PUT /subscribers/:id' },
  { method: 'POST', pattern: /^\/subscribers\/(\d+)\/unsubscribe$/, endpoint: 'POST /subscribers/:id/unsubscribe' },
  { method: 'GET', pattern: /^\/custom_fields$/, endpoint: 'GET /custom_fields' },
  { method: 'POST', pattern: /^\/custom_fields$/, endpoint: 'POST /custom_fields' },
  ...WEBHOOK_ROUTES,
];

function createState(options: FakeKitOptions): FakeKitState & { nextId(): number } {
  let id = 1000;
  const nextId = () => ++id;
  const forms = (options.forms ?? [{ name: 'Newsletter sign-up' }, { name: 'Webinar landing page', type: 'hosted' }]).map((f) => ({
    form: {
      id: nextId(),
      name: f.name,
      type: f.type ?? 'embed',
      created_at: isoNow(),
      format: f.type === 'hosted' ? null : 'inline',
      archived: false,
    },
    doubleOptIn: f.doubleOptIn ?? true,
  }));
  const state = {
    subscribers: new Map<number, FakeSubscriber>(),
    tags: new Map<number, FakeTag>(),
    customFields: [] as FakeCustomField[],
    forms: forms.map((f) => f.form),
    doubleOptIn: new Map(forms.map((f) => [f.form.id, f.doubleOptIn])),
    formSubscribers: new Map<number, Set<number>>(),
    confirmationEmails: [] as Array<{ email: string; form_id: number }>,
    upsertsByEmail: new Map<string, number>(),
    newTaggings: new Map<string, number>(),
    subscriberByEmail(email: string) {
      const wanted = email.trim().toLowerCase();
      for (const s of state.subscribers.values()) if (s.email_address === wanted) return s;
      return undefined;
    },
    tagByName(name: string): FakeTag {
      const existing = [...state.tags.values()].find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (existing) return existing;
      const tag = { id: nextId(), name, created_at: isoNow() };
      state.tags.set(tag.id, tag);
      return tag;
    },
    addSubscriber(seed: FakeSubscriberSeed): FakeSubscriber {
      const now = Date.now();
      const subscriber: FakeSubscriber = {
        id: nextId(),
        first_name: seed.first_name ?? null,
        email_address: seed.email_address.trim().toLowerCase(),
        state: seed.state ?? 'active',
        created_at: isoNow(),
        updated_at: now,
        fields: { ...seed.fields },
        tag_ids: new Set(),
        tagged_at: new Map(),
      };
      for (const name of seed.tags ?? []) {
        const tag = state.tagByName(name);
        subscriber.tag_ids.add(tag.id);
        subscriber.tagged_at!.set(tag.id, now);
      }
      state.subscribers.set(subscriber.id, subscriber);
      return subscriber;
    },
    updateSubscriber(id: number, change: Partial<Pick<FakeSubscriber, 'state' | 'first_name' | 'fields'>>) {
      const subscriber = state.subscribers.get(id);
      if (!subscriber) throw new Error(`No fake subscriber ${id}`);
      Object.assign(subscriber, { ...change, fields: { ...subscriber.fields, ...change.fields } });
      subscriber.updated_at = Date.now();
    },
    confirmSubscriber(email: string): FakeSubscriber {
      const subscriber = state.subscriberByEmail(email);
      if (!subscriber) throw new Error(`No fake subscriber ${email}`);
      if (subscriber.state === 'inactive') state.updateSubscriber(subscriber.id, { state: 'active' });
      return subscriber;
    },
    nextId,
  };
  for (const name of options.tags ?? []) {
    const tagId = nextId();
    state.tags.set(tagId, { id: tagId, name, created_at: isoNow() });
  }
  for (const label of options.customFields ?? []) {
    const fieldId = nextId();
    state.customFields.push({ id: fieldId, name: `ck_field_${fieldId}_${customFieldKey(label)}`, key: customFieldKey(label), label });
  }
  return state;
}

export async function startFakeKit(options: FakeKitOptions = {}): Promise<FakeKit> {
  const apiKey = options.apiKey ?? `kit_fake_${randomBytes(12).toString('hex')}`;
  const rateLimit = { ...(options.rateLimit ?? { limit: 120, windowMs: 60_000 }) };
  const account = options.account ?? { name: 'Fake Kit account', email: 'owner@fake-kit.test' };
  const state = createState(options);
  const calls: Record<string, number> = {};
  const log: FakeKitLogEntry[] = [];
  const counters = { rateLimited: 0, injectedFailures: 0 };
  const window: number[] = [];
  let failure: FailureMode = options.failure ?? 'none';
  let failuresLeft = 0;
  const random = seededRandom(options.seed ?? 1);
  const webhooks = createFakeWebhooks(() => state.nextId());

  const setFailure = (mode: FailureMode) => {
    failure = mode;
    failuresLeft = typeof mode === 'object' && 'times' in mode ? mode.times : 0;
  };
  setFailure(failure);

  const reset = () => {
    Object.assign(state, createState(options));
    for (const endpoint of Object.keys(calls)) delete calls[endpoint];
    log.length = 0;
    window.length = 0;
    counters.rateLimited = 0;
    counters.injectedFailures = 0;
    setFailure(options.failure ?? 'none');
    webhooks.reset();
  };

  const pickFailure = (): FailureKind | null => {
    if (failure === 'none') return null;
    if (typeof failure === 'string') return failure;
    if ('times' in failure) return failuresLeft-- > 0 ? failure.kind : null;
    if (random() >= failure.random) return null;
    const kinds = failure.kinds ?? ['500', 'timeout', 'drop', 'drop_after_processing'];
    return kinds[Math.floor(random() * kinds.length)]!;
  };

  /** Counts the request in the key's rolling window; true when it is over the limit. */
  const overLimit = (at: number) => {
    while (window.length && window[0]! <= at - rateLimit.windowMs) window.shift();
    window.push(at);
    return window.length > rateLimit.limit;
  };

  const subscriberJson = (s: FakeSubscriber) => ({
    id: s.id,
    first_name: s.first_name,
    email_address: s.email_address,
    state: s.state,
    created_at: s.created_at,
    fields: Object.fromEntries(state.customFields.map((f) => [f.key, s.fields[f.key] ?? null])),
  });
  const knownField = (key: string) => state.customFields.some((f) => f.key === key);
  const stringFields = (value: unknown): Record<string, string | null> | null =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string | null>) : null;

  const tagSubscriber = (tag: FakeTag, subscriber: FakeSubscriber): Reply => {
    const already = subscriber.tag_ids.has(tag.id);
    subscriber.tag_ids.add(tag.id);
    if (!already) {
      (subscriber.tagged_at ??= new Map()).set(tag.id, Date.now());
      const key = `${subscriber.email_address} ${tag.id}`;
      state.newTaggings.set(key, (state.newTaggings.get(key) ?? 0) + 1);
    }
    return { status: already ? 200 : 201, json: { subscriber: { ...subscriberJson(subscriber), tagged_at: isoNow() } } };
  };

  function handle(endpoint: string, params: string[], query: URLSearchParams, body: Record<string, unknown>): Reply {
    switch (endpoint) {
      case 'GET /account':
        return {
          status: 200,
          json: {
            user: { email: account.email },
            account: { id: 1, name: account.name, plan_type: 'creator', primary_email_address: account.email, created_at: '2024-01-01T00:00:00Z' },
          },
        };
      case 'GET /forms': {
        const page = paginate(state.forms.map((f) => ({ item: f, key: [f.id, f.id] as SortKey })), 1, query);
        return page.error ?? { status: 200, json: { forms: page.items, pagination: page.pagination } };
      }
      case 'POST /forms/:form_id/subscribers': {
        // The subscriber must exist (the upsert comes first). A double opt-in form emails its
        // confirmation to an inactive subscriber and leaves them inactive; any other form makes them
        // active. An active subscriber stays active either way, with no new confirmation.
        const formId = Number(params[0]);
        if (!state.forms.some((f) => f.id === formId)) return notFound();
        const email = typeof body.email_address === 'string' ? body.email_address : '';
        if (!email) return errors(422, "Email address can't be blank");
        const subscriber = state.subscriberByEmail(email);
        if (!subscriber) return notFound();
        const members = state.formSubscribers.get(formId) ?? new Set<number>();
        state.formSubscribers.set(formId, members);
        const already = members.has(subscriber.id);
        members.add(subscriber.id);
        if (!already && subscriber.state === 'inactive') {
          if (state.doubleOptIn.get(formId)) state.confirmationEmails.push({ email: subscriber.email_address, form_id: formId });
          else state.updateSubscriber(subscriber.id, { state: 'active' });
        }
        const referrer = typeof body.referrer === 'string' ? body.referrer : null;
        return { status: already ? 200 : 201, json: { subscriber: { ...subscriberJson(subscriber), added_at: isoNow(), referrer } } };
      }
      case 'GET /tags': {
        const page = paginate([...state.tags.values()].map((t) => ({ item: t, key: [t.id, t.id] as SortKey })), 1, query);
        return page.error ?? { status: 200, json: { tags: page.items, pagination: page.pagination } };
      }
      case 'POST /tags': {
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        if (!name) return errors(422, "Name can't be blank");
        const existing = [...state.tags.values()].find((t) => t.name.toLowerCase() === name.toLowerCase());
        if (existing) return { status: 200, json: { tag: existing } };
        const tag = { id: state.nextId(), name, created_at: isoNow() };
        state.tags.set(tag.id, tag);
        return { status: 201, json: { tag } };
      }
      case 'POST /tags/:tag_id/subscribers': {
        const tag = state.tags.get(Number(params[0]));
        if (!tag) return notFound();
        const email = typeof body.email_address === 'string' ? body.email_address : '';
        if (!email) return errors(422, "Email address can't be blank");
        const subscriber = state.subscriberByEmail(email);
        return subscriber ? tagSubscriber(tag, subscriber) : notFound();
      }
      case 'POST /tags/:tag_id/subscribers/:id': {
        const tag = state.tags.get(Number(params[0]));
        const subscriber = state.subscribers.get(Number(params[1]));
        return tag && subscriber ? tagSubscriber(tag, subscriber) : notFound();
      }
      case 'DELETE /tags/:tag_id/subscribers/:id': {
        const tag = state.tags.get(Number(params[0]));
        const subscriber = state.subscribers.get(Number(params[1]));
        if (!tag || !subscriber || !subscriber.tag_ids.has(tag.id)) return notFound();
        subscriber.tag_ids.delete(tag.id);
        subscriber.tagged_at?.delete(tag.id);
        return { status: 204 };
      }
      case 'GET /tags/:tag_id/subscribers': {
        // Kit answers each subscriber with `tagged_at`; filters: status (default active, or all),
        // created_after/before, tagged_after/before, and the cursor parameters.
        const tag = state.tags.get(Number(params[0]));
        if (!tag) return notFound();
        const filter = listFilter(query, ['created', 'tagged']);
        if ('error' in filter) return filter.error;
        const taggedAt = (s: FakeSubscriber) => s.tagged_at?.get(tag.id) ?? Date.parse(s.created_at);
        const list = [...state.subscribers.values()].filter((s) => s.tag_ids.has(tag.id) && filter.keep(s, { tagged: taggedAt(s) }));
        const entries = list.map((s) => ({ item: s, key: [s.id, s.id] as SortKey })).sort((a, b) => a.key[0] - b.key[0]);
        const page = paginate(entries, 1, query);
        return (
          page.error ?? {
            status: 200,
            json: { subscribers: page.items.map((s) => ({ ...subscriberJson(s), tagged_at: new Date(taggedAt(s)).toISOString() })), pagination: page.pagination },
          }
        );
      }
      case 'GET /subscribers': {
        const filter = listFilter(query, ['created', 'updated']);
        if ('error' in filter) return filter.error;
        const emails = query.get('email_address')?.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
        const sortField = query.get('sort_field') ?? 'id';
        // Oldest first unless asked otherwise, so a caller that wants the newest first must say so.
        const direction = query.get('sort_order') === 'desc' ? -1 : 1;
        const list = [...state.subscribers.values()].filter((s) => (!emails || emails.includes(s.email_address)) && filter.keep(s, { updated: s.updated_at }));
        const sortValue = (s: FakeSubscriber) => (sortField === 'updated_at' ? s.updated_at : s.id);
        const entries = list.map((s) => ({ item: s, key: [sortValue(s), s.id] as SortKey }));
        entries.sort((a, b) => direction * (a.key[0] - b.key[0] || a.key[1] - b.key[1]));
        const page = paginate(entries, direction, query);
        return page.error ?? { status: 200, json: { subscribers: page.items.map(subscriberJson), pagination: page.pagination } };
      }
      case 'POST /subscribers': {
        const email = typeof body.email_address === 'string' ? body.email_address.trim().toLowerCase() : '';
        if (!EMAIL.test(email)) return errors(422, 'Email address is invalid');
        const firstName = typeof body.first_name === 'string' ? body.first_name : null;
        state.upsertsByEmail.set(email, (state.upsertsByEmail.get(email) ?? 0) + 1);
        const existing = state.subscriberByEmail(email);
        if (existing) {
          // The upsert updates the first name only; state cannot be changed here.
          if (body.first_name !== undefined) existing.first_name = firstName;
          existing.updated_at = Date.now();
          return { status: 200, json: { subscriber: subscriberJson(existing) } };
        }
        const requested = typeof body.state === 'string' ? body.state : 'active';
        if (!(SUBSCRIBER_STATES as readonly string[]).includes(requested)) return errors(422, 'State is invalid');
        const fields: Record<string, string | null> = {};
        const warnings: string[] = [];
        for (const [key, value] of Object.entries(stringFields(body.fields) ?? {})) {
          if (knownField(key)) fields[key] = value === null ? null : String(value);
          else warnings.push(`Custom field '${key}' does not exist and was ignored`);
        }
        const subscriber: FakeSubscriber = {
          id: state.nextId(),
          first_name: firstName,
          email_address: email,
          state: requested as FakeSubscriber['state'],
          created_at: isoNow(),
          updated_at: Date.now(),
          fields,
          tag_ids: new Set(),
        };
        state.subscribers.set(subscriber.id, subscriber);
        return { status: 201, json: warnings.length ? { subscriber: subscriberJson(subscriber), warnings } : { subscriber: subscriberJson(subscriber) } };
      }
      case 'GET /subscribers/:id': {
        const subscriber = state.subscribers.get(Number(params[0]));
        return subscriber ? { status: 200, json: { subscriber: subscriberJson(subscriber) } } : notFound();
      }
      case 'PUT /subscribers/:id': {
        const subscriber = state.subscribers.get(Number(params[0]));
        if (!subscriber) return notFound();
        const fields = stringFields(body.fields) ?? {};
        const unknown = Object.keys(fields).filter((key) => !knownField(key));
        if (unknown.length) return errors(422, ...unknown.map((key) => `Custom field '${key}' does not exist`));
        if (body.email_address !== undefined) {
          const email = String(body.email_address).trim().toLowerCase();
          if (!EMAIL.test(email)) return errors(422, 'Email address is invalid');
          const other = state.subscriberByEmail(email);
          if (other && other.id !== subscriber.id) return errors(422, 'Email address has already been taken');
          subscriber.email_address = email;
        }
        if (body.first_name !== undefined) subscriber.first_name = typeof body.first_name === 'string' ? body.first_name : null;
        for (const [key, value] of Object.entries(fields)) subscriber.fields[key] = value === null ? null : String(value);
        subscriber.updated_at = Date.now();
        return { status: 200, json: { subscriber: subscriberJson(subscriber) } };
      }
      case 'POST /subscribers/:id/unsubscribe': {
        const subscriber = state.subscribers.get(Number(params[0]));
        if (!subscriber) return notFound();
        subscriber.state = 'cancelled';
        subscriber.updated_at = Date.now();
        return { status: 204 };
      }
      case 'GET /custom_fields': {
        const page = paginate(state.customFields.map((f) => ({ item: f, key: [f.id, f.id] as SortKey })), 1, query);
        return page.error ?? { status: 200, json: { custom_fields: page.items, pagination: page.pagination } };
      }
      case 'POST /custom_fields': {
        const label = typeof body.label === 'string' ? body.label.trim() : '';
        if (!label) return errors(422, "Label can't be blank");
        const key = customFieldKey(label);
        if (state.customFields.some((f) => f.key === key || f.label.toLowerCase() === label.toLowerCase())) {
          return errors(422, 'Label has already been taken');
        }
        const id = state.nextId();
        const field = { id, name: `ck_field_${id}_${key}`, key, label };
        state.customFields.push(field);
        return { status: 201, json: { custom_field: field } };
      }
      default:
        return webhooks.handle(endpoint, params, body) ?? notFound();
    }
  }

  const send = (res: http.ServerResponse, reply: Reply) => {
    if (reply.text !== undefined) {
      res.writeHead(reply.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(reply.text);
    } else if (reply.json !== undefined) {
      res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.json));
    } else {
      res.writeHead(reply.status).end();
    }
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const stats = (): FakeKitStats => {
    let maxInWindow = 0;
    for (let start = 0, end = 0; end < log.length; end++) {
      while (log[start]!.at <= log[end]!.at - rateLimit.windowMs) start++;
      maxInWindow = Math.max(maxInWindow, end - start + 1);
    }
    return {
      requests: log.length,
      rateLimited: counters.rateLimited,
      injectedFailures: counters.injectedFailures,
      maxInWindow,
      firstAt: log[0]?.at ?? null,
      lastAt: log[log.length - 1]?.at ?? null,
    };
  };

  /** For a fake running in another process (the benchmark, a demo): its state and fault switch. */
  async function control(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    if (req.headers['x-kit-api-key'] !== apiKey) return send(res, errors(401, 'The API key is invalid'));
    if (req.method === 'POST' && pathname === '/__fake/failure') {
      setFailure(JSON.parse((await readBody(req)) || '"none"') as FailureMode);
      return send(res, { status: 204 });
    }
    if (req.method === 'GET' && pathname === '/__fake/state') {
      return send(res, {
        status: 200,
        json: {
          calls,
          stats: stats(),
          subscribers: [...state.subscribers.values()].map((s) => ({ ...subscriberJson(s), tag_ids: [...s.tag_ids] })),
          tags: [...state.tags.values()],
          upserts_by_email: Object.fromEntries(state.upsertsByEmail),
          new_taggings: Object.fromEntries(state.newTaggings),
          log,
        },
      });
    }
    return send(res, notFound());
  }

  const server = http.createServer(async (req, res) => {
    const at = Date.now();
    const url = new URL(req.url ?? '/', 'http://fake-kit');
    if (url.pathname.startsWith('/__fake/')) return control(req, res, url.pathname);
    const method = req.method ?? 'GET';
    const path = url.pathname.startsWith('/v4/') ? url.pathname.slice(3) : null;
    const route = path === null ? undefined : ROUTES.find((r) => r.method === method && r.pattern.test(path));
    const endpoint = route?.endpoint ?? `${method} ${url.pathname} (unknown)`;
    calls[endpoint] = (calls[endpoint] ?? 0) + 1;
    const record = (outcome: FakeKitLogEntry['outcome']) => log.push({ at, method, endpoint, outcome });
    const answer = (reply: Reply) => {
      record(reply.status);
      send(res, reply);
    };

    const text = await readBody(req);
    if (req.headers['x-kit-api-key'] !== apiKey) {
      return answer(errors(401, req.headers['x-kit-api-key'] ? 'The API key is invalid' : 'The API key is missing'));
    }
    if (overLimit(at)) {
      counters.rateLimited++;
      return answer({ status: 429, text: 'Retry later' });
    }

    const injected = pickFailure();
    if (injected) counters.injectedFailures++;
    if (injected === '500') return answer(errors(500, 'Internal Server Error'));
    if (injected === '429') return answer({ status: 429, text: 'Retry later' });
    if (injected === 'timeout') return record('timeout'); // never answers; close() ends the connection
    if (injected === 'drop') {
      record('dropped');
      return req.socket.destroy();
    }

    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return answer(errors(400, 'Invalid JSON body'));
      }
    }
    const reply = route ? handle(route.endpoint, route.pattern.exec(path!)!.slice(1), url.searchParams, body) : notFound();
    if (injected === 'drop_after_processing') {
      record('dropped');
      return req.socket.destroy();
    }
    answer(reply);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v4`,
    apiKey,
    calls,
    log,
    state,
    rateLimit,
    setFailure,
    webhooks,
    confirm(email, options) {
      const subscriber = state.confirmSubscriber(email);
      return webhooks.deliver([webhooks.event('subscriber.activated', subscriber)], options);
    },
    reset,
    stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * `npx tsx tests/fakes/fake-kit.ts`: a fake Kit with some demo data (three tags, two forms, a
 * last_name custom field), for trying the product locally. Settings, all optional:
 * FAKE_KIT_PORT (4010; 0 = any free port), FAKE_KIT_HOST (127.0.0.1), FAKE_KIT_API_KEY (random),
 * FAKE_KIT_RATE_LIMIT and FAKE_KIT_WINDOW_MS (120 per 60000), FAKE_KIT_FAILURE_RATE (0..1),
 * FAKE_KIT_SEED, FAKE_KIT_EMPTY=1 (no demo data). GET /__fake/state and POST /__fake/failure (with
 * the API key header) show its state and switch faults on, e.g. body {"random": 0.1}.
 */
async function main() {
  const env = process.env;
  const failureRate = Number(env.FAKE_KIT_FAILURE_RATE ?? 0);
  const kit = await startFakeKit({
    port: Number(env.FAKE_KIT_PORT ?? 4010),
    host: env.FAKE_KIT_HOST ?? '127.0.0.1',
    apiKey: env.FAKE_KIT_API_KEY,
    rateLimit: { limit: Number(env.FAKE_KIT_RATE_LIMIT ?? 120), windowMs: Number(env.FAKE_KIT_WINDOW_MS ?? 60_000) },
    failure: failureRate > 0 ? { random: failureRate } : 'none',
    seed: Number(env.FAKE_KIT_SEED ?? 1),
    tags: env.FAKE_KIT_EMPTY ? [] : ['newsletter', 'webinar', 'customer'],
    customFields: env.FAKE_KIT_EMPTY ? [] : ['Last Name'],
    forms: env.FAKE_KIT_EMPTY ? [] : undefined,
  });
  console.log(`Fake Kit API running at ${kit.url}`);
  console.log(`API key: ${kit.apiKey}`);
  console.log(`Rate limit: ${kit.rateLimit.limit} requests per ${kit.rateLimit.windowMs} ms${failureRate > 0 ? `; ${failureRate * 100} % of requests fail at random` : ''}`);
  console.log(`Start mycrm with KIT_API_BASE=${kit.url} and save the API key above on /crm/kit.`);
  const stop = () => void kit.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
