import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BACKUP_LOCAL_TOKEN_HEADER,
  BACKUP_MESSAGES,
  BACKUP_PATHS,
  backupCreatedResponseSchema,
  backupListResponseSchema,
  backupNameParamsSchema,
} from '../../shared/backup/api.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { createBackups, startNightlyBackups } from './service.ts';

/** What `npm run backup` sends on the local route: proof it can read the instance secret, i.e. runs as the server's owner. */
export function localBackupToken(instanceSecret: Buffer): string {
  return createHmac('sha256', instanceSecret).update('mycrm backup from this machine').digest('base64url');
}

/** The request comes from this machine: from a loopback address, or from the address it reached us on. */
function isFromThisMachine(request: FastifyRequest): boolean {
  const remote = request.socket.remoteAddress ?? '';
  return /^(127\.|::1$|::ffff:127\.)/.test(remote) || remote === request.socket.localAddress;
}

export interface BackupRoutesOptions {
  database: Database;
  config: Config;
  instanceSecret: () => Buffer;
}

/** Settings → Backups (staff): the list, a backup now, downloads; and the route `npm run backup` uses while the server holds the database. */
export async function backupRoutes(app: FastifyInstance, { database, config, instanceSecret }: BackupRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const backups = createBackups({ database, config, instanceSecret, log: app.log });
  const nightly = config.backup.nightlyHourUtc === null ? undefined : startNightlyBackups(backups, config.backup.nightlyHourUtc, app.log);
  app.addHook('onClose', async () => {
    await nightly?.stop();
    await backups.idle();
  });

  const made = async () => {
    try {
      const { summary: _summary, ...backup } = await backups.create();
      return { backup };
    } catch (error) {
      throw new AppError(500, 'backup_failed', BACKUP_MESSAGES.failed, undefined, { cause: error });
    }
  };

  r.get(BACKUP_PATHS.list, { schema: { response: { 200: backupListResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      backups: await backups.list(),
      keep: config.backup.keep,
      nightly_hour_utc: config.backup.nightlyHourUtc,
      key: config.backup.passphrase ? ('passphrase' as const) : ('instance-secret' as const),
      images: config.imageStorage.kind === 'local' ? ('included' as const) : ('s3' as const),
    };
  });

  r.post(BACKUP_PATHS.list, { schema: { response: { 201: backupCreatedResponseSchema } } }, async (request, reply) => {
    const result = await made();
    request.log.info({ by: request.user!.id, backup: result.backup.name }, 'backup made from Settings');
    return reply.status(201).send(result);
  });

  r.get(BACKUP_PATHS.one.pattern, { schema: { params: backupNameParamsSchema } }, async (request, reply) => {
    const file = await backups.open(request.params.name);
    if (!file) throw notFound(BACKUP_MESSAGES.notFound);
    request.log.info({ by: request.user!.id, backup: request.params.name }, 'backup downloaded');
    return reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment; filename="${request.params.name}"`)
      .header('content-length', String(file.size))
      .header('cache-control', 'no-store')
      .send(file.stream);
  });

  r.post(
    BACKUP_PATHS.local,
    { schema: { response: { 201: backupCreatedResponseSchema } }, config: { public: true } },
    async (request, reply) => {
      const given = Buffer.from(String(request.headers[BACKUP_LOCAL_TOKEN_HEADER] ?? ''));
      const expected = Buffer.from(localBackupToken(instanceSecret()));
      if (!isFromThisMachine(request) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, 'forbidden', BACKUP_MESSAGES.localOnly);
      }
      const result = await made();
      request.log.info({ backup: result.backup.name }, 'backup made by npm run backup');
      return reply.status(201).send(result);
    },
  );
}
