import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';

export interface Stoppable {
  /** Takes no more jobs; its current job finishes, or goes back to the queue for another instance. */
  stop(): Promise<void>;
}

export interface ShutdownParts {
  app: FastifyInstance;
  /** Background workers started beside the app (the app's own stop in its onClose hooks). */
  workers: Stoppable[];
  database: Database;
  /** SHUTDOWN_TIMEOUT_MS: past it the process exits anyway, with a non-zero code. */
  timeoutMs: number;
}

/**
 * A graceful stop, for SIGTERM. The server stops accepting connections and answers the requests in
 * flight (a keep-alive connection is closed as soon as it is idle, so no client can hold the stop
 * open); the app's onClose hooks stop its runners and flush the page-view counters; the workers take
 * no more jobs and finish or hand back their current one; then the database is closed. Resolves to
 * the exit code: 0 when all of it finished within the limit, 1 when the limit was hit.
 */
export async function shutDown({ app, workers, database, timeoutMs }: ShutdownParts): Promise<number> {
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  closeIdle.unref();
  let limit: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    limit = setTimeout(() => resolve('timeout'), timeoutMs);
    limit.unref();
  });
  const stopped = (async () => {
    await Promise.all([app.close(), ...workers.map((worker) => worker.stop())]);
    await database.close();
    return 'stopped' as const;
  })();
  try {
    const outcome = await Promise.race([stopped, timedOut]);
    if (outcome === 'timeout') {
      app.log.error(`shutdown: not finished within SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms): exiting with requests or jobs unfinished (jobs go back to the queue when their lease runs out)`);
      app.server.closeAllConnections();
      return 1;
    }
    app.log.info('shutdown: requests answered, workers stopped, page views flushed, database closed');
    return 0;
  } catch (error) {
    app.log.error({ err: error }, 'shutdown: failed');
    return 1;
  } finally {
    clearInterval(closeIdle);
    clearTimeout(limit);
  }
}
