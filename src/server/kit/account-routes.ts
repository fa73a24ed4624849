import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customFieldsResultSchema,
  KIT_PATHS,
  kitFormListSchema,
  kitStatsSchema,
  kitSubscriberQuerySchema,
  kitTagListSchema,
  subscriberPageSchema,
} from '../../shared/kit/api.ts';
import { createMissingCustomFields, kitSubscriberCounts, listKitForms, listKitSubscribers, listKitTags } from './account.ts';
import type { KitContext } from './connection.ts';

/** What the Kit screen shows of the Kit account: counts, forms, tags, subscribers; and its custom fields. */
export function kitAccountRoutes(app: FastifyInstance, ctx: KitContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(KIT_PATHS.stats, { schema: { response: { 200: kitStatsSchema } } }, () => kitSubscriberCounts(ctx));

  r.get(KIT_PATHS.forms, { schema: { response: { 200: kitFormListSchema } } }, async () => ({ forms: await listKitForms(ctx) }));

  r.get(KIT_PATHS.tags, { schema: { response: { 200: kitTagListSchema } } }, async () => ({ tags: await listKitTags(ctx) }));

  r.get(KIT_PATHS.subscribers, { schema: { querystring: kitSubscriberQuerySchema, response: { 200: subscriberPageSchema } } }, async (request) => {
    const { subscribers, pagination } = await listKitSubscribers(ctx, request.query);
    return { subscribers, pagination };
  });

  r.post(KIT_PATHS.customFields, { schema: { response: { 200: customFieldsResultSchema } } }, () => createMissingCustomFields(ctx));
}
