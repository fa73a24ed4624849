import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEALTH_LIVE_PATH, HEALTH_PATH, HEALTH_READY_PATH, healthResponseSchema, liveResponseSchema } from '../../shared/api.ts';
import { ping, type Database } from '../db/client.ts';
import { migrationsApplied } from '../db/migration-state.ts';
import { AppError } from './errors.ts';

/**
 * Live: the process answers (a supervisor restarts it when not). Ready: the database answers and has
 * every migration this build ships (a load balancer sends traffic only then). /api/health stays what
 * it always was, the readiness check, so monitors pointed at it keep working.
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(HEALTH_LIVE_PATH, { schema: { response: { 200: liveResponseSchema } }, config: { public: true } }, async () => ({ status: 'ok' as const }));

  const ready = async () => {
    try {
      await ping(database.db);
    } catch (error) {
      throw new AppError(503, 'not_ready', 'The database does not answer.', undefined, { cause: error });
    }
    if (!(await migrationsApplied(database.db))) throw new AppError(503, 'not_ready', 'The database is not migrated to this version yet.');
    return { status: 'ok' as const, database: database.driver };
  };
  for (const url of [HEALTH_PATH, HEALTH_READY_PATH]) {
    api.get(url, { schema: { response: { 200: healthResponseSchema } }, config: { public: true } }, ready);
  }
}
