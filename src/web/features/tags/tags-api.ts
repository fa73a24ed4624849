import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_TAG_PATHS, campaignTagBindingSchema, campaignTagListSchema } from '@shared/leads/campaign-tags.ts';
import type { LeadCampaign } from '@shared/leads/campaigns.ts';
import { TAG_PATHS, tagListResponseSchema, tagResponseSchema, type TagDto, type TagInput } from '@shared/tags/api.ts';
import { apiParsed, del } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The tags API (src/server/tags/routes.ts) as TanStack Query hooks. */

/** Every tag, by name; the screen filters it as the person types (a few dozen tags, no need to ask the server). */
export function useTags() {
  return useQuery({
    queryKey: queryKeys.tags,
    queryFn: async () => (await apiParsed(tagListResponseSchema, 'GET', TAG_PATHS.list)).tags,
  });
}

/** Contacts carry tag names: renaming or deleting a tag changes them, so their lists go stale too. */
function useRefreshTags() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: queryKeys.tags }), client.invalidateQueries({ queryKey: queryKeys.contacts.all })]);
}

export function useSaveTag() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: TagInput }) =>
      id ? apiParsed(tagResponseSchema, 'PUT', TAG_PATHS.one.path({ id }), values) : apiParsed(tagResponseSchema, 'POST', TAG_PATHS.list, values),
    onSuccess: refresh,
  });
}

export function useDeleteTag() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (id: string) => del(TAG_PATHS.one.path({ id })),
    onSuccess: refresh,
  });
}

/** Search over name, description and Kit tag name, ignoring case (the rule GET /api/tags?search applies). */
export function matchesTagSearch(tag: TagDto, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [tag.name, tag.description, tag.kit_tag_name].some((text) => text?.toLowerCase().includes(needle));
}

/** Which tag each sign-up campaign adds (GET /api/leads/campaign-tags). Under the tags' key, so tag changes refresh it. */
export function useCampaignTags() {
  return useQuery({
    queryKey: queryKeys.campaignTags,
    queryFn: async () => (await apiParsed(campaignTagListSchema, 'GET', CAMPAIGN_TAG_PATHS.list)).campaigns,
  });
}

export function useBindCampaignTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ campaign, tagId }: { campaign: LeadCampaign; tagId: string }) =>
      apiParsed(campaignTagBindingSchema, 'PUT', CAMPAIGN_TAG_PATHS.one.path({ campaign }), { tag_id: tagId }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.campaignTags }),
  });
}
