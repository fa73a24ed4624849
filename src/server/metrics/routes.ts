import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { METRICS_PATH } from '../../shared/api.ts';
import { runningJobsProgress } from '../contacts/service.ts';
import type { Database } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import { kitQueueStats } from '../kit/service.ts';
import { collectRuntimeMetrics, processMetrics } from './service.ts';

/** A request no route matched (the not-found handler answered it): one series for all of them. */
export const UNMATCHED_ROUTE = '(unmatched)';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * GET /metrics in Prometheus' text format, for the bearer token METRICS_TOKEN. Registered only when
 * the token is set: without it the path is answered like any unknown one, and requests are not timed.
 *
 * Series are labelled by the route's pattern (with its `:id` placeholders), never the requested URL, so no
 * visitor can add series: every path no route matched shares one label. Figures read from the database
 * (the Kit queue, running jobs) are one query each per scrape, never per request.
 */
export async function metricsRoutes(app: FastifyInstance, { database, token }: { database: Database; token: string }) {
  collectRuntimeMetrics();
  // Each app has its own registry for what it measures (tests build several apps in one process).
  const registry = new Registry();
  instrumentRequests(app, registry);
  const fromDatabase = databaseGauges(registry, database);

  const expected = digest(token);
  app.get(METRICS_PATH, { config: { public: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Compared as fixed-length digests, in constant time: the answer's timing tells nothing of the token.
    if (!timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('unauthorized', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.'));
    }
    await fromDatabase.refresh();
    const merged = Registry.merge([processMetrics, registry]);
    return reply.header('content-type', merged.contentType).header('cache-control', 'no-store').send(await merged.metrics());
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function instrumentRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'mycrm_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'mycrm_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });
}

/** Gauges read from the database; `refresh()` runs their queries, once per scrape. */
function databaseGauges(registry: Registry, database: Database) {
  const registers = [registry];
  const queued = new Gauge({ name: 'mycrm_kit_queue_jobs', help: 'Syncs to Kit waiting in the queue (due now or after a back-off).', registers });
  const oldest = new Gauge({ name: 'mycrm_kit_queue_oldest_job_age_seconds', help: 'Age of the oldest sync waiting in the queue; 0 when none waits.', registers });
  const jobLabels = ['kind'] as const;
  const running = new Gauge({ name: 'mycrm_jobs_running', help: 'CSV imports (kind=import) and bulk actions (kind=bulk) running now.', labelNames: jobLabels, registers });
  const items = new Gauge({ name: 'mycrm_jobs_items', help: 'Items (rows, contacts) of the running jobs in all.', labelNames: jobLabels, registers });
  const done = new Gauge({ name: 'mycrm_jobs_items_done', help: 'Items of the running jobs handled so far.', labelNames: jobLabels, registers });
  const pool = database.poolStats
    ? new Gauge({ name: 'mycrm_db_pool_connections', help: 'PostgreSQL pool connections, by state (idle, busy) and requests waiting for one (waiting).', labelNames: ['state'] as const, registers })
    : undefined;

  return {
    async refresh() {
      const [queue, jobs] = await Promise.all([kitQueueStats(database.db), runningJobsProgress(database.db)]);
      queued.set(queue.queued);
      oldest.set(queue.oldestAgeSeconds);
      for (const kind of ['import', 'bulk'] as const) {
        const job = jobs.find((j) => j.kind === kind);
        running.set({ kind }, job?.running ?? 0);
        items.set({ kind }, job?.total ?? 0);
        done.set({ kind }, job?.done ?? 0);
      }
      const stats = database.poolStats?.();
      if (pool && stats) {
        pool.set({ state: 'idle' }, stats.idle);
        pool.set({ state: 'busy' }, stats.total - stats.idle);
        pool.set({ state: 'waiting' }, stats.waiting);
      }
    },
  };
}
