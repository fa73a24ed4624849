import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getDashboard } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  app.get('/api/dashboard', () => getDashboard(db));
}
