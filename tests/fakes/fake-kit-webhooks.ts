import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { signatureHeader } from '../../src/server/kit/webhooks/signature.ts';
import type { FakeSubscriber, FakeTag } from './fake-kit.ts';

/*
 * Kit's webhook endpoints in the fake Kit: /v4/webhook_endpoints (create answers the secret, list,
 * delete), and deliveries as Kit makes them: events of one type batched up to 100 a POST, signed
 * `t=<unix>,v1=<hex>` with the endpoint's secret over "{t}.{body}", a failed POST (non-2xx or no
 * answer) retried with the same delivery_id. Tests can also send every batch twice and shuffle them.
 */

type Reply = { status: number; json?: unknown; text?: string };

export const WEBHOOK_ROUTES: Array<{ method: string; pattern: RegExp; endpoint: string }> = [
  { method: 'GET', pattern: /^\/webhook_endpoints$/, endpoint: 'GET /webhook_endpoints' },
  { method: 'POST', pattern: /^\/webhook_endpoints$/, endpoint: 'POST /webhook_endpoints' },
  { method: 'DELETE', pattern: /^\/webhook_endpoints\/(\d+)$/, endpoint: 'DELETE /webhook_endpoints/:id' },
];

/** The events the fake offers by default (Kit answers 422 to others; `offer` changes them, as Kit rolls events out). */
const OFFERED_BY_DEFAULT = [
  'subscriber.created',
  'subscriber.activated',
  'subscriber.unsubscribed',
  'subscriber.bounced',
  'subscriber.complained',
  'subscriber.subscribed_to_form',
  'subscriber.tag_added',
  'subscriber.tag_removed',
];

export interface FakeWebhookEndpoint {
  id: number;
  url: string;
  events: string[];
  secret: string;
  created_at: string;
}

export interface FakeWebhookEvent {
  id: string;
  type: string;
  created: string;
  data: { subscriber: Record<string, unknown>; tag?: { id: number; name: string } };
}

/** Sends one POST; answers its status (or throws when there is no answer). */
export type DeliveryTransport = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

export interface DeliverOptions {
  /** Events per POST (Kit: at most 100, of one type). */
  batchSize?: number;
  /** Every delivery sent twice (as a network that retries would). */
  twice?: boolean;
  /** Deliveries sent in a shuffled order. */
  shuffle?: boolean;
  /** POSTs per delivery before Kit gives up. */
  maxAttempts?: number;
  /** How POSTs are sent (default: HTTP to the endpoint's URL, through `rewrite`). */
  transport?: DeliveryTransport;
  /** Where the endpoint's public URL is really reached in a test (e.g. https://crm.example → http://127.0.0.1:port). */
  rewrite?: (url: string) => string;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** The signature's time (default: now): tests make old deliveries with it. */
  signedAt?: Date;
}

export interface DeliveryReport {
  deliveries: number;
  posts: number;
  failed: number;
  /** Each POST's time until its answer (ms). */
  latenciesMs: number[];
}

