import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CAMPAIGN_TAG_PATHS,
  campaignTagBindingSchema,
  campaignTagBodySchema,
  campaignTagListSchema,
  campaignTagParamsSchema,
} from '../../shared/leads/campaign-tags.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { bindCampaignTag, listCampaignTags } from './campaign-tags.ts';

/** The sign-up campaigns' tags (staff only, like every /api route): shown and chosen on the Tags screen. */
export async function campaignTagRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(CAMPAIGN_TAG_PATHS.list, { schema: { response: { 200: campaignTagListSchema } } }, async () => ({ campaigns: await listCampaignTags(db) }));

  r.put(
    CAMPAIGN_TAG_PATHS.one.pattern,
    { schema: { params: campaignTagParamsSchema, body: campaignTagBodySchema, response: { 200: campaignTagBindingSchema } } },
    async (request) => bindCampaignTag(db, request.params.campaign, request.body.tag_id),
  );
}
