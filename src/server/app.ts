import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerGuard } from './auth/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { htmlImportRoutes } from './html-import/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import type { Config } from './config.ts';
import { ping, type Database } from './db/client.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { kitRoutes } from './kit/routes.ts';
import { landingPagesRoutes } from './landing-pages/routes.ts';
import { queueKitSyncWhenConfigured } from './leads/kit-sync.ts';
import { leadsRoutes } from './leads/routes.ts';
import { spaRoutes } from './spa/routes.ts';
import { createSitePages } from './spa/site-pages.ts';
import { tagsRoutes } from './tags/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order: the security test walks it. `file`: a built app's file. */
    routeTable: Array<{ method: string; url: string; public: boolean; file: boolean }>;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call `inject()`. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const { db } = database;
  const site = createSitePages(config.webDir);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const config = route.config as { public?: boolean; file?: string } | undefined;
        routeTable.push({ method, url: route.url, public: Boolean(config?.public), file: typeof config?.file === 'string' });
      }
    }
  });

  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  registerGuard(app, db, config);

  app.get('/api/health', { config: { public: true } }, async () => {
    await ping(db);
    return { status: 'ok', database: database.driver };
  });
  await app.register(authRoutes, { db, config });
  await app.register(kitRoutes, { db, config });
  await app.register(dashboardRoutes, { db, config });
  await app.register(contactsRoutes, { db, config });
  await app.register(tagsRoutes, { db, config });
  await app.register(calendarRoutes, { db, config });
  await app.register(landingPagesRoutes, { db });
  await app.register(htmlImportRoutes);
  await app.register(leadsRoutes, { db, config, queueKitSync: queueKitSyncWhenConfigured });
  await app.register(spaRoutes, { webDir: config.webDir, site });

  return app;
}
