import { eq, sql } from 'drizzle-orm';
import { LEAD_CAMPAIGN_NAMES, type LeadCampaign } from '../../shared/leads/campaigns.ts';
import { defaultCampaignTagName, type CampaignTagBinding } from '../../shared/leads/campaign-tags.ts';
import { DEFAULT_TAG_COLOR, TAG_MESSAGES } from '../../shared/tags/api.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { createTag, findTagStandingFor, getTagById, lockTagById, tagHeldAs, tagSelectedBy, type Tag } from '../tags/service.ts';
import { campaignTags } from './schema.ts';

/*
 * The CRM tag of each sign-up campaign, bound by id (table campaign_tags): renaming the tag keeps
 * it, and a tag already linked to the campaign's Kit tag is used rather than a new one made.
 */

const DESCRIPTIONS: Record<LeadCampaign, string> = {
  waiting_list: 'Waiting list sign-ups (Learning Ecosystem Mastery)',
  webinar: 'Webinar sign-ups',
};

async function boundTagId(db: Db, campaign: LeadCampaign): Promise<string | null> {
  const [row] = await db.select({ tag_id: campaignTags.tag_id }).from(campaignTags).where(eq(campaignTags.campaign, campaign));
  return row?.tag_id ?? null;
}

/** The id of the tag bound to the campaign, as a parenthesised select for a tag query. */
const boundIdOf = (campaign: LeadCampaign) => sql`(select ${campaignTags.tag_id} from ${campaignTags} where ${campaignTags.campaign} = ${campaign})`;

/** The campaign's tag as it is now (not locked), if one is bound. */
export const boundCampaignTag = (db: Db, campaign: LeadCampaign): Promise<Tag | undefined> => tagSelectedBy(db, boundIdOf(campaign));

/** For a sign-up's own statement: a row, locked like campaignTagFor's, when `tag` is still the campaign's tag by that name. */
export const campaignTagHeldAs = (campaign: LeadCampaign, tag: Pick<Tag, 'id' | 'name'>) => tagHeldAs(tag, boundIdOf(campaign));

/**
 * The campaign's tag for a sign-up, inside its transaction and locked until it commits (so it is
 * neither renamed nor deleted under the sign-up). The first sign-up, or the first after the tag was
 * deleted, binds the default: the tag named like the campaign's default tag (LEAD_CAMPAIGNS), or
 * a new one of that name, linked to the Kit tag of that name.
 */
export async function campaignTagFor(tx: Db, campaign: LeadCampaign): Promise<Tag> {
  const bound = await tagSelectedBy(tx, boundIdOf(campaign), { lock: true });
  if (bound) return bound;
  // One sign-up at a time binds the default (the row lock), so two first sign-ups make one tag.
  await tx.insert(campaignTags).values({ campaign }).onConflictDoNothing();
  const [row] = await tx.select().from(campaignTags).where(eq(campaignTags.campaign, campaign)).for('update');
  const boundMeanwhile = row?.tag_id ? await lockTagById(tx, row.tag_id) : undefined;
  if (boundMeanwhile) return boundMeanwhile;
  const tag = await defaultTag(tx, campaign);
  await tx.update(campaignTags).set({ tag_id: tag.id, updated_at: sql`now()` }).where(eq(campaignTags.campaign, campaign));
  return tag;
}

async function defaultTag(tx: Db, campaign: LeadCampaign): Promise<Tag> {
  const name = defaultCampaignTagName(campaign);
  const existing = await findTagStandingFor(tx, name, { lock: true });
  if (existing) return existing;
  try {
    return await createTag(tx, { name, description: DESCRIPTIONS[campaign], color: DEFAULT_TAG_COLOR, kit_tag_name: name, kit_tag_id: null });
  } catch (error) {
    // Someone created a tag of that name a moment ago: that one stands for it.
    const created = await findTagStandingFor(tx, name, { lock: true });
    if (created) return created;
    throw error;
  }
}

/** Each campaign's tag, for the Tags screen (unbound: the existing tag the next sign-up will bind, if any). */
export async function listCampaignTags(db: Db): Promise<CampaignTagBinding[]> {
  return Promise.all(
    LEAD_CAMPAIGN_NAMES.map(async (campaign) => {
      const id = await boundTagId(db, campaign);
      const tag = (id ? await getTagById(db, id) : undefined) ?? (await findTagStandingFor(db, defaultCampaignTagName(campaign)));
      return { campaign, default_tag_name: defaultCampaignTagName(campaign), tag: tag ? { id: tag.id, name: tag.name } : null };
    }),
  );
}

/** Binds the campaign to an existing tag: later sign-ups add it. */
export async function bindCampaignTag(db: Db, campaign: LeadCampaign, tagId: string): Promise<CampaignTagBinding> {
  return db.transaction(async (tx) => {
    const tag = await lockTagById(tx, tagId);
    if (!tag) throw notFound(TAG_MESSAGES.notFound);
    await tx
      .insert(campaignTags)
      .values({ campaign, tag_id: tag.id })
      .onConflictDoUpdate({ target: campaignTags.campaign, set: { tag_id: tag.id, updated_at: sql`now()` } });
    return { campaign, default_tag_name: defaultCampaignTagName(campaign), tag: { id: tag.id, name: tag.name } };
  });
}
