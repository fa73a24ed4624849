import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANDING_PAGE_MESSAGES, LANDING_PAGE_PATHS, landingPageIdParamsSchema as idParams } from '../../shared/landing-pages/api.ts';
import type { Db } from '../db/client.ts';
import { sendCompressed } from '../http/compressed.ts';
import { notFound } from '../http/errors.ts';
import { landingPageConsent } from '../privacy/service.ts';
import type { IslandScripts } from './islands.ts';
import { renderLandingPage } from './render-page.tsx';
import { getPage } from './service.ts';
import { RAW_HTML_POLICY, type SendSitePage } from './viewer-routes.ts';

/**
 * The staff preview of a page, active or not: its saved content rendered by the public viewer's own
 * renderer, with the same CSS and islands, so it looks and behaves as /lp/{slug} would (its forms send
 * as there: a live page's sign-up is real, an inactive page's is refused). Staff only, like every route
 * not marked public. Nothing here is handed the rendered-page cache, so a preview can neither fill nor
 * read what visitors get, and no view is counted. Every answer, errors included, is neither stored
 * by a browser or proxy nor indexed.
 */
export async function landingPagePreviewRoutes(
  app: FastifyInstance,
  { db, islands, origin, sendSitePage }: { db: Db; islands: IslandScripts; origin: string; sendSitePage: SendSitePage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
  });

  r.get(LANDING_PAGE_PATHS.preview.pattern, { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    // With the consent statement its forms show on /lp, so the preview is the page visitors get.
    const row = { ...(await getPage(db, id)), consent: await landingPageConsent(db) };
    const page = await renderLandingPage(row, islands, origin, { rawHtmlSrc: LANDING_PAGE_PATHS.previewContent.path({ id }) });
    if ('sitePage' in page) return sendSitePage(reply, 200, page.sitePage);
    return sendCompressed(reply, 200, page.html);
  });

  r.get(LANDING_PAGE_PATHS.previewContent.pattern, { schema: { params: idParams } }, async (request, reply) => {
    const page = await getPage(db, request.params.id);
    if (page.page_type !== 'html') throw notFound(LANDING_PAGE_MESSAGES.notFound);
    return reply.header('Content-Security-Policy', RAW_HTML_POLICY).type('text/html; charset=utf-8').send(page.content);
  });
}
