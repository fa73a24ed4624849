import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KIT_PATHS, kitTagLinksSchema, tagLinksResultSchema } from '../../shared/kit/api.ts';
import type { KitContext } from './connection.ts';
import { linkCrmTagsToKit } from './tag-links.ts';

/** CRM tags linked to Kit tags by name. */
export function kitTagLinkRoutes(app: FastifyInstance, ctx: KitContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(KIT_PATHS.tagLinks, { schema: { body: kitTagLinksSchema, response: { 200: tagLinksResultSchema } } }, (request) =>
      linkCrmTagsToKit(ctx, { createMissing: request.body.create_missing, tagIds: request.body.tag_ids }),
    );
}
