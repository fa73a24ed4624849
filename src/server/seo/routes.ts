import type { FastifyInstance } from 'fastify';
import { SEO_PATHS } from '../../shared/site/seo.ts';
import type { Db } from '../db/client.ts';
import { listIndexablePages } from '../landing-pages/service.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/** Crawlers may keep these for a few minutes: a newly published page shows up in the sitemap soon after. */
const CACHE_CONTROL = 'public, max-age=300';

/** /sitemap.xml and /robots.txt, public, with absolute addresses from the configured origin (never the Host header). */
export async function seoRoutes(app: FastifyInstance, { db, origin }: { db: Db; origin: string }) {
  app.get(SEO_PATHS.sitemap, { config: { public: true } }, async (_request, reply) =>
    reply.header('Cache-Control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(sitemapXml(origin, await listIndexablePages(db))),
  );
  const robots = robotsTxt(origin);
  app.get(SEO_PATHS.robots, { config: { public: true } }, (_request, reply) =>
    reply.header('Cache-Control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );
}
