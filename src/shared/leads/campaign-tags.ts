import { z } from 'zod';
import { routePath } from '../http/route-path.ts';
import { safeText } from '../text/safe-text.ts';
import { LEAD_CAMPAIGN_NAMES, LEAD_CAMPAIGNS, type LeadCampaign } from './campaigns.ts';

/*
 * Which CRM tag each sign-up campaign adds (a setting on the Tags screen): bound by the tag's id, so
 * renaming the tag keeps the binding. Until one is chosen, the first sign-up binds the campaign's
 * default tag (LEAD_CAMPAIGNS: LEM_Waiting_List, webinar202509_2), or the tag linked to the Kit tag of
 * that name, or creates it.
 */

export const CAMPAIGN_TAG_PATHS = {
  list: '/api/leads/campaign-tags',
  /** PUT binds a campaign's tag. */
  one: routePath('/api/leads/campaign-tags/:campaign'),
} as const;

export const CAMPAIGN_LABELS: Record<LeadCampaign, string> = {
  waiting_list: 'Waiting list sign-ups',
  webinar: 'Webinar sign-ups',
};

/** Each campaign's default tag (LEM_Waiting_List, webinar202509_2), the tag its Kit tag is named after. */
export const defaultCampaignTagName = (campaign: LeadCampaign): string => LEAD_CAMPAIGNS[campaign].tag;

export const CAMPAIGN_TAG_MESSAGES = {
  saved: 'Sign-up tag saved',
  saveFailed: 'Failed to save the sign-up tag. Please try again.',
  unbound: (name: string) => `${name} (created on the first sign-up)`,
} as const;

const campaignSchema = z.enum(LEAD_CAMPAIGN_NAMES as [LeadCampaign, ...LeadCampaign[]]);

export const campaignTagBindingSchema = z.object({
  campaign: campaignSchema,
  default_tag_name: safeText(),
  /** The tag sign-ups add: the bound one, or the existing one the next sign-up binds; null: the next sign-up creates default_tag_name. */
  tag: z.object({ id: z.uuid(), name: safeText() }).nullable(),
});
export type CampaignTagBinding = z.infer<typeof campaignTagBindingSchema>;

export const campaignTagListSchema = z.object({ campaigns: z.array(campaignTagBindingSchema) });
export const campaignTagParamsSchema = z.object({ campaign: campaignSchema });
export const campaignTagBodySchema = z.object({ tag_id: z.uuid() });
