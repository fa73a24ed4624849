import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importRequestSchema } from '../../shared/contacts/csv.ts';
import { CONTACT_MESSAGES, contactFormSchema } from '../../shared/contacts/form.ts';
import { contactFiltersSchema, contactListQuerySchema } from '../../shared/contacts/list.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { contactsCsv, exportFileName } from './export.ts';
import { importContacts } from './import.ts';
import {
  createContact,
  deleteContact,
  getContactById,
  getContactStats,
  listContacts,
  updateContact,
} from './service.ts';

const idParams = z.object({ id: z.string() });
/** A 50,000-row file sent as JSON rows stays well under this. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

export async function contactsRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/contacts', { schema: { querystring: contactListQuerySchema } }, (request) => listContacts(db, request.query));

  r.get('/api/contacts/stats', () => getContactStats(db));

  r.get('/api/contacts/export.csv', { schema: { querystring: contactFiltersSchema } }, (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(contactsCsv(db, request.query))),
  );

  r.post('/api/contacts/import', { schema: { body: importRequestSchema }, bodyLimit: IMPORT_BODY_LIMIT }, (request) =>
    importContacts(db, request.body),
  );

  r.get('/api/contacts/:id', { schema: { params: idParams } }, async (request) => {
    const contact = await getContactById(db, request.params.id);
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return { contact };
  });

  r.post('/api/contacts', { schema: { body: contactFormSchema } }, async (request, reply) =>
    reply.status(201).send({ contact: await createContact(db, request.body) }),
  );

  r.put('/api/contacts/:id', { schema: { params: idParams, body: contactFormSchema } }, async (request) => ({
    contact: await updateContact(db, request.params.id, request.body),
  }));

  r.delete('/api/contacts/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteContact(db, request.params.id);
    return reply.status(204).send();
  });
}
