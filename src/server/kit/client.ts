import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { connectionTestErrorMessage, kitApiErrorMessage } from '../../shared/kit/messages.ts';
import type {
  KitForm as KitFormShown,
  KitPagination as KitPaginationShown,
  KitSubscriber,
  KitSubscriberState,
  KitTag,
} from '../../shared/kit/api.ts';
import { deadline } from './deadline.ts';
import type { KitRateLimiter, Priority } from './rate-limiter.ts';

/*
 * The Kit API v4 client. Only the server talks to Kit: the key never reaches a browser. Every request waits for the
 * key's rate limiter; a 429, a 5xx or a network failure/timeout is retried with exponential
 * back-off up to `maxAttempts`, after which it throws: a request either succeeds or fails loudly.
 * Requests that are not idempotent (creating a custom field) are retried only after a 429, which
 * Kit never processed.
 */

export type KitSubscriberStatusFilter = KitSubscriberState | 'all';

/** Kit's pagination; some list answers add their total here. */
export type KitPagination = KitPaginationShown & { total_count?: number };

/** A form as Kit sends it: the fields mycrm shows, and whatever else Kit adds. */
export type KitForm = KitFormShown & { [extra: string]: unknown };

export interface KitCustomField {
  id: number;
  name: string;
  key: string;
  label: string;
}

export interface KitAccount {
  user: { email: string };
  account: { id: number; name: string; plan_type?: string; primary_email_address: string; created_at?: string };
}

export interface PageParams {
  per_page?: number;
  after?: string;
  before?: string;
  include_total_count?: boolean;
}

export interface SubscriberListParams extends PageParams {
  email_address?: string;
  status?: KitSubscriberStatusFilter;
  created_after?: string;
  created_before?: string;
  updated_after?: string;
  updated_before?: string;
  sort_field?: string;
  sort_order?: 'asc' | 'desc';
}

/** A tag's list filters: Kit answers each subscriber with the time the tag was put on. */
export interface TagSubscriberListParams extends PageParams {
  status?: KitSubscriberStatusFilter;
  created_after?: string;
  created_before?: string;
  tagged_after?: string;
  tagged_before?: string;
}

export type KitTagSubscriber = KitSubscriber & { tagged_at: string };

/** One page of a list, with the cursor that follows it (null on the last page). */
export interface KitListPage<T> {
  items: T[];
  next: string | null;
  total_count?: number;
}

export interface SubscriberInput {
  email_address: string;
  first_name?: string | null;
  state?: KitSubscriberState;
  fields?: Record<string, string>;
}

/** Kit answered with an error status. */
export class KitApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly method: string,
    readonly url: string,
    readonly detail: string,
  ) {
    super(kitApiErrorMessage(status, method, url, detail));
  }
}

/** Kit could not be reached, or did not answer in time, on every attempt. */
export class KitNetworkError extends Error {
  constructor(method: string, url: string, reason: string, attempts: number) {
    super(`Kit API request failed: ${method} ${url} - ${reason} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})`);
  }
}

export interface KitClientOptions {
  apiKey: string;
  baseUrl: string;
  limiter: KitRateLimiter;
  priority?: Priority;
  /** Per attempt. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** First retry delay after a 5xx or network failure; doubles per attempt (with jitter). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Cancels waiting and in-flight requests (shutdown, job time limit). */
  signal?: AbortSignal;
}

interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  idempotent?: boolean;
}

interface KitResponse<T> {
  status: number;
  data: T;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** "message or body": Kit's `errors` array, a `message`, or the raw body (a 429 says "Retry later"). */
function errorDetail(text: string): string {
  try {
    const json = JSON.parse(text) as { errors?: unknown; message?: unknown };
    if (Array.isArray(json.errors) && json.errors.length) return json.errors.map(String).join(', ');
    if (typeof json.message === 'string' && json.message) return json.message;
  } catch {
    // not JSON: the body itself is the message
  }
  return text;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  // System errors say it best by their code (ECONNREFUSED, ENOTFOUND); undici's own by their message ("other side closed").
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code?.startsWith('E')) return cause.code;
  return cause?.message || cause?.code || (error as Error).message || String(error);
}

export class KitClient {
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  /** Names the Kit account (base URL and key) for caches, without keeping the key in them. */
  readonly accountId: string;

  constructor(private readonly options: KitClientOptions) {
    this.accountId = createHash('sha256').update(`${options.baseUrl}\n${options.apiKey}`).digest('hex');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.backoffMs = options.backoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 8_000;
  }

  /** Until when Kit's rate limit holds this key's requests back (null: not paused). */
  rateLimitPausedUntil(): number | null {
    return this.options.limiter.pausedUntil();
  }

