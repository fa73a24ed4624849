import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KIT_IMPORT_PATHS, kitImportStartSchema, kitImportStateSchema } from '../../../shared/kit/import.ts';
import type { KitContext } from '../connection.ts';
import { requireKitApiKey } from '../settings.ts';
import { getKitImportState, startKitImportJob } from './job.ts';
import { pokeKitImportRunners } from './runner.ts';

/** The Kit screen's import: start one (it runs in the background), and read how far it and the last reconciliation pass got. */
export function kitImportRoutes(app: FastifyInstance, ctx: KitContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(KIT_IMPORT_PATHS.import, { schema: { response: { 200: kitImportStateSchema } } }, () => getKitImportState(ctx.db));

  // Without a body (as before people erased before could be brought back): they are left out.
  r.post(KIT_IMPORT_PATHS.import, { schema: { body: kitImportStartSchema.nullish(), response: { 202: kitImportStateSchema } } }, async (request, reply) => {
    // Refused without a key (409) before anything is recorded.
    await requireKitApiKey(ctx.db, ctx.secret);
    await startKitImportJob(ctx.db, 'import', null, request.body?.include_erased ?? false);
    pokeKitImportRunners();
    return reply.status(202).send(await getKitImportState(ctx.db));
  });
}
