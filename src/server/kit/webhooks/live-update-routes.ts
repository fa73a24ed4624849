import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KIT_WEBHOOK_PATHS, liveUpdatesStateSchema } from '../../../shared/kit/webhooks.ts';
import type { KitContext } from '../connection.ts';
import { liveUpdatesState, turnLiveUpdatesOff, turnLiveUpdatesOn } from './live-updates.ts';

/** The Kit screen's Live updates card: its state, on, off (staff). */
export function kitLiveUpdateRoutes(app: FastifyInstance, ctx: KitContext, publicUrl: string | undefined) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: liveUpdatesStateSchema } };
  r.get(KIT_WEBHOOK_PATHS.liveUpdates, { schema }, () => liveUpdatesState(ctx, publicUrl));
  r.put(KIT_WEBHOOK_PATHS.liveUpdates, { schema }, () => turnLiveUpdatesOn(ctx, publicUrl));
  r.delete(KIT_WEBHOOK_PATHS.liveUpdates, { schema }, () => turnLiveUpdatesOff(ctx, publicUrl));
}