export interface FakeWebhooks {
  endpoints: Map<number, FakeWebhookEndpoint>;
  handle(endpoint: string, params: string[], body: Record<string, unknown>): Reply | undefined;
  /** An event of Kit's shape for this subscriber (its state as it is now), at `at` (default now). */
  event(type: string, subscriber: FakeSubscriber, options?: { tag?: FakeTag; at?: Date }): FakeWebhookEvent;
  /** Delivers events to every endpoint subscribed to their type, batched by type. */
  deliver(events: FakeWebhookEvent[], options?: DeliverOptions): Promise<DeliveryReport>;
  /** The event types endpoints may subscribe to from now on (as Kit has them today: some are only planned). */
  offer(events: readonly string[]): void;
  reset(): void;
}

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function createFakeWebhooks(nextId: () => number): FakeWebhooks {
  const endpoints = new Map<number, FakeWebhookEndpoint>();
  let offered = new Set(OFFERED_BY_DEFAULT);
  let deliveryId = 5000;
  const shown = (e: FakeWebhookEndpoint) => ({ id: e.id, url: e.url, events: e.events, created_at: e.created_at, status: 'active' });

  return {
    endpoints,
    handle(endpoint, params, body) {
      switch (endpoint) {
        case 'GET /webhook_endpoints':
          return { status: 200, json: { webhook_endpoints: [...endpoints.values()].map(shown), pagination: { has_previous_page: false, has_next_page: false, start_cursor: null, end_cursor: null, per_page: 500 } } };
        case 'POST /webhook_endpoints': {
          const url = typeof body.url === 'string' ? body.url : '';
          const events = Array.isArray(body.events) ? body.events.filter((e): e is string => typeof e === 'string') : [];
          if (!/^https?:\/\//.test(url)) return { status: 422, json: { errors: ['Url is invalid'] } };
          if (events.length === 0) return { status: 422, json: { errors: ["Events can't be blank"] } };
          const unknown = events.filter((e) => !offered.has(e));
          if (unknown.length) return { status: 422, json: { errors: [`Events not available: ${unknown.join(', ')}`] } };
          const created: FakeWebhookEndpoint = { id: nextId(), url, events, secret: `whsec_${randomBytes(24).toString('hex')}`, created_at: isoSeconds(new Date()) };
          endpoints.set(created.id, created);
          return { status: 201, json: { webhook_endpoint: { ...shown(created), secret: created.secret } } };
        }
        case 'DELETE /webhook_endpoints/:id':
          return endpoints.delete(Number(params[0])) ? { status: 204 } : { status: 404, json: { errors: ['Not Found'] } };
        default:
          return undefined;
      }
    },
    event(type, subscriber, { tag, at = new Date() } = {}) {
      return {
        id: randomUUID(),
        type,
        created: at.toISOString(),
        data: {
          subscriber: { id: subscriber.id, first_name: subscriber.first_name, email_address: subscriber.email_address, state: subscriber.state, created_at: subscriber.created_at, fields: subscriber.fields },
          ...(tag ? { tag: { id: tag.id, name: tag.name } } : {}),
        },
      };
    },
    async deliver(events, options = {}) {
      const batchSize = Math.min(100, options.batchSize ?? 100);
      const transport = options.transport ?? httpTransport(options.rewrite ?? ((url) => url));
      const deliveries: Array<{ endpoint: FakeWebhookEndpoint; body: string }> = [];
      for (const endpoint of endpoints.values()) {
        const byType = new Map<string, FakeWebhookEvent[]>();
        for (const e of events) if (endpoint.events.includes(e.type)) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
        for (const list of byType.values()) {
          for (let i = 0; i < list.length; i += batchSize) {
            deliveries.push({ endpoint, body: JSON.stringify({ delivery_id: ++deliveryId, events: list.slice(i, i + batchSize) }) });
          }
        }
      }
      let queue = options.twice ? deliveries.flatMap((d) => [d, d]) : deliveries;
      if (options.shuffle) queue = shuffled(queue);
      const report: DeliveryReport = { deliveries: queue.length, posts: 0, failed: 0, latenciesMs: [] };
      const send = async ({ endpoint, body }: (typeof queue)[number]) => {
        for (let attempt = 1; attempt <= (options.maxAttempts ?? 3); attempt++) {
          const t = Math.floor((options.signedAt ?? new Date()).getTime() / 1000);
          const started = performance.now();
          report.posts++;
          const status = await transport(endpoint.url, { 'content-type': 'application/json', 'x-kit-signature': signatureHeader([endpoint.secret], t, body) }, body).catch(() => 0);
          report.latenciesMs.push(performance.now() - started);
          if (status >= 200 && status < 300) return;
        }
        report.failed++;
      };
      const workers = Array.from({ length: options.concurrency ?? 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await send(next);
      });
      await Promise.all(workers);
      return report;
    },
    offer(events) {
      offered = new Set(events);
    },
    reset() {
      endpoints.clear();
      offered = new Set(OFFERED_BY_DEFAULT);
    },
  };
}

function shuffled<T>(list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** POSTs over HTTP(S) to the rewritten URL, keeping the public URL's host in the Host header. */
function httpTransport(rewrite: (url: string) => string): DeliveryTransport {
  return (url, headers, body) =>
    new Promise((resolve, reject) => {
      const target = new URL(rewrite(url));
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        { method: 'POST', headers: { ...headers, host: new URL(url).host, 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}
