import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_PATH, dashboardResponseSchema } from '../../shared/dashboard/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getDashboard } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  app.withTypeProvider<ZodTypeProvider>().get(DASHBOARD_PATH, { schema: { response: { 200: dashboardResponseSchema } } }, () => getDashboard(db));
}
