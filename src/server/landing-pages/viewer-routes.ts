import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slugError } from '../../shared/landing-pages/slug.ts';
import { LEAD_OUTCOMES, VIEWER_PATHS, type LeadOutcome } from '../../shared/landing-pages/viewer.ts';
import type { Db } from '../db/client.ts';
import { compressAsync, sendCompressed } from '../http/compressed.ts';
import type { IslandScripts } from './islands.ts';
import { createNotFoundPage } from './not-found-page.ts';
import type { AbTestServing, PageCache, RawHtml, RenderedPage } from './page-cache.ts';
import { withOutcome } from './page-outcome.ts';
import type { ViewCounter } from './page-views.ts';
import { visitorVariant } from './ab-assignment.ts';
import { findRunningVariant, runningTestOf } from './ab-tests.ts';
import { landingPageConsent } from '../privacy/service.ts';
import { renderLandingPage } from './render-page.tsx';
import { createRenderQueue, RenderRefused } from './render-queue.ts';
import { findActivePageBySlug, type LandingPageRow } from './service.ts';

/** Sends one of the public site's pages (composed in app.ts from spa/site-pages.ts). */
export type SendSitePage = (reply: FastifyReply, status: number, page: string) => FastifyReply;

export interface ViewerOptions {
  db: Db;
  cache: PageCache;
  views: ViewCounter;
  islands: IslandScripts;
  /** The configured public address: absolute links in the head (never the request's Host, the page is cached). */
  origin: string;
  sendSitePage: SendSitePage;
}

/** An html page's own HTML may load anything, but only in a sandbox: an opaque origin, no session of ours. */
export const RAW_HTML_POLICY =
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'";

// Any text reaches the handler, which answers a slug no page can have with Page Not Found.
const slugParams = z.object({ slug: z.string() });
// A query the page does not know (utm_source, a repeated parameter, a mistyped outcome) is ignored.
const pageQuery = z.object({ lead: z.enum(LEAD_OUTCOMES).optional().catch(undefined) }).catchall(z.unknown());

/**
 * The public viewer: /lp/{slug} as finished HTML from the rendered-page
 * cache, revalidated by ETag, with a form's outcome written into the cached page; counted as a view.
 * Unknown and inactive slugs, and slugs no page can have, get 'Page Not Found' (404); the last never
 * reach a cache or the database. Pages not cached are rendered through one queue (render-queue.ts),
 * once per slug however many visitors ask at the same time.
 */
