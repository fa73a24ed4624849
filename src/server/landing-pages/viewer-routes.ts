import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../shared/text/safe-text.ts';
import type { Db } from '../db/client.ts';
import { compress, sendCompressed, type Compressed } from '../http/compressed.ts';
import type { IslandScripts } from './islands.ts';
import type { PageCache, RenderedPage } from './page-cache.ts';
import type { ViewCounter } from './page-views.ts';
import { renderLandingPage, renderNotFound } from './render-page.tsx';
import { findActivePageBySlug } from './service.ts';

/** Sends one of the public site's pages (composed in app.ts from spa/site-pages.ts). */
export type SendSitePage = (reply: FastifyReply, status: number, page: string) => FastifyReply;

export interface ViewerOptions {
  db: Db;
  cache: PageCache;
  views: ViewCounter;
  islands: IslandScripts;
  sendSitePage: SendSitePage;
}

/** An html page's own HTML may load anything, but only in a sandbox: an opaque origin, no session of ours. */
const RAW_HTML_POLICY =
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'";

const slugParams = z.object({ slug: safeText().max(200) });
const pageQuery = z.object({ lead: z.enum(['ok', 'error']).optional() }).catchall(z.string());

/**
 * The public viewer (spec 002, "Landing-page viewer"): /lp/{slug} as finished HTML from the rendered-page
 * cache, revalidated by ETag; counted as a view. Unknown and inactive slugs get 'Page Not Found' (404).
 */
export async function landingPageViewerRoutes(app: FastifyInstance, { db, cache, views, islands, sendSitePage }: ViewerOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notFoundPages = new Map<string, Compressed>();

  const notFound = async (reply: FastifyReply, slug: string) => {
    reply.header('Cache-Control', 'no-cache');
    const key = slug.slice(0, 60);
    let page = notFoundPages.get(key);
    if (!page) {
      page = await renderNotFound(slug);
      if (notFoundPages.size < 100) notFoundPages.set(key, page);
    }
    return sendCompressed(reply, 404, page);
  };

  const send = (reply: FastifyReply, page: RenderedPage, ifNoneMatch: string | undefined) => {
    if ('sitePage' in page) return sendSitePage(reply, 200, page.sitePage);
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag);
    if (ifNoneMatch === page.etag) return reply.status(304).send();
    return sendCompressed(reply, 200, page.html);
  };

  r.get('/lp/:slug', { schema: { params: slugParams, querystring: pageQuery }, config: { public: true } }, async (request, reply) => {
    const { slug } = request.params;
    const outcome = request.query.lead;
    const cached = outcome ? undefined : cache.get(slug);
    if (cached) {
      views.count(cached.pageId, request.headers['user-agent']);
      return send(reply, cached, request.headers['if-none-match']);
    }
    const row = await findActivePageBySlug(db, slug);
    if (!row) return notFound(reply, slug);
    const rendered = await renderLandingPage(row, islands, outcome);
    if (outcome) {
      // A form's result belongs to this visitor only.
      reply.header('Cache-Control', 'no-store');
      return 'html' in rendered ? sendCompressed(reply, 200, rendered.html) : send(reply, rendered, undefined);
    }
    cache.set(slug, rendered);
    views.count(rendered.pageId, request.headers['user-agent']);
    return send(reply, rendered, request.headers['if-none-match']);
  });

  r.get('/lp/:slug/content', { schema: { params: slugParams }, config: { public: true } }, async (request, reply) => {
    const key = `${request.params.slug}/content`;
    let page = cache.get(key);
    if (!page) {
      const row = await findActivePageBySlug(db, request.params.slug);
      if (!row || row.page_type !== 'html') return notFound(reply, request.params.slug);
      page = { pageId: row.id, html: compress(row.content), etag: `"${row.id}:${row.updated_at.getTime()}"` };
      cache.set(key, page);
    }
    reply.header('Content-Security-Policy', RAW_HTML_POLICY);
    return send(reply, page, request.headers['if-none-match']);
  });
}
