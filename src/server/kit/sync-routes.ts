import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  batchProgressSchema,
  batchRetriedSchema,
  batchPreviewSchema,
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
import { checkContact, previewSyncBatch, retrySyncBatch, startSyncBatch, syncBatchProgress, syncContactNow } from './sync-requests.ts';

/** Syncing contacts to Kit: one now, or many queued; and how far their syncs got. */
export function kitSyncRoutes(app: FastifyInstance, ctx: KitContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(KIT_PATHS.checkContact.pattern, { schema: { params: kitIdParamsSchema, response: { 200: checkResultSchema } } }, (request) =>
    checkContact(ctx, request.params.id),
  );

  r.post(
    KIT_PATHS.syncContact.pattern,
    { schema: { params: kitIdParamsSchema, body: kitContactSyncSchema, response: { 200: syncResultSchema } } },
    (request) => syncContactNow(ctx, request.params.id, request.body.tag_names),
  );

  r.post(KIT_PATHS.batches, { schema: { body: kitBatchSchema, response: { 202: batchStartedSchema } } }, async (request, reply) =>
    reply.status(202).send(await startSyncBatch(ctx, request.body.selection, request.body.tag_names)),
  );

  r.post(KIT_PATHS.batchPreview, { schema: { body: kitBatchSchema.pick({ selection: true }), response: { 200: batchPreviewSchema } } }, (request) =>
    previewSyncBatch(ctx, request.body.selection),
  );

  r.get(KIT_PATHS.batch.pattern, { schema: { params: kitIdParamsSchema, response: { 200: batchProgressSchema } } }, (request) =>
    syncBatchProgress(ctx, request.params.id),
  );

  r.post(KIT_PATHS.retryBatch.pattern, { schema: { params: kitIdParamsSchema, response: { 200: batchRetriedSchema } } }, (request) =>
    retrySyncBatch(ctx, request.params.id),
  );

  r.get(KIT_PATHS.syncState, { schema: { querystring: kitSyncStateQuerySchema, response: { 200: syncStatesSchema } } }, async (request) => ({
    states: await getSyncStates(ctx.db, request.query.contact_ids),
  }));
}
