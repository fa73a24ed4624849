import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONVERT_URL_PATH, convertUrlBodySchema, convertUrlResultSchema } from '../../shared/landing-pages/converter/api.ts';
import { fetchPage } from './fetch-page.ts';

/**
 * The converter's URL mode: the server fetches the page behind its guard
 * (fetch-page.ts) and answers its HTML; the browser converts it. Staff only, like every route not
 * marked public.
 */
export async function htmlImportRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    CONVERT_URL_PATH,
    { schema: { body: convertUrlBodySchema, response: { 200: convertUrlResultSchema } } },
    async (request) => fetchPage(request.body.url),
  );
}
