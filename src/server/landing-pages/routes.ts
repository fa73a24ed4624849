import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../shared/text/safe-text.ts';
import {
  activeBodySchema,
  BUILDER_PAGE_TITLE,
  builderCreateSchema,
  CONTENT_MAX,
  cssRequestSchema,
  cssResultSchema,
  LANDING_PAGE_PATHS,
  landingPageFormSchema,
  landingPageListSchema,
  landingPageResultSchema,
  listQuerySchema,
  slugCheckQuerySchema,
  slugCheckResultSchema,
} from '../../shared/landing-pages/api.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { PageCache } from './page-cache.ts';
import { DEFAULT_SLUG_PREFIX } from '../../shared/landing-pages/slug.ts';
import { cssForClasses, unknownClasses } from './page-css.ts';
import { createPage, deletePage, getPage, isSlugAvailable, listPages, uniqueSlug, updatePage } from './service.ts';

const idParams = z.object({ id: safeText().max(100) });
const SLUG_ATTEMPTS = 3;
/** Room for the largest content plus JSON escaping. */
const bodyLimit = CONTENT_MAX * 2 + 64 * 1024;

/**
 * The landing pages admin (spec 001, 2.1, 2.2, 7.1). Staff only, like every route not marked public.
 * Every write tells the rendered-page cache, here and in the other instances.
 */
export async function landingPagesRoutes(app: FastifyInstance, { db, cache }: { db: Db; cache: PageCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list, slugCheck } = LANDING_PAGE_PATHS;
  const one = LANDING_PAGE_PATHS.one(':id');

  r.get(list, { schema: { querystring: listQuerySchema, response: { 200: landingPageListSchema } } }, async (request) => ({
    pages: await listPages(db, request.query.search),
  }));

  r.get(slugCheck, { schema: { querystring: slugCheckQuerySchema, response: { 200: slugCheckResultSchema } } }, async (request) => ({
    available: await isSlugAvailable(db, request.query.slug, request.query.exclude_id),
  }));

  r.get(one, { schema: { params: idParams, response: { 200: landingPageResultSchema } } }, async (request) => ({
    page: await getPage(db, request.params.id),
  }));

  r.post(list, { bodyLimit, schema: { body: landingPageFormSchema, response: { 201: landingPageResultSchema } } }, async (request, reply) => {
    const page = await createPage(db, request.body);
    await cache.changed(db, page.id);
    return reply.status(201).send({ page });
  });

  // The builder's first save: 'New Landing Page', active, with the first free slug. Another save may
  // take that slug between the look-up and the insert, so a refused insert looks again.
  r.post(LANDING_PAGE_PATHS.builder, { bodyLimit, schema: { body: builderCreateSchema, response: { 201: landingPageResultSchema } } }, async (request, reply) => {
    for (let attempt = 1; ; attempt++) {
      const slug = await uniqueSlug(db, DEFAULT_SLUG_PREFIX);
      try {
        const page = await createPage(db, { title: BUILDER_PAGE_TITLE, slug, content: request.body.content, page_type: 'builder', is_active: true });
        await cache.changed(db, page.id);
        return reply.status(201).send({ page });
      } catch (error) {
        if (attempt >= SLUG_ATTEMPTS || !(error instanceof AppError && error.code === 'slug_taken')) throw error;
      }
    }
  });

  r.post(LANDING_PAGE_PATHS.css, { schema: { body: cssRequestSchema, response: { 200: cssResultSchema } } }, async (request) => {
    const classes = [...new Set(request.body.classes)].sort();
    const [{ css }, unknown] = await Promise.all([cssForClasses(classes), unknownClasses(classes)]);
    return { css, unknown };
  });

  r.put(one, { bodyLimit, schema: { params: idParams, body: landingPageFormSchema, response: { 200: landingPageResultSchema } } }, async (request) => {
    const page = await updatePage(db, request.params.id, request.body);
    await cache.changed(db, page.id);
    return { page };
  });

  r.patch(one, { schema: { params: idParams, body: activeBodySchema, response: { 200: landingPageResultSchema } } }, async (request) => {
    const page = await updatePage(db, request.params.id, request.body);
    await cache.changed(db, page.id);
    return { page };
  });

  r.delete(one, { schema: { params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await deletePage(db, request.params.id);
    await cache.changed(db, request.params.id);
    return reply.status(204).send(null);
  });
}
