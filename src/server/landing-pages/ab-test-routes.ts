import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { landingPageIdParamsSchema as idParams } from '../../shared/landing-pages/api.ts';
import {
  AB_TEST_PATHS,
  abTestEndResultSchema,
  abTestEndSchema,
  abTestResultSchema,
  abTestSplitSchema,
  abTestStartSchema,
} from '../../shared/landing-pages/ab-test.ts';
import type { Db } from '../db/client.ts';
import { endTest, runningTestResults, setSplit, startTest, testResults } from './ab-tests.ts';
import type { PageCache } from './page-cache.ts';

function author(request: FastifyRequest) {
  if (!request.user) throw new Error('A/B test changes must run behind the session guard');
  return { id: request.user.id, email: request.user.email };
}

/**
 * A page's A/B test, staff only like every route not marked public. Starting, changing the split and
 * ending change what A's address serves, so each tells the rendered-page cache about page A (and, on
 * ending, B) here and in the other instances.
 */
export async function abTestRoutes(app: FastifyInstance, { db, cache }: { db: Db; cache: PageCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const test = AB_TEST_PATHS.test.pattern;

  r.get(test, { schema: { params: idParams, response: { 200: abTestResultSchema } } }, async (request) => ({
    test: await runningTestResults(db, request.params.id),
  }));

  r.post(test, { schema: { params: idParams, body: abTestStartSchema, response: { 201: abTestResultSchema } } }, async (request, reply) => {
    const started = await startTest(db, request.params.id, request.body.split_percent, author(request));
    await cache.changed(db, started.page_a_id);
    return reply.status(201).send({ test: await testResults(db, started) });
  });

  r.patch(test, { schema: { params: idParams, body: abTestSplitSchema, response: { 200: abTestResultSchema } } }, async (request) => {
    const changed = await setSplit(db, request.params.id, request.body.split_percent);
    await cache.changed(db, changed.page_a_id);
    return { test: await testResults(db, changed) };
  });

  r.post(AB_TEST_PATHS.end.pattern, { schema: { params: idParams, body: abTestEndSchema, response: { 200: abTestEndResultSchema } } }, async (request) => {
    const ended = await endTest(db, request.params.id, request.body.keep, author(request));
    await cache.changed(db, ended.page_a_id);
    await cache.changed(db, ended.page_b_id);
    return { kept: request.body.keep };
  });
}
