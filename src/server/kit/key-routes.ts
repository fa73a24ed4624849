import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionResultSchema, KIT_PATHS, kitApiKeySchema, kitKeyStatusSchema, kitTestConnectionSchema } from '../../shared/kit/api.ts';
import { testKitConnection } from './account.ts';
import type { KitContext } from './connection.ts';
import { clearKitApiKey, describeKitApiKey, replaceKitApiKey } from './settings.ts';

/** The API key: stored encrypted, shown masked, tested against Kit. */
export function kitKeyRoutes(app: FastifyInstance, ctx: KitContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(KIT_PATHS.settings, { schema: { response: { 200: kitKeyStatusSchema } } }, () => describeKitApiKey(ctx.db, ctx.secret));

  r.put(KIT_PATHS.settings, { schema: { body: kitApiKeySchema, response: { 200: kitKeyStatusSchema } } }, (request) =>
    replaceKitApiKey(ctx.db, ctx.secret, request.body.api_key),
  );

  r.delete(KIT_PATHS.settings, { schema: { response: { 204: z.null() } } }, async (_request, reply) => {
    await clearKitApiKey(ctx.db);
    return reply.status(204).send(null);
  });

  /** Always 200: `ok` says how it went. */
  r.post(KIT_PATHS.testConnection, { schema: { body: kitTestConnectionSchema, response: { 200: connectionResultSchema } } }, (request) =>
    testKitConnection(ctx, request.body?.api_key),
  );
}
