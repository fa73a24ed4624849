import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeadCampaign } from '../../shared/leads/campaigns.ts';
import { LEAD_HONEYPOT_FIELD } from '../../shared/leads/form.ts';
import { LEAD_ERROR_CODES, LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import { LEAD_PATHS, SITE_CONFIG_PATH } from '../../shared/leads/paths.ts';
import { leadSignupResponseSchema, leadSignupSchema, leadSyncStateSchema, siteConfigSchema, type LeadSignupResponse } from '../../shared/leads/schema.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { countHit } from '../http/rate-limit.ts';
import { resolveSignupConsent } from '../privacy/service.ts';
import { captureLead, recordDecoy, submissionSyncState, type LeadKitSync } from './service.ts';

/** A sign-up is a few hundred bytes; anything near this is not a person filling in a form. */
const LEAD_BODY_LIMIT = 16 * 1024;
const MINUTE_MS = 60_000;

const CAMPAIGN_BY_PATH: Record<string, LeadCampaign> = { 'waiting-list': 'waiting_list', webinar: 'webinar' };

export interface LeadsRoutesOptions {
  db: Db;
  config: Config;
  /** How sign-ups reach Kit (wired by the Kit feature); without it nothing is synced. */
  kitSync?: LeadKitSync;
}

/**
 * The public site's endpoints: the two sign-up forms (waiting list, webinar), the sync state the
 * modal waits on, and the site's public settings. No session; validated, size-capped and limited
 * per IP address (the client address a trusted proxy reports, when TRUST_PROXY says so) with
 * counters in the database, so the limit holds across instances.
 */
export async function leadsRoutes(app: FastifyInstance, { db, config, kitSync }: LeadsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = config.publicRateLimitPerMinute;
  const limitPerIp = (scope: string, max: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const count = await countHit(db, `${scope}:ip:${request.ip}`, max, MINUTE_MS);
    if (!count.over) return;
    reply.header('Retry-After', String(count.retryAfterSeconds));
    throw new AppError(429, LEAD_ERROR_CODES.rateLimited, LEAD_MESSAGES.en.rateLimited);
  };

  r.post(
    LEAD_PATHS.signup.pattern,
    {
      schema: {
        params: z.object({ campaign: z.enum(['waiting-list', 'webinar']) }),
        body: leadSignupSchema,
        response: { 201: leadSignupResponseSchema },
      },
      bodyLimit: LEAD_BODY_LIMIT,
      config: { public: true },
      onRequest: limitPerIp('signup', perMinute),
    },
    async (request, reply) => {
      const { [LEAD_HONEYPOT_FIELD]: honeypot, url_parameters, page, consent_version, language, page_url, ...form } = request.body;
      const campaign = CAMPAIGN_BY_PATH[request.params.campaign]!;
      const consent = await resolveSignupConsent(db, {
        source: campaign,
        shownVersion: consent_version,
        language,
        pageUrl: page_url,
        // The configured address when there is one: a Host header is the sender's to choose, and a
        // consent record must not name a page on someone else's site.
        siteOrigins: [config.publicUrl ?? `${request.protocol}://${request.host}`],
      });
      const lead = { campaign, ...form, url_parameters, consent, form_data: { ...form, campaign, page: page ?? null } };
      // New email, known email, or a bot that filled the hidden field: one status, one shape, one
      // wait. The bot's sign-up does all a real one does and is rolled back; its made-up sync reads
      // like a real one's (see submissionSyncState).
      const trapped = Boolean(honeypot?.trim());
      const capture = await captureLead(db, lead, kitSync, { keep: !trapped });
      if (trapped) {
        request.log.info('sign-up not stored: the honeypot field was filled');
        if (capture.kit_sync_queued) await recordDecoy(db, capture.submission_id);
      }
      const answer: LeadSignupResponse = { submission_id: capture.submission_id, kit_sync_queued: capture.kit_sync_queued };
      return reply.status(201).send(answer);
    },
  );

  r.get(
    LEAD_PATHS.syncState.pattern,
    {
      schema: { params: z.object({ submissionId: z.uuid() }), response: { 200: leadSyncStateSchema } },
      config: { public: true },
      // The modal asks a few times after each sign-up.
      onRequest: limitPerIp('signup-sync', perMinute * 10),
    },
    (request) => submissionSyncState(db, kitSync, request.params.submissionId),
  );

  r.get(SITE_CONFIG_PATH, { schema: { response: { 200: siteConfigSchema } }, config: { public: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { meta_pixel_id: config.metaPixelId ?? null };
  });
}
