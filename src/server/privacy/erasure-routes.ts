import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactIdParamsSchema } from '../../shared/contacts/api.ts';
import { CONTACT_MESSAGES } from '../../shared/contacts/form.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import { consentCsvRequestSchema, ERASURE_MESSAGES, erasureLogSchema, PRIVACY_PATHS, retryUnsubscribesResponseSchema } from '../../shared/privacy/erasure.ts';
import { personExportSchema } from '../../shared/privacy/person-export.ts';
import { RETENTION_PATHS, retentionRulesSchema, retentionStateSchema } from '../../shared/privacy/retention.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { retryFailedUnsubscribes } from '../kit/service.ts';
import { consentCsvFileName, consentRecordsCsv } from './consent-csv.ts';
import { eraseContact, erasureLog, type ContactEraser } from './erasure.ts';
import { personExport } from './person-export.ts';
import { retentionState, saveRetentionRules, startDailyRetention } from './retention.ts';

const staffActor = (request: FastifyRequest): ContactEventActor => ({ kind: 'user', id: request.user?.id ?? null, email: request.user?.email ?? 'unknown' });

/**
 * A person's data, their erasure, the erasure log, and how long data is kept (staff only, like every
 * route not marked public). The daily retention run starts here and stops with the app.
 */
export async function erasureRoutes(app: FastifyInstance, { db, erase }: { db: Db; erase: ContactEraser }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const retention = startDailyRetention(db, erase, app.log);
  app.addHook('onClose', () => retention.stop());

  r.get(RETENTION_PATHS.settings, { schema: { response: { 200: retentionStateSchema } } }, () => retentionState(db));
  r.put(RETENTION_PATHS.settings, { schema: { body: retentionRulesSchema, response: { 200: retentionStateSchema } } }, async (request) => {
    await saveRetentionRules(db, request.body);
    return retentionState(db);
  });

  // A file named by the contact's id, never their email; not kept by any cache on the way.
  r.get(PRIVACY_PATHS.personExport.pattern, { schema: { params: contactIdParamsSchema, response: { 200: personExportSchema } } }, async (request, reply) => {
    const data = await personExport(db, request.params.id);
    if (!data) throw notFound(CONTACT_MESSAGES.notFound);
    reply.header('content-disposition', `attachment; filename="${ERASURE_MESSAGES.exportFileName(data.contact.id)}"`).header('cache-control', 'no-store');
    return data;
  });

  r.post(PRIVACY_PATHS.erase.pattern, { schema: { params: contactIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    if (!(await eraseContact(db, erase, request.params.id, staffActor(request)))) throw notFound(CONTACT_MESSAGES.notFound);
    return reply.status(204).send(null);
  });

  r.get(PRIVACY_PATHS.erasures, { schema: { response: { 200: erasureLogSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return erasureLog(db);
  });

  r.post(PRIVACY_PATHS.retryUnsubscribes, { schema: { response: { 200: retryUnsubscribesResponseSchema } } }, async () => ({
    queued: await retryFailedUnsubscribes(db),
  }));

  // A CSV file, streamed: no JSON answer to describe.
  r.post(PRIVACY_PATHS.consentCsv, { schema: { body: consentCsvRequestSchema } }, (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${consentCsvFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(consentRecordsCsv(db, request.body.selection))),
  );
}
