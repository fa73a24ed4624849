import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_PATHS,
  contactIdParamsSchema,
  contactListResponseSchema,
  contactResponseSchema,
  contactStatsSchema,
} from '../../shared/contacts/api.ts';
import { BULK_BATCH_SIZE, BULK_MESSAGES, BULK_PATHS, bulkJobParamsSchema, bulkJobRequestSchema, bulkJobResponseSchema, selectionExportSchema } from '../../shared/contacts/bulk.ts';
import { importErasedRequestSchema, importErasedResponseSchema, importRequestSchema } from '../../shared/contacts/csv.ts';
import { IMPORT_BATCH_SIZE, IMPORT_JOB_MESSAGES, IMPORT_JOB_PATHS, importJobParamsSchema, importJobResponseSchema } from '../../shared/contacts/import-job.ts';
import { CONTACT_MESSAGES, contactFormSchema } from '../../shared/contacts/form.ts';
import { contactFiltersSchema, contactListQuerySchema } from '../../shared/contacts/list.ts';
import { CONTACT_TIMELINE_PATHS, timelineQuerySchema, timelineResponseSchema, type ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { createBulkJob, getBulkJob, runBulkJob, type BulkEraser } from './bulk-jobs.ts';
import { startBulkJobRunner } from './bulk-runner.ts';
import { contactsCsv, exportFileName } from './export.ts';
import { countErasedAmong, getImportJob, runImport, startImport, type ErasedEmails } from './import.ts';
import { startImportRunner } from './import-runner.ts';
import {
  createContact,
  deleteContact,
  getContactById,
  getContactStats,
  listContactEvents,
  listContacts,
  updateContact,
} from './service.ts';

/** The signed-in user, as the timeline names who made a change. */
const staffActor = (request: FastifyRequest): ContactEventActor => ({ kind: 'user', id: request.user?.id ?? null, email: request.user?.email ?? 'unknown' });

/** A 50,000-row file sent as JSON rows stays well under this. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

function sendCsv(reply: FastifyReply, csv: AsyncGenerator<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName()}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csv));
}

export async function contactsRoutes(
  app: FastifyInstance,
  { db, erase, erasedAmong }: { db: Db; config: Config; erase?: BulkEraser; erasedAmong: ErasedEmails },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { erase };
  const bulkRunner = startBulkJobRunner({ db, log: app.log, deps });
  app.addHook('onClose', () => bulkRunner.stop());
  const importRunner = startImportRunner({ db, log: app.log });
  app.addHook('onClose', () => importRunner.stop());

  r.get(CONTACT_PATHS.list, { schema: { querystring: contactListQuerySchema, response: { 200: contactListResponseSchema } } }, (request) =>
    listContacts(db, request.query),
  );

  r.get(CONTACT_PATHS.stats, { schema: { response: { 200: contactStatsSchema } } }, () => getContactStats(db));

  // A CSV file, streamed: no JSON answer to describe (the route-contract test lists it as a file).
  r.get(CONTACT_PATHS.exportCsv, { schema: { querystring: contactFiltersSchema } }, (request, reply) =>
    sendCsv(reply, contactsCsv(db, { kind: 'matching', filters: request.query }, request.query)),
  );
  // The bulk bar's export: the rows picked (too many ids for a URL), or all that match, in the view's order.
  r.post(BULK_PATHS.exportCsv, { schema: { body: selectionExportSchema } }, (request, reply) =>
    sendCsv(reply, contactsCsv(db, request.body.selection, request.body)),
  );

  r.post(BULK_PATHS.jobs, { schema: { body: bulkJobRequestSchema, response: { 201: bulkJobResponseSchema } } }, async (request, reply) => {
    const { job, lease } = await createBulkJob(db, request.body, staffActor(request));
    // A job of one batch is done before the answer; a bigger one runs on while the screen polls.
    if (job.total <= BULK_BATCH_SIZE) await runBulkJob(db, lease, BULK_BATCH_SIZE, deps);
    else bulkRunner.run(lease);
    return reply.status(201).send({ job: (await getBulkJob(db, job.id))! });
  });

  r.get(BULK_PATHS.job.pattern, { schema: { params: bulkJobParamsSchema, response: { 200: bulkJobResponseSchema } } }, async (request) => {
    const job = await getBulkJob(db, request.params.id);
    if (!job) throw notFound(BULK_MESSAGES.jobNotFound);
    return { job };
  });

  r.post(
    CONTACT_PATHS.import,
    { schema: { body: importRequestSchema, response: { 201: importJobResponseSchema } }, bodyLimit: IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const run = await startImport(db, request.body, request.user?.email ?? null, erasedAmong);
      // A file of one batch is imported before the answer; a bigger one goes on while the screen reads its progress.
      if (run.rows.length <= IMPORT_BATCH_SIZE) await runImport(db, run);
      else importRunner.run(run);
      return reply.status(201).send({ job: (await getImportJob(db, run.jobId))! });
    },
  );

  r.post(
    CONTACT_PATHS.importErased,
    { schema: { body: importErasedRequestSchema, response: { 200: importErasedResponseSchema } }, bodyLimit: IMPORT_BODY_LIMIT },
    async (request) => ({ erased: await countErasedAmong(db, erasedAmong, request.body.emails) }),
  );

  r.get(IMPORT_JOB_PATHS.job.pattern, { schema: { params: importJobParamsSchema, response: { 200: importJobResponseSchema } } }, async (request) => {
    const job = await getImportJob(db, request.params.id);
    if (!job) throw notFound(IMPORT_JOB_MESSAGES.notFound);
    return { job };
  });

  r.get(CONTACT_PATHS.one.pattern, { schema: { params: contactIdParamsSchema, response: { 200: contactResponseSchema } } }, async (request) => {
    const contact = await getContactById(db, request.params.id);
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return { contact };
  });

  r.post(CONTACT_PATHS.list, { schema: { body: contactFormSchema, response: { 201: contactResponseSchema } } }, async (request, reply) =>
    reply.status(201).send({ contact: await createContact(db, request.body, staffActor(request)) }),
  );

  r.put(
    CONTACT_PATHS.one.pattern,
    { schema: { params: contactIdParamsSchema, body: contactFormSchema, response: { 200: contactResponseSchema } } },
    async (request) => ({ contact: await updateContact(db, request.params.id, request.body, staffActor(request)) }),
  );

  r.get(
    CONTACT_TIMELINE_PATHS.events.pattern,
    { schema: { params: contactIdParamsSchema, querystring: timelineQuerySchema, response: { 200: timelineResponseSchema } } },
    async (request) => {
      const contact = await getContactById(db, request.params.id);
      if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
      return listContactEvents(db, contact.id, request.query);
    },
  );

  r.delete(CONTACT_PATHS.one.pattern, { schema: { params: contactIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteContact(db, request.params.id);
    return reply.status(204).send(null);
  });
}
