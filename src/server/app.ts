import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './auth/account-routes.ts';
import { registerGuard } from './auth/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { backupRoutes } from './backup/routes.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { htmlImportRoutes } from './html-import/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { answerFrameworkError, registerErrorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health-routes.ts';
import { loggerOptions } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { imagesRoutes } from './images/routes.ts';
import { kitRoutes } from './kit/routes.ts';
import { loadSecretKey } from './kit/secret-box.ts';
import { loadIslandScripts } from './landing-pages/islands.ts';
import { landingPageLeadRoutes } from './landing-pages/lead-routes.ts';
import { createPageCache } from './landing-pages/page-cache.ts';
import { createViewCounter } from './landing-pages/page-views.ts';
import { landingPagePreviewRoutes } from './landing-pages/preview-routes.ts';
import { landingPagesRoutes } from './landing-pages/routes.ts';
import { landingPageViewerRoutes, type SendSitePage } from './landing-pages/viewer-routes.ts';
import { leadKitSync } from './leads/kit-sync.ts';
import { campaignTagRoutes } from './leads/campaign-tag-routes.ts';
import { leadsRoutes } from './leads/routes.ts';
import { consentRoutes } from './privacy/consent-routes.ts';
import { emailHasher, erasedEmailFinder, type EmailHasher } from './privacy/email-hash.ts';
import { contactEraser } from './privacy/erasure.ts';
import { erasureRoutes } from './privacy/erasure-routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { spaRoutes } from './spa/routes.ts';
import { createSitePages } from './spa/site-pages.ts';
import { publicOrigin } from './http/public-origin.ts';
import { seoRoutes } from './seo/routes.ts';
import { tagsRoutes } from './tags/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order, with its request schemas: the security tests walk it. `file`: a built app's file. */
    routeTable: Array<{ method: string; url: string; public: boolean; file: boolean; schema?: FastifySchema }>;
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
  // Absolute addresses (canonical, Open Graph, sitemap) come from the configured origin, never a request's Host.
  const origin = publicOrigin(config);
  const site = createSitePages(config.webDir, { secureCookies: config.isProduction, origin });
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
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
        routeTable.push({ method, url: route.url, public: Boolean(config?.public), file: typeof config?.file === 'string', schema: route.schema });
      }
    }
  });

  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  registerGuard(app, db, config);

  // Times every request from here on, so it comes before the other routes (only with METRICS_TOKEN set).
  if (config.metricsToken) await metricsRoutes(app, { database, token: config.metricsToken });
  await healthRoutes(app, { database });
  await app.register(authRoutes, { db, config });
  await app.register(accountRoutes, { db, config });
  await app.register(kitRoutes, { db, config });
  await app.register(dashboardRoutes, { db, config });
  // Erasure keeps a salted hash of the email, keyed from the instance secret (read when first needed).
  const instanceSecret = () => loadSecretKey(config.dataDir, config.kit.secretKey);
  let hasher: EmailHasher | undefined;
  const erase = contactEraser(() => (hasher ??= emailHasher(instanceSecret())));
  // An import leaves out people erased before unless the owner chooses to bring them back.
  await app.register(contactsRoutes, { db, config, erase, erasedAmong: erasedEmailFinder(instanceSecret) });
  await app.register(erasureRoutes, { db, erase });
  await app.register(tagsRoutes, { db, config });
  await app.register(calendarRoutes, { db, config });
  // Published pages: rendered once, cached until a save (in any instance), views counted in memory.
  const pageCache = await createPageCache(database);
  const pageViews = createViewCounter(db);
  app.addHook('onClose', async () => {
    await pageViews.stop();
    await pageCache.close();
  });
  await app.register(landingPagesRoutes, { db, cache: pageCache });
  await app.register(landingPageLeadRoutes, { db, config });
  // A landing page's form shows the landing-page statement: a new version renders every cached page again.
  await app.register(consentRoutes, { db, onStatementSaved: async (kind) => (kind === 'landing_page' ? pageCache.changedAll(db) : undefined) });
  const islands = loadIslandScripts(config.webDir);
  const sendSitePage: SendSitePage = (reply, status, page) => site.send(reply, status, page);
  await app.register(landingPageViewerRoutes, { db, cache: pageCache, views: pageViews, islands, origin, sendSitePage });
  // Staff previews: the viewer's renderer without its cache or view counter.
  await app.register(landingPagePreviewRoutes, { db, islands, origin, sendSitePage });
  await app.register(htmlImportRoutes);
  await app.register(imagesRoutes, { db, config });
  await app.register(leadsRoutes, { db, config, kitSync: leadKitSync });
  await app.register(campaignTagRoutes, { db, config });
  await app.register(backupRoutes, { database, config, instanceSecret });
  await app.register(seoRoutes, { db, origin });
  await app.register(spaRoutes, { webDir: config.webDir, site });

  return app;
}
