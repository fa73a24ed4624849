import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagFormSchema, tagListQuerySchema } from '../../shared/tags.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { removeTagFromContacts, renameTagOnContacts } from '../contacts/service.ts';
import { createTag, deleteTag, listTags, updateTag, type TagHolders } from './service.ts';

const idParams = z.object({ id: z.string() });
/** Contacts store tag names: a rename or deletion changes them in the tag's transaction. */
const contactsHoldTags: TagHolders = { renameTag: renameTagOnContacts, removeTag: removeTagFromContacts };

export async function tagsRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/tags', { schema: { querystring: tagListQuerySchema } }, async (request) => ({
    tags: await listTags(db, request.query.search),
  }));

  r.post('/api/tags', { schema: { body: tagFormSchema } }, async (request, reply) =>
    reply.status(201).send({ tag: await createTag(db, request.body) }),
  );

  r.put('/api/tags/:id', { schema: { params: idParams, body: tagFormSchema } }, async (request) => ({
    tag: await updateTag(db, request.params.id, request.body, contactsHoldTags),
  }));

  r.delete('/api/tags/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteTag(db, request.params.id, contactsHoldTags);
    return reply.status(204).send();
  });
}
