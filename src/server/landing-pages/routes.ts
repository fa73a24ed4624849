import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeBodySchema,
  BUILDER_PAGE_TITLE,
  builderCreateSchema,
  builderSaveSchema,
  CONTENT_MAX,
  cssRequestSchema,
  cssResultSchema,
  LANDING_PAGE_PATHS,
  landingPageFormSchema,
  landingPageListSchema,
  landingPageResultSchema,
  landingPageUpdateSchema,
  listQuerySchema,
  pageVersionListSchema,
  pageVersionResultSchema,
  landingPageIdParamsSchema as idParams,
  slugCheckQuerySchema,
  slugCheckResultSchema,
  versionParamsSchema,
} from '../../shared/landing-pages/api.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { PageCache } from './page-cache.ts';
import { DEFAULT_SLUG_PREFIX } from '../../shared/landing-pages/slug.ts';
import { classVerdicts, cssForClasses } from './page-css.ts';
import { sendCompressed } from '../http/compressed.ts';
import { renderVersionPreview } from './render-page.tsx';
import { abTestRoutes } from './ab-test-routes.ts';
import { runningTestsOf } from './ab-tests.ts';
import {
  createPage,
  deletePage,
  getPage,
  getVersion,
  isSlugAvailable,
  listPages,
  listVersions,
  saveContent,
  setPageActive,
  uniqueSlug,
  storedSettings,
} from './service.ts';

const SLUG_ATTEMPTS = 3;
/** Room for the largest content plus JSON escaping. */
const bodyLimit = CONTENT_MAX * 2 + 64 * 1024;
/** A kept html version's own HTML, previewed in a sandbox where none of its scripts run. */
const HTML_PREVIEW_POLICY = "sandbox; default-src * data: blob: 'unsafe-inline'; script-src 'none'; frame-ancestors 'self'";

/** Who is saving: every save records its author (the guard has put the session's user there). */
function author(request: FastifyRequest) {
  if (!request.user) throw new Error('landing page saves must run behind the session guard');
  return { id: request.user.id, email: request.user.email };
}

/**
 * The landing pages admin. Staff only, like every route not marked public.
 * Every write tells the rendered-page cache, here and in the other instances.
 */
export async function landingPagesRoutes(app: FastifyInstance, { db, cache }: { db: Db; cache: PageCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list, slugCheck } = LANDING_PAGE_PATHS;
  const one = LANDING_PAGE_PATHS.one.pattern;

  r.get(list, { schema: { querystring: listQuerySchema, response: { 200: landingPageListSchema } } }, async (request) => {
    const pages = await listPages(db, request.query.search);
    const tests = await runningTestsOf(db, pages.map((page) => page.id));
    return { pages: pages.map((page) => ({ ...page, ab_test: tests.get(page.id) ?? null })) };
  });

  await abTestRoutes(app, { db, cache });

  r.get(slugCheck, { schema: { querystring: slugCheckQuerySchema, response: { 200: slugCheckResultSchema } } }, async (request) => ({
    available: await isSlugAvailable(db, request.query.slug, request.query.exclude_id),
  }));

  r.get(one, { schema: { params: idParams, response: { 200: landingPageResultSchema } } }, async (request) => ({
    page: await getPage(db, request.params.id),
  }));

  r.post(list, { bodyLimit, schema: { body: landingPageFormSchema, response: { 201: landingPageResultSchema } } }, async (request, reply) => {
    const page = await createPage(db, request.body, author(request));
    await cache.changed(db, page.id);
    return reply.status(201).send({ page });
  });

  // The builder's first save: 'New Landing Page', active, with the first free slug. Another save may
  // take that slug between the look-up and the insert, so a refused insert looks again.
  r.post(LANDING_PAGE_PATHS.builder, { bodyLimit, schema: { body: builderCreateSchema, response: { 201: landingPageResultSchema } } }, async (request, reply) => {
    for (let attempt = 1; ; attempt++) {
      const slug = await uniqueSlug(db, DEFAULT_SLUG_PREFIX);
      try {
        const settings = request.body.settings ? storedSettings(request.body.settings) : null;
        const values = { title: BUILDER_PAGE_TITLE, slug, content: request.body.content, page_type: 'builder' as const, is_active: true, settings };
        const page = await createPage(db, values, author(request));
        await cache.changed(db, page.id);
        return reply.status(201).send({ page });
      } catch (error) {
        if (attempt >= SLUG_ATTEMPTS || !(error instanceof AppError && error.code === 'slug_taken')) throw error;
      }
    }
  });

  r.post(LANDING_PAGE_PATHS.css, { schema: { body: cssRequestSchema, response: { 200: cssResultSchema } } }, async (request) => {
    const classes = [...new Set(request.body.classes)].sort();
    // One after the other: the build then finds every class already judged instead of judging them twice at once.
    const verdicts = await classVerdicts(classes);
    const { css } = await cssForClasses(classes, 'canvas');
    return { css, ...verdicts };
  });

  // Saves name the version they started from: a page saved by someone else since is refused (409).
  r.put(one, { bodyLimit, schema: { params: idParams, body: landingPageUpdateSchema, response: { 200: landingPageResultSchema } } }, async (request) => {
    const { base_version: baseVersion, ...values } = request.body;
    const page = await saveContent(db, request.params.id, { values, baseVersion, author: author(request) });
    await cache.changed(db, page.id);
    return { page };
  });

  r.put(
    LANDING_PAGE_PATHS.content.pattern,
    { bodyLimit, schema: { params: idParams, body: builderSaveSchema, response: { 200: landingPageResultSchema } } },
    async (request) => {
      const { settings } = request.body;
      const values = { content: request.body.content, page_type: 'builder' as const, ...(settings ? { settings: storedSettings(settings) } : {}) };
      const page = await saveContent(db, request.params.id, { values, baseVersion: request.body.base_version, author: author(request) });
      await cache.changed(db, page.id);
      return { page };
    },
  );

  r.patch(one, { schema: { params: idParams, body: activeBodySchema, response: { 200: landingPageResultSchema } } }, async (request) => {
    const page = await setPageActive(db, request.params.id, request.body.is_active);
    await cache.changed(db, page.id);
    return { page };
  });

  r.get(LANDING_PAGE_PATHS.versions.pattern, { schema: { params: idParams, response: { 200: pageVersionListSchema } } }, async (request) => ({
    versions: await listVersions(db, request.params.id),
  }));

  const version = LANDING_PAGE_PATHS.version.pattern;
  r.get(version, { schema: { params: versionParamsSchema, response: { 200: pageVersionResultSchema } } }, async (request) => ({
    version: await getVersion(db, request.params.id, request.params.versionId),
  }));

  // A whole HTML document (no JSON, so no response schema): the builder shows it in a sandboxed frame.
  r.get(LANDING_PAGE_PATHS.versionPreview.pattern, { schema: { params: versionParamsSchema } }, async (request, reply) => {
    const [page, kept] = await Promise.all([getPage(db, request.params.id), getVersion(db, request.params.id, request.params.versionId)]);
    reply.header('Cache-Control', 'no-store');
    if (kept.page_type === 'html') {
      return reply.header('Content-Security-Policy', HTML_PREVIEW_POLICY).type('text/html; charset=utf-8').send(kept.content);
    }
    return sendCompressed(reply, 200, await renderVersionPreview(page, kept));
  });

  r.delete(one, { schema: { params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await deletePage(db, request.params.id);
    await cache.changed(db, request.params.id);
    return reply.status(204).send(null);
  });
}