  private url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(this.options.baseUrl + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private async send<T>(method: string, path: string, { query, body, idempotent = true }: RequestOptions = {}): Promise<KitResponse<T>> {
    const url = this.url(path, query);
    const { limiter, signal, priority = 'background' } = this.options;
    for (let attempt = 1; ; attempt++) {
      await limiter.acquire(signal, priority);
      const startedAt = Date.now();
      const limit = deadline(signal, this.timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method,
          headers: {
            'X-Kit-Api-Key': this.options.apiKey,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: limit.signal,
        });
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (!idempotent || attempt >= this.maxAttempts) {
          throw new KitNetworkError(method, url, describeFailure(error, this.timeoutMs), attempt);
        }
        await sleep(this.backoff(attempt), signal);
        continue;
      } finally {
        limit.clear();
      }

      if (response.ok) {
        limiter.succeeded();
        return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
      }
      const retryable = response.status === 429 || (idempotent && response.status >= 500);
      if (response.status === 429) limiter.penalize(startedAt); // the wait happens in acquire()
      if (!retryable || attempt >= this.maxAttempts) {
        const statusText = response.statusText || STATUS_CODES[response.status] || '';
        throw new KitApiError(response.status, statusText, method, url, errorDetail(text) || statusText);
      }
      if (response.status !== 429) await sleep(this.backoff(attempt), signal);
    }
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  /** Walks every page of a list endpoint. */
  private async all<T>(path: string, key: string): Promise<T[]> {
    const items: T[] = [];
    let after: string | undefined;
    do {
      const { data } = await this.send<Record<string, unknown> & { pagination: KitPagination }>('GET', path, {
        query: { per_page: 1000, after },
      });
      items.push(...(data[key] as T[]));
      after = data.pagination.has_next_page && data.pagination.end_cursor ? data.pagination.end_cursor : undefined;
    } while (after);
    return items;
  }

  async getAccount(): Promise<KitAccount> {
    return (await this.send<KitAccount>('GET', '/account')).data;
  }

  /**
   * The connection test: GET /account. Reports false with "HTTP {status}: {statusText}" when Kit
   * answers with an error, or with the failure when Kit cannot be reached.
   */
  async testConnection(): Promise<{ ok: true; account: KitAccount } | { ok: false; error: string }> {
    try {
      return { ok: true, account: await this.getAccount() };
    } catch (error) {
      if (error instanceof KitApiError) return { ok: false, error: connectionTestErrorMessage(error.status, error.statusText) };
      if (error instanceof KitNetworkError) return { ok: false, error: error.message };
      throw error;
    }
  }

  async listForms(params: PageParams = {}): Promise<{ forms: KitForm[]; pagination: KitPagination }> {
    return (await this.send<{ forms: KitForm[]; pagination: KitPagination }>('GET', '/forms', { query: { ...params } })).data;
  }

  async listAllForms(): Promise<KitForm[]> {
    return this.all<KitForm>('/forms', 'forms');
  }

  async listTags(params: PageParams = {}): Promise<{ tags: KitTag[]; pagination: KitPagination }> {
    return (await this.send<{ tags: KitTag[]; pagination: KitPagination }>('GET', '/tags', { query: { ...params } })).data;
  }

  async listAllTags(): Promise<KitTag[]> {
    return this.all<KitTag>('/tags', 'tags');
  }

  /** Kit answers the existing tag when the name exists (201 created, 200 existing). */
  async createTag(name: string): Promise<{ tag: KitTag; created: boolean }> {
    const { status, data } = await this.send<{ tag: KitTag }>('POST', '/tags', { body: { name } });
    return { tag: data.tag, created: status === 201 };
  }

  async listSubscribers(
    params: SubscriberListParams = {},
  ): Promise<{ subscribers: KitSubscriber[]; pagination: KitPagination; total_count?: number }> {
    const { data } = await this.send<{ subscribers: KitSubscriber[]; pagination: KitPagination; total_count?: number }>(
      'GET',
      '/subscribers',
      { query: { ...params } },
    );
    const total_count = data.pagination.total_count ?? data.total_count;
    return total_count === undefined ? data : { ...data, total_count };
  }

  /**
   * The pages of a subscriber list from `after` on (each a request under the rate limiter). A caller
   * that must resume after a restart keeps each page's `next` once it has used the page.
   */
  async *subscriberPages(params: SubscriberListParams = {}): AsyncGenerator<KitListPage<KitSubscriber>> {
    yield* this.pages<KitSubscriber>('/subscribers', 'subscribers', { ...params });
  }

  /** The subscribers holding a tag, page by page (Kit's `status` defaults to active here too). */
  async *tagSubscriberPages(tagId: number, params: TagSubscriberListParams = {}): AsyncGenerator<KitListPage<KitTagSubscriber>> {
    yield* this.pages<KitTagSubscriber>(`/tags/${tagId}/subscribers`, 'subscribers', { ...params });
  }

  private async *pages<T>(path: string, key: string, query: NonNullable<RequestOptions['query']>): AsyncGenerator<KitListPage<T>> {
    let after = query.after as string | undefined;
    do {
      const { data } = await this.send<Record<string, unknown> & { pagination: KitPagination }>('GET', path, { query: { ...query, after } });
      const next = data.pagination.has_next_page && data.pagination.end_cursor ? data.pagination.end_cursor : null;
      yield { items: data[key] as T[], next, total_count: data.pagination.total_count };
      after = next ?? undefined;
    } while (after);
  }

  /** One request: the total of subscribers in a state (Kit lists only active ones unless told otherwise). */
  async countSubscribers(status: KitSubscriberStatusFilter): Promise<number> {
    const { total_count } = await this.listSubscribers({ status, per_page: 1, include_total_count: true });
    return total_count ?? 0;
  }

  async getSubscriber(id: number): Promise<KitSubscriber> {
    return (await this.send<{ subscriber: KitSubscriber }>('GET', `/subscribers/${id}`)).data.subscriber;
  }

  /** Looks in every state, so a cancelled subscriber is found too. */
  async findSubscriberByEmail(email: string): Promise<KitSubscriber | null> {
    const { subscribers } = await this.listSubscribers({ email_address: email, status: 'all' });
    return subscribers[0] ?? null;
  }

  /** The upsert: 201 created, 200 updated the first name of the subscriber with that email. */
  async upsertSubscriber(input: SubscriberInput): Promise<{ subscriber: KitSubscriber; created: boolean }> {
    const { status, data } = await this.send<{ subscriber: KitSubscriber }>('POST', '/subscribers', { body: input });
    return { subscriber: data.subscriber, created: status === 201 };
  }

  /** Unlike the upsert, an unknown custom field key is an error (422) here. */
  async updateSubscriber(id: number, input: Partial<SubscriberInput>): Promise<KitSubscriber> {
    return (await this.send<{ subscriber: KitSubscriber }>('PUT', `/subscribers/${id}`, { body: input })).data.subscriber;
  }

  async unsubscribe(id: number): Promise<void> {
    await this.send('POST', `/subscribers/${id}/unsubscribe`);
  }

  /** 201 newly tagged, 200 already tagged. */
  async tagSubscriberByEmail(tagId: number, email: string): Promise<{ subscriber: KitSubscriber; newlyTagged: boolean }> {
    const { status, data } = await this.send<{ subscriber: KitSubscriber }>('POST', `/tags/${tagId}/subscribers`, {
      body: { email_address: email },
    });
    return { subscriber: data.subscriber, newlyTagged: status === 201 };
  }

  /**
   * Adds an existing subscriber to a form (double opt-in: a form that asks for confirmation emails
   * it, and the subscriber stays inactive until they confirm). 201 added, 200 already on the form.
   */
  async addSubscriberToForm(formId: number, email: string, referrer?: string): Promise<{ subscriber: KitSubscriber; added: boolean }> {
    const { status, data } = await this.send<{ subscriber: KitSubscriber }>('POST', `/forms/${formId}/subscribers`, {
      body: { email_address: email, ...(referrer ? { referrer } : {}) },
    });
    return { subscriber: data.subscriber, added: status === 201 };
  }

  async tagSubscriber(tagId: number, subscriberId: number): Promise<{ subscriber: KitSubscriber; newlyTagged: boolean }> {
    const { status, data } = await this.send<{ subscriber: KitSubscriber }>('POST', `/tags/${tagId}/subscribers/${subscriberId}`);
    return { subscriber: data.subscriber, newlyTagged: status === 201 };
  }

  async removeTagFromSubscriber(tagId: number, subscriberId: number): Promise<void> {
    await this.send('DELETE', `/tags/${tagId}/subscribers/${subscriberId}`);
  }

  async listCustomFields(): Promise<KitCustomField[]> {
    return this.all<KitCustomField>('/custom_fields', 'custom_fields');
  }

  /** Kit derives the field's key from the label. Not retried after an unclear failure: it is not idempotent. */
  async createCustomField(label: string): Promise<KitCustomField> {
    return (await this.send<{ custom_field: KitCustomField }>('POST', '/custom_fields', { body: { label }, idempotent: false })).data
      .custom_field;
  }

  /** Registers a webhook endpoint; the answer is the only time Kit shows its signing secret. Not retried: it is not idempotent. */
  async createWebhookEndpoint(input: { url: string; events: readonly string[]; name?: string }): Promise<{ id: number; url: string; secret: string }> {
    const { data } = await this.send<{ webhook_endpoint: { id: number; url: string; secret: string } }>('POST', '/webhook_endpoints', {
      body: { ...input, events: [...input.events] },
      idempotent: false,
    });
    return data.webhook_endpoint;
  }

  async deleteWebhookEndpoint(id: number): Promise<void> {
    await this.send('DELETE', `/webhook_endpoints/${id}`);
  }
}
