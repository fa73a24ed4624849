import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { getContactById } from '../contacts/service.ts';
import type { Db } from '../db/client.ts';
import { listTags } from '../tags/service.ts';
import { AppError, notFound } from '../http/errors.ts';
import { KitApiError, KitNetworkError, type KitAccount } from './client.ts';
import { createKitContext, kitClient, kitClientForKey, type KitContext } from './connection.ts';
import { KIT_CUSTOM_FIELD_KEYS, KIT_MESSAGES } from '../../shared/kit/messages.ts';
import { safeText } from '../../shared/text/safe-text.ts';
import { completeJob, enqueueBatch, failJob, getBatchProgress, getSyncStates, retryFailedJobs, startJobNow } from './queue.ts';
import { clearKitApiKey, describeKitApiKey, KitKeyUnreadableError, KitNotConfiguredError, readKitApiKey, saveKitApiKey } from './settings.ts';
import { checkContactInKit, KitSyncError, syncContactToKit } from './sync.ts';
import { kitTagIdByName, linkCrmTag, primeKitTagCache } from './tag-ids.ts';

/*
 * The Kit integration's HTTP API (staff only, like every /api route). The browser never sees the
 * API key (only its last four characters) and never talks to Kit itself.
 */

const MAX_BATCH = 10_000;
const uuid = z.uuid();
const tagNames = z.array(safeText().trim().min(1).max(200)).max(100);

/** Kit failures as API errors: the message is the client's ("Kit API error: …"), for the screen to show. */
function kitError(error: unknown): unknown {
  if (error instanceof KitNotConfiguredError) return new AppError(409, 'kit_not_configured', error.message);
  if (error instanceof KitKeyUnreadableError) return new AppError(409, 'kit_key_unreadable', error.message);
  if (error instanceof KitApiError || error instanceof KitNetworkError) return new AppError(502, 'kit_error', error.message);
  if (error instanceof KitSyncError) {
    return error.message === KIT_MESSAGES.contactNotFound ? notFound(error.message) : new AppError(422, 'kit_sync_invalid', error.message);
  }
  return error;
}

const accountSummary = ({ account, user }: KitAccount) => ({ name: account.name, email: account.primary_email_address || user.email });

