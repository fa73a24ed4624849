import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TAG_PATHS,
  tagFormSchema,
  tagIdParamsSchema,
  tagListQuerySchema,
  tagListResponseSchema,
  tagResponseSchema,
} from '../../shared/tags/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { removeTagFromContacts, renameTagOnContacts } from '../contacts/service.ts';
import { createTag, deleteTag, listTags, updateTag, type TagHolders } from './service.ts';

/** Contacts store tag names: a rename or deletion changes them in the tag's transaction. */
const contactsHoldTags: TagHolders = { renameTag: renameTagOnContacts, removeTag: removeTagFromContacts };

export async function tagsRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(TAG_PATHS.list, { schema: { querystring: tagListQuerySchema, response: { 200: tagListResponseSchema } } }, async (request) => ({
    tags: await listTags(db, request.query.search),
  }));

  r.post(TAG_PATHS.list, { schema: { body: tagFormSchema, response: { 201: tagResponseSchema } } }, async (request, reply) =>
    reply.status(201).send({ tag: await createTag(db, request.body) }),
  );

  r.put(
    TAG_PATHS.one.pattern,
    { schema: { params: tagIdParamsSchema, body: tagFormSchema, response: { 200: tagResponseSchema } } },
    async (request) => ({ tag: await updateTag(db, request.params.id, request.body, contactsHoldTags) }),
  );

  r.delete(TAG_PATHS.one.pattern, { schema: { params: tagIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteTag(db, request.params.id, contactsHoldTags);
    return reply.status(204).send(null);
  });
}
