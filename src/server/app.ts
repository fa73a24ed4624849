import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerGuard } from './auth/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import type { Config } from './config.ts';
import { ping, type Database } from './db/client.ts';
import { registerErrorHandler } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { kitRoutes } from './kit/routes.ts';
import { leadKitSync } from './leads/kit-sync.ts';
import { leadsRoutes } from './leads/routes.ts';
import { spaRoutes } from './spa/routes.ts';
import { tagsRoutes } from './tags/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order, with its request schemas: the security tests walk it. */
    routeTable: Array<{ method: string; url: string; public: boolean; schema?: FastifySchema }>;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: { write(line: string): void };
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call `inject()`. */
export async function buildApp({ config, database, logDestination }: AppDeps): Promise<FastifyInstance> {
  const { db } = database;
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
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
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, public: Boolean(route.config?.public), schema: route.schema });
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
  await app.register(leadsRoutes, { db, config, kitSync: leadKitSync });
  await app.register(spaRoutes, { webDir: config.webDir });

  return app;
}
