import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importRequestSchema } from '../../shared/contacts/csv.ts';
import { CONTACT_MESSAGES, contactFormSchema } from '../../shared/contacts/form.ts';
import { contactFiltersSchema, contactListQuerySchema } from '../../shared/contacts/list.ts';
import { timelineQuerySchema, timelineResponseSchema, type ContactEventActor } from '../../shared/contacts/timeline.ts';
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
  listContactEvents,
  listContacts,
  updateContact,
} from './service.ts';

const idParams = z.object({ id: z.string() });

/** The signed-in user, as the timeline names who made a change. */
const staffActor = (request: FastifyRequest): ContactEventActor => ({ kind: 'user', id: request.user?.id ?? null, email: request.user?.email ?? 'unknown' });
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
    importContacts(db, request.body, request.user?.email ?? null),
  );

  r.get('/api/contacts/:id', { schema: { params: idParams } }, async (request) => {
    const contact = await getContactById(db, request.params.id);
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return { contact };
  });

  r.post('/api/contacts', { schema: { body: contactFormSchema } }, async (request, reply) =>
    reply.status(201).send({ contact: await createContact(db, request.body, staffActor(request)) }),
  );

  r.put('/api/contacts/:id', { schema: { params: idParams, body: contactFormSchema } }, async (request) => ({
    contact: await updateContact(db, request.params.id, request.body, staffActor(request)),
  }));

  r.get(
    '/api/contacts/:id/events',
    { schema: { params: idParams, querystring: timelineQuerySchema, response: { 200: timelineResponseSchema } } },
    async (request) => {
      const contact = await getContactById(db, request.params.id);
      if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
      return listContactEvents(db, contact.id, request.query);
    },
  );

  r.delete('/api/contacts/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteContact(db, request.params.id);
    return reply.status(204).send();
  });
}