export async function landingPageViewerRoutes(app: FastifyInstance, { db, cache, views, islands, origin, sendSitePage }: ViewerOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const queue = createRenderQueue();
  const sendNotFound = createNotFoundPage();
  const renderingPages = new Map<string, Promise<RenderedPage | undefined>>();
  const readingRawHtml = new Map<string, Promise<RawHtml | undefined>>();

  /**
   * The work that fills a slug's cache entry, queued for this client; a visitor who asks while it runs
   * waits for it instead, and counts against nobody's limit. A refusal is a 429 (or 503) with Retry-After.
   */
  function fill<T>(reply: FastifyReply, inFlight: Map<string, Promise<T>>, slug: string, work: () => Promise<T>): Promise<T> {
    let pending = inFlight.get(slug);
    if (pending) return pending;
    try {
      pending = queue.run(reply.request.ip, work);
    } catch (error) {
      if (error instanceof RenderRefused) reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    inFlight.set(slug, pending);
    const done = () => inFlight.delete(slug);
    pending.then(done, done);
    return pending;
  }

  /** Page A's running A/B test as the viewer serves it, if one runs. */
  const servingOf = async (row: LandingPageRow): Promise<{ abTest?: AbTestServing }> => {
    const test = await runningTestOf(db, row.id);
    if (!test) return {};
    const variantKey = `${row.slug}@${test.page_b_id}@${row.updated_at.getTime()}`;
    return { abTest: { testId: test.id, splitPercent: test.split_percent, variantPageId: test.page_b_id, variantKey } };
  };

  /** Which variant this visitor gets: the same all day, without a cookie (ab-assignment.ts). */
  const variantFor = (request: FastifyRequest, abTest: AbTestServing) =>
    visitorVariant(db, { id: abTest.testId, split_percent: abTest.splitPercent }, request.ip, request.headers['user-agent']);

  const renderPage = (slug: string) => async () => {
    const since = cache.mark();
    const row = await findActivePageBySlug(db, slug);
    if (!row) return undefined;
    const page: RenderedPage = { ...(await renderLandingPage({ ...row, consent: await landingPageConsent(db) }, islands, origin)), ...(await servingOf(row)) };
    cache.pages.set(slug, page, since);
    return page;
  };

  /** Variant B as page A's visitors get it: at A's address (links, canonical, forms) under A's title. */
  const renderVariant = (slug: string, abTest: AbTestServing) => async () => {
    const since = cache.mark();
    const [a, b] = await Promise.all([findActivePageBySlug(db, slug), findRunningVariant(db, abTest.variantPageId)]);
    if (!a || !b) return undefined;
    const page = await renderLandingPage({ ...b, slug: a.slug, title: a.title, is_active: true, consent: await landingPageConsent(db) }, islands, origin);
    cache.pages.set(abTest.variantKey, page, since);
    return page;
  };

  const readRawHtml = (slug: string) => async () => {
    const since = cache.mark();
    const row = await findActivePageBySlug(db, slug);
    if (!row || row.page_type !== 'html') return undefined;
    const page: RawHtml = { pageId: row.id, rawHtml: await compressAsync(row.content), etag: `"${row.id}:${row.updated_at.getTime()}"`, ...(await servingOf(row)) };
    cache.rawHtml.set(slug, page, since);
    return page;
  };

  const readVariantRawHtml = (abTest: AbTestServing) => async () => {
    const since = cache.mark();
    const row = await findRunningVariant(db, abTest.variantPageId);
    if (!row || row.page_type !== 'html') return undefined;
    const page: RawHtml = { pageId: row.id, rawHtml: await compressAsync(row.content), etag: `"${row.id}:${row.updated_at.getTime()}"` };
    cache.rawHtml.set(abTest.variantKey, page, since);
    return page;
  };

  const send = async (reply: FastifyReply, page: RenderedPage, outcome: LeadOutcome | undefined, ifNoneMatch: string | undefined) => {
    if ('sitePage' in page) return sendSitePage(reply, 200, page.sitePage);
    if (outcome) {
      // A form's result belongs to this visitor only.
      reply.header('Cache-Control', 'no-store');
      return sendCompressed(reply, 200, await withOutcome(page, outcome));
    }
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag);
    if (ifNoneMatch === page.etag) return reply.status(304).send();
    return sendCompressed(reply, 200, page.html);
  };

  /** The only way an html page's own HTML leaves the server: under its sandbox policy. */
  const sendRawHtml = (reply: FastifyReply, page: RawHtml, ifNoneMatch: string | undefined) => {
    reply.header('Content-Security-Policy', RAW_HTML_POLICY).header('Cache-Control', 'no-cache').header('ETag', page.etag);
    if (ifNoneMatch === page.etag) return reply.status(304).send();
    return sendCompressed(reply, 200, page.rawHtml);
  };

  r.get(VIEWER_PATHS.page.pattern, { schema: { params: slugParams, querystring: pageQuery }, config: { public: true } }, async (request, reply) => {
    const { slug } = request.params;
    if (slugError(slug) !== null) return sendNotFound(reply, slug);
    let page = cache.pages.get(slug) ?? (await fill(reply, renderingPages, slug, renderPage(slug)));
    if (!page) return sendNotFound(reply, slug);
    const { abTest } = page;
    if (abTest && (await variantFor(request, abTest)) === 'b') {
      // A test ended in between leaves no variant to render: the visitor gets A.
      page = cache.pages.get(abTest.variantKey) ?? (await fill(reply, renderingPages, abTest.variantKey, renderVariant(slug, abTest))) ?? page;
    }
    // The view counts for the page served: B's views land on B.
    views.count(page.pageId, request.ip, request.headers['user-agent']);
    return send(reply, page, request.query.lead, request.headers['if-none-match']);
  });

  r.get(VIEWER_PATHS.rawHtml.pattern, { schema: { params: slugParams }, config: { public: true } }, async (request, reply) => {
    const { slug } = request.params;
    if (slugError(slug) !== null) return sendNotFound(reply, slug);
    let page = cache.rawHtml.get(slug) ?? (await fill(reply, readingRawHtml, slug, readRawHtml(slug)));
    if (!page) return sendNotFound(reply, slug);
    const { abTest } = page;
    if (abTest && (await variantFor(request, abTest)) === 'b') {
      page = cache.rawHtml.get(abTest.variantKey) ?? (await fill(reply, readingRawHtml, abTest.variantKey, readVariantRawHtml(abTest))) ?? page;
    }
    return sendRawHtml(reply, page, request.headers['if-none-match']);
  });
}
