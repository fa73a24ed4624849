import { KIT_TAG_EVENT_TYPES, KIT_WEBHOOK_EVENT_TYPES, KIT_WEBHOOK_PATHS, type LiveUpdatesState } from '../../../shared/kit/webhooks.ts';
import { AppError } from '../../http/errors.ts';
import { KitApiError, type KitClient } from '../client.ts';
import { interactiveKitClient, type KitContext } from '../connection.ts';
import { clearWebhookEndpoint, newEndpointToken, readWebhookEndpoint, saveWebhookEndpoint } from './endpoint-store.ts';
import { inboxFigures } from './inbox.ts';
import { webhookAvailability } from './public-url.ts';

/*
 * Turning live updates on registers a webhook endpoint in Kit (POST /v4/webhook_endpoints) for the
 * subscriber events the CRM applies, at PUBLIC_URL plus a fresh random token, and keeps Kit's secret
 * encrypted; turning them off removes it from Kit (DELETE) and forgets it.
 */

export async function liveUpdatesState(ctx: KitContext, publicUrl: string | undefined): Promise<LiveUpdatesState> {
  const availability = webhookAvailability(publicUrl);
  const endpoint = await readWebhookEndpoint(ctx.db, ctx.secret);
  const figures = await inboxFigures(ctx.db);
  return {
    available: availability.available,
    unavailable_reason: availability.available ? null : availability.reason,
    enabled: endpoint !== null,
    url: endpoint?.url ?? null,
    enabled_at: endpoint ? new Date(endpoint.enabled_at) : null,
    ...figures,
  };
}

export async function turnLiveUpdatesOn(ctx: KitContext, publicUrl: string | undefined): Promise<LiveUpdatesState> {
  const availability = webhookAvailability(publicUrl);
  if (!availability.available) throw new AppError(409, 'live_updates_unavailable', availability.reason);
  if (await readWebhookEndpoint(ctx.db, ctx.secret)) return liveUpdatesState(ctx, publicUrl);
  const client = await interactiveKitClient(ctx);
  const token = newEndpointToken();
  const url = availability.base + KIT_WEBHOOK_PATHS.receive.path({ token });
  const created = await registerEndpoint(client, url);
  await saveWebhookEndpoint(ctx.db, ctx.secret, { kit_endpoint_id: created.id, token, secret: created.secret, url, enabled_at: new Date().toISOString() });
  return liveUpdatesState(ctx, publicUrl);
}

/**
 * Kit rolls event types out one by one and refuses (422) an endpoint that asks for one it does not
 * deliver yet. Tag events are the newest of those the CRM applies: without them the endpoint still
 * carries every state change, and the hourly reconciliation pass brings tag changes.
 */
async function registerEndpoint(client: KitClient, url: string) {
  const name = 'mycrm live updates';
  try {
    return await client.createWebhookEndpoint({ url, events: KIT_WEBHOOK_EVENT_TYPES, name });
  } catch (error) {
    if (!(error instanceof KitApiError && error.status === 422)) throw error;
    return client.createWebhookEndpoint({ url, events: KIT_WEBHOOK_EVENT_TYPES.filter((type) => !KIT_TAG_EVENT_TYPES.includes(type)), name });
  }
}

export async function turnLiveUpdatesOff(ctx: KitContext, publicUrl: string | undefined): Promise<LiveUpdatesState> {
  const endpoint = await readWebhookEndpoint(ctx.db, ctx.secret);
  if (endpoint) {
    const client = await interactiveKitClient(ctx);
    try {
      await client.deleteWebhookEndpoint(endpoint.kit_endpoint_id);
    } catch (error) {
      // Already removed in Kit (by hand, in Kit's own screen): nothing left to remove.
      if (!(error instanceof KitApiError && error.status === 404)) throw error;
    }
    await clearWebhookEndpoint(ctx.db);
  }
  return liveUpdatesState(ctx, publicUrl);
}

