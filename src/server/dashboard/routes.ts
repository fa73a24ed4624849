import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_PATH, dashboardResponseSchema, SITE_CHECKLIST_PATH, siteChecklistResponseSchema } from '../../shared/dashboard/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getDashboard } from './service.ts';
import { siteChecklist } from './site-checklist.ts';

export async function dashboardRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(DASHBOARD_PATH, { schema: { response: { 200: dashboardResponseSchema } } }, () => getDashboard(db));
  // Read once, like the prerendered pages it describes: both change with a build and a restart.
  const checklist = { items: siteChecklist(config.webDir) };
  typed.get(SITE_CHECKLIST_PATH, { schema: { response: { 200: siteChecklistResponseSchema } } }, () => checklist);
}
