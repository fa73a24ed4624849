import type { ContactSource } from '../contacts.ts';

/** The two public sign-up forms: the tag each adds and the source a new contact gets. */
export const LEAD_CAMPAIGNS = {
  waiting_list: { tag: 'LEM_Waiting_List', source: 'lem_landing' },
  webinar: { tag: 'webinar202509_2', source: 'webinar_signup' },
} as const satisfies Record<string, { tag: string; source: ContactSource }>;

export type LeadCampaign = keyof typeof LEAD_CAMPAIGNS;
export const LEAD_CAMPAIGN_NAMES = Object.keys(LEAD_CAMPAIGNS) as LeadCampaign[];
