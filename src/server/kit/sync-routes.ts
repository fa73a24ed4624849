import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  batchProgressSchema,
  batchRetriedSchema,
  batchStartedSchema,
  checkResultSchema,
  KIT_PATHS,
  kitBatchSchema,
  kitContactSyncSchema,
  kitIdParamsSchema,
  kitSyncStateQuerySchema,
  syncResultSchema,
  syncStatesSchema,
} from '../../shared/kit/api.ts';
import type { KitContext } from './connection.ts';
import { getSyncStates } from './queue.ts';
import { checkContact, retrySyncBatch, startSyncBatch, syncBatchProgress, syncContactNow } from './sync-requests.ts';

// Route patterns of the paths KIT_PATHS builds.
const contactCheck = '/api/kit/contacts/:id/check';
const contactSync = '/api/kit/contacts/:id/sync';
const batch = `${KIT_PATHS.batches}/:id`;

/** Syncing contacts to Kit: one now, or many queued; and how far their syncs got. */
export function kitSyncRoutes(app: FastifyInstance, ctx: KitContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(contactCheck, { schema: { params: kitIdParamsSchema, response: { 200: checkResultSchema } } }, (request) =>
    checkContact(ctx, request.params.id),
  );

  r.post(
    contactSync,
    { schema: { params: kitIdParamsSchema, body: kitContactSyncSchema, response: { 200: syncResultSchema } } },
    (request) => syncContactNow(ctx, request.params.id, request.body.tag_names),
  );

  r.post(KIT_PATHS.batches, { schema: { body: kitBatchSchema, response: { 202: batchStartedSchema } } }, async (request, reply) =>
    reply.status(202).send(await startSyncBatch(ctx, request.body.selection, request.body.tag_names)),
  );

  r.get(batch, { schema: { params: kitIdParamsSchema, response: { 200: batchProgressSchema } } }, (request) =>
    syncBatchProgress(ctx, request.params.id),
  );

  r.post(`${batch}/retry`, { schema: { params: kitIdParamsSchema, response: { 200: batchRetriedSchema } } }, (request) =>
    retrySyncBatch(ctx, request.params.id),
  );

  r.get('/api/kit/sync-state', { schema: { querystring: kitSyncStateQuerySchema, response: { 200: syncStatesSchema } } }, async (request) => ({
    states: await getSyncStates(ctx.db, request.query.contact_ids),
  }));
}
