import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeadCampaign } from '../../shared/leads/campaigns.ts';
import { LEAD_HONEYPOT_FIELD } from '../../shared/leads/form.ts';
import { LEAD_ERROR_CODES, LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import { leadSignupSchema } from '../../shared/leads/schema.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { captureLead, submissionSyncState, type QueueKitSync } from './service.ts';

/** A sign-up is a few hundred bytes; anything near this is not a person filling in a form. */
export const LEAD_BODY_LIMIT = 16 * 1024;

const CAMPAIGN_BY_PATH: Record<string, LeadCampaign> = { 'waiting-list': 'waiting_list', webinar: 'webinar' };

export interface LeadsRoutesOptions {
  db: Db;
  config: Config;
  /** Queues the sync to Kit inside the sign-up's transaction (wired by the Kit feature). */
  queueKitSync?: QueueKitSync;
}

/**
 * The public site's endpoints: the two sign-up forms (waiting list, webinar), the sync state the
 * modal waits on, and the site's public settings. No session; validated, size-capped and limited
 * per IP address (the client address a trusted proxy reports, when TRUST_PROXY says so).
 */
export async function leadsRoutes(app: FastifyInstance, { db, config, queueKitSync }: LeadsRoutesOptions) {
  await app.register(rateLimit, {
    global: false,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError(429, LEAD_ERROR_CODES.rateLimited, LEAD_MESSAGES.en.rateLimited),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = config.publicRateLimitPerMinute;

  r.post(
    '/api/public/leads/:campaign',
    {
      schema: { params: z.object({ campaign: z.enum(['waiting-list', 'webinar']) }), body: leadSignupSchema },
      bodyLimit: LEAD_BODY_LIMIT,
      config: { public: true, rateLimit: { max: perMinute } },
    },
    async (request, reply) => {
      const { [LEAD_HONEYPOT_FIELD]: honeypot, url_parameters, page, ...form } = request.body;
      if (honeypot?.trim()) {
        request.log.info({ ip: request.ip }, 'sign-up refused: the honeypot field was filled');
        throw new AppError(400, LEAD_ERROR_CODES.botRejected, LEAD_MESSAGES.en.botRejected);
      }
      const campaign = CAMPAIGN_BY_PATH[request.params.campaign]!;
      const capture = await captureLead(
        db,
        { campaign, ...form, url_parameters, form_data: { ...form, campaign, page: page ?? null } },
        queueKitSync,
      );
      return reply.status(capture.created ? 201 : 200).send({
        submission_id: capture.submission_id,
        created: capture.created,
        newly_tagged: capture.newly_tagged,
        kit_sync_queued: capture.kit_sync_queued,
      });
    },
  );

  r.get(
    '/api/public/leads/:submissionId/sync',
    {
      schema: { params: z.object({ submissionId: z.uuid() }) },
      // The modal asks a few times after each sign-up.
      config: { public: true, rateLimit: { max: perMinute * 10 } },
    },
    async (request) => {
      const state = await submissionSyncState(db, request.params.submissionId);
      if (!state) throw new AppError(404, 'not_found', 'No such sign-up');
      return state;
    },
  );

  r.get('/api/public/site-config', { config: { public: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { meta_pixel_id: config.metaPixelId ?? null };
  });
}