export async function kitRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const ctx: KitContext = createKitContext(db, config);
  const interactive = () => kitClient(ctx, { priority: 'interactive', maxAttempts: 3 });
  const parentErrorHandler = app.errorHandler;
  app.setErrorHandler((error, request, reply) => parentErrorHandler.call(app, kitError(error) as typeof error, request, reply));
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Settings: the key is stored encrypted and shown masked.
  r.get('/api/kit/settings', async () => describeKitApiKey(db, ctx.secret));

  r.put('/api/kit/settings', { schema: { body: z.object({ api_key: safeText().trim().min(1, KIT_MESSAGES.apiKeyRequired).max(500) }) } }, async (request) => {
    try {
      await saveKitApiKey(db, ctx.secret, request.body.api_key);
    } catch (error) {
      throw new AppError(500, 'kit_key_save_failed', KIT_MESSAGES.saveFailed, undefined, { cause: error });
    }
    return describeKitApiKey(db, ctx.secret);
  });

  r.delete('/api/kit/settings', async (_request, reply) => {
    await clearKitApiKey(db);
    return reply.status(204).send();
  });

  /** Tests the saved key, or a key typed in but not saved yet. Always 200: `ok` says how it went. */
  r.post('/api/kit/test-connection', { schema: { body: z.object({ api_key: safeText().trim().min(1).max(500).optional() }).optional() } }, async (request) => {
    const typed = request.body?.api_key;
    const client = typed ? kitClientForKey(ctx.env, typed, { priority: 'interactive', maxAttempts: 2 }) : await interactive();
    const result = await client.testConnection();
    return result.ok ? { ok: true, account: accountSummary(result.account) } : { ok: false, error: result.error };
  });

  // What the Kit screen shows.
  r.get('/api/kit/stats', async () => {
    const client = await interactive();
    const [total, active] = await Promise.all([client.countSubscribers('all'), client.countSubscribers('active')]);
    return { total_subscribers: total, active_subscribers: active };
  });

  r.get('/api/kit/forms', async () => ({ forms: await (await interactive()).listAllForms() }));

  r.get('/api/kit/tags', async () => {
    const client = await interactive();
    const tags = await client.listAllTags();
    primeKitTagCache(client, tags);
    return { tags };
  });

  r.get(
    '/api/kit/subscribers',
    {
      schema: {
        querystring: z.object({
          per_page: z.coerce.number().int().min(1).max(1000).default(50),
          after: safeText().max(500).optional(),
          before: safeText().max(500).optional(),
          /** Kit filters by the exact address (no partial match). */
          email: safeText().trim().max(320).optional(),
          status: z.enum(['all', 'active', 'inactive', 'bounced', 'complained', 'cancelled']).default('all'),
        }),
      },
    },
    async (request) => {
      const { per_page, after, before, email, status } = request.query;
      const client = await interactive();
      try {
        // Newest first, as the screen says: Kit's ids grow with each new subscriber, and Kit sorts only when told how.
        const { subscribers, pagination } = await client.listSubscribers({ per_page, after, before, email_address: email, status, sort_field: 'id', sort_order: 'desc' });
        return { subscribers, pagination };
      } catch (error) {
        // Kit refusing what the browser asked for (a stale or made-up cursor) is no failure of Kit's.
        if (error instanceof KitApiError && (error.status === 400 || error.status === 422)) throw new AppError(400, 'kit_request_refused', error.message);
        throw error;
      }
    },
  );

  /** Creates the custom fields the sync writes (last_name, phone, …), skipping those that exist. */
  r.post('/api/kit/custom-fields', async () => {
    const client = await interactive();
    const existing = new Set((await client.listCustomFields()).map((f) => f.key));
    const created: string[] = [];
    for (const key of KIT_CUSTOM_FIELD_KEYS) {
      if (existing.has(key)) continue;
      await client.createCustomField(key);
      created.push(key);
    }
    return { created, existing: KIT_CUSTOM_FIELD_KEYS.filter((key) => existing.has(key)) };
  });

  /** Links CRM tags (all, or `tag_ids`) to the Kit tags of the same name (their kit_tag_name, or else their name). */
  r.post(
    '/api/kit/tag-links',
    { schema: { body: z.object({ create_missing: z.boolean().default(false), tag_ids: z.array(uuid).max(1000).optional() }) } },
    async (request) => {
      const { create_missing, tag_ids } = request.body;
      const client = await interactive();
      const kitTags = await client.listAllTags();
      primeKitTagCache(client, kitTags);
      const byName = new Map(kitTags.map((t) => [t.name.toLowerCase(), t]));
      const crmTags = (await listTags(db)).filter((t) => !tag_ids || tag_ids.includes(t.id));
      const results = [];
      for (const tag of crmTags) {
        const wanted = tag.kit_tag_name || tag.name;
        const found = byName.get(wanted.toLowerCase());
        let result: 'unchanged' | 'linked' | 'created' | 'missing';
        let saved = tag;
        if (found) {
          result = found.id === tag.kit_tag_id && found.name === tag.kit_tag_name ? 'unchanged' : 'linked';
          if (result === 'linked') saved = await linkCrmTag(db, tag, found.name, found.id);
        } else if (create_missing) {
          result = 'created';
          saved = await linkCrmTag(db, tag, wanted, await kitTagIdByName(client, wanted));
        } else {
          result = 'missing';
        }
        results.push({ id: saved.id, name: saved.name, kit_tag_name: saved.kit_tag_name, kit_tag_id: saved.kit_tag_id, result });
      }
      return { tags: results };
    },
  );

  // One contact.
  r.post('/api/kit/contacts/:id/check', { schema: { params: z.object({ id: uuid }) } }, async (request) => {
    const { kit_id, subscriber } = await checkContactInKit(db, await interactive(), request.params.id);
    return { kit_id, subscriber };
  });

  /** The sync modal: runs now (recorded as a job, so the contact's sync state shows it). */
  r.post(
    '/api/kit/contacts/:id/sync',
    { schema: { params: z.object({ id: uuid }), body: z.object({ tag_names: tagNames.default([]) }) } },
    async (request) => {
      const client = await interactive();
      if (!(await getContactById(db, request.params.id))) throw notFound(KIT_MESSAGES.contactNotFound);
      const job = await startJobNow(db, request.params.id, request.body.tag_names);
      try {
        const outcome = await syncContactToKit(db, client, request.params.id, request.body.tag_names);
        await completeJob(db, job);
        return { ...outcome, message: KIT_MESSAGES.syncSucceeded };
      } catch (error) {
        await failJob(db, job, (error as Error).message || KIT_MESSAGES.syncFailed, { final: true });
        throw error;
      }
    },
  );

  // Bulk "Sync N to Kit": queued, paced, retried; the screen polls the progress.
  r.post(
    '/api/kit/sync-batches',
    { schema: { body: z.object({ contact_ids: z.array(uuid).min(1).max(MAX_BATCH), tag_names: tagNames.default([]) }) } },
    async (request, reply) => {
      if (!(await readKitApiKey(db, ctx.secret))) throw new KitNotConfiguredError();
      const batch = await enqueueBatch(db, request.body.contact_ids, request.body.tag_names);
      if (batch.total === 0) throw notFound(KIT_MESSAGES.contactNotFound);
      return reply.status(202).send(batch);
    },
  );

  r.get('/api/kit/sync-batches/:id', { schema: { params: z.object({ id: uuid }) } }, async (request) => {
    const progress = await getBatchProgress(db, request.params.id);
    if (!progress) throw notFound('Sync batch not found');
    return progress;
  });

  r.post('/api/kit/sync-batches/:id/retry', { schema: { params: z.object({ id: uuid }) } }, async (request) => {
    if (!(await readKitApiKey(db, ctx.secret))) throw new KitNotConfiguredError();
    if (!(await getBatchProgress(db, request.params.id))) throw notFound('Sync batch not found');
    return retryFailedJobs(db, request.params.id);
  });

  r.get(
    '/api/kit/sync-state',
    {
      schema: {
        querystring: z.object({
          contact_ids: safeText()
            .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
            .pipe(z.array(uuid).max(500)),
        }),
      },
    },
    async (request) => ({ states: await getSyncStates(db, request.query.contact_ids) }),
  );
}
