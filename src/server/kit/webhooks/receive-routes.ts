import type { FastifyInstance } from 'fastify';
import { KIT_WEBHOOK_BODY_LIMIT, KIT_WEBHOOK_MESSAGES, KIT_WEBHOOK_PATHS, kitWebhookDeliverySchema, kitWebhookReceivedSchema } from '../../../shared/kit/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { limitPerAddress } from '../../http/rate-limit.ts';
import { readWebhookEndpoint, sameToken } from './endpoint-store.ts';
import { storeDelivery } from './inbox.ts';
import { verifySignature } from './signature.ts';

/*
 * Where Kit posts webhook deliveries. Public (Kit has no session, and sends no Origin), so every
 * delivery proves itself: the path's token names the endpoint, the signature over the exact bytes
 * received proves Kit sent them with that endpoint's secret, within the last 5 minutes. Only then is
 * the body read as JSON and its events stored (each id once); the answer comes at once and a worker
 * applies them. This plugin reads every body as bytes: the signature is over them, not over a parse.
 */

/** Deliveries per sending address and minute: Kit's bulk activity comes in batches of 100 events. */
const DELIVERIES_PER_MINUTE = 600;

export async function kitWebhookReceiveRoutes(app: FastifyInstance, { db, secretKey }: { db: Db; secretKey: () => Buffer }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: KIT_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post<{ Params: { token: string } }>(
    KIT_WEBHOOK_PATHS.receive.pattern,
    {
      config: { public: true },
      schema: { response: { 200: kitWebhookReceivedSchema } },
      bodyLimit: KIT_WEBHOOK_BODY_LIMIT,
      preHandler: limitPerAddress(db, { scope: 'kit-webhook', max: DELIVERIES_PER_MINUTE, windowMs: 60_000, message: KIT_WEBHOOK_MESSAGES.rateLimited }),
    },
    async (request, reply) => {
      const endpoint = await readWebhookEndpoint(db, secretKey);
      if (!endpoint || !sameToken(String(request.params.token), endpoint.token)) throw notFound(KIT_WEBHOOK_MESSAGES.unknownEndpoint);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-kit-signature'];
      const check = verifySignature({ header: Array.isArray(header) ? header.join(',') : header, rawBody, secret: endpoint.secret });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'refused a Kit webhook delivery');
        throw new AppError(401, 'bad_signature', KIT_WEBHOOK_MESSAGES.badSignature);
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError(400, 'bad_delivery', KIT_WEBHOOK_MESSAGES.badDelivery);
      }
      const parsed = kitWebhookDeliverySchema.safeParse(json);
      if (!parsed.success) {
        const tooMany = parsed.error.issues.some((issue) => issue.message === KIT_WEBHOOK_MESSAGES.tooManyEvents);
        throw new AppError(400, 'bad_delivery', tooMany ? KIT_WEBHOOK_MESSAGES.tooManyEvents : KIT_WEBHOOK_MESSAGES.badDelivery);
      }
      const stored = await storeDelivery(db, parsed.data);
      return reply.status(200).send({ received: parsed.data.events.length, new: stored });
    },
  );
}
