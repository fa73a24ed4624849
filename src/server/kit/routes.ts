import type { FastifyInstance } from 'fastify';
import { KIT_MESSAGES } from '../../shared/kit/messages.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { kitAccountRoutes } from './account-routes.ts';
import { KitApiError, KitNetworkError } from './client.ts';
import { createKitContext } from './connection.ts';
import { kitImportRoutes } from './import/routes.ts';
import { kitKeyRoutes } from './key-routes.ts';
import { KitKeyUnreadableError, KitNotConfiguredError } from './settings.ts';
import { KitSyncError } from './sync.ts';
import { kitSyncRoutes } from './sync-routes.ts';
import { kitTagLinkRoutes } from './tag-link-routes.ts';
import { kitLiveUpdateRoutes } from './webhooks/live-update-routes.ts';
import { kitWebhookReceiveRoutes } from './webhooks/receive-routes.ts';

/*
 * The Kit integration's HTTP API (staff only, like every /api route), one file per resource. The
 * browser never sees the API key (only its last four characters) and never talks to Kit itself.
 */

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

export async function kitRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const ctx = createKitContext(db, config);
  const parentErrorHandler = app.errorHandler;
  app.setErrorHandler((error, request, reply) => parentErrorHandler.call(app, kitError(error) as typeof error, request, reply));
  kitKeyRoutes(app, ctx);
  kitAccountRoutes(app, ctx);
  kitTagLinkRoutes(app, ctx);
  kitSyncRoutes(app, ctx);
  kitImportRoutes(app, ctx);
  kitLiveUpdateRoutes(app, ctx, config.publicUrl);
  // Its own plugin: it reads bodies as bytes, for their signature.
  await app.register(kitWebhookReceiveRoutes, { db, secretKey: ctx.secret });
}
