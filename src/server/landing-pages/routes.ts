import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../shared/text/safe-text.ts';
import {
  activeBodySchema,
  CONTENT_MAX,
  LANDING_PAGE_PATHS,
  landingPageFormSchema,
  landingPageListSchema,
  landingPageResultSchema,
  listQuerySchema,
  slugCheckQuerySchema,
  slugCheckResultSchema,
} from '../../shared/landing-pages/api.ts';
import type { Db } from '../db/client.ts';
import type { PageCache } from './page-cache.ts';
import { createPage, deletePage, getPage, isSlugAvailable, listPages, updatePage } from './service.ts';

const idParams = z.object({ id: safeText().max(100) });
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

  r.delete(one, { schema: { params: idParams } }, async (request, reply) => {
    await deletePage(db, request.params.id);
    await cache.changed(db, request.params.id);
    return reply.status(204).send();
  });
}
