import { CAMPAIGN_LABELS, CAMPAIGN_TAG_MESSAGES, type CampaignTagBinding } from '@shared/leads/campaign-tags.ts';
import type { TagDto } from '@shared/tags/api.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useBindCampaignTag, useCampaignTags } from './tags-api.ts';

const UNBOUND = '';

/**
 * The tag each public sign-up form adds, chosen from the tag list. Bound by the tag's id: renaming
 * the tag keeps it, so sign-ups never make a second one.
 */
export function CampaignTagsCard({ tags }: { tags: TagDto[] }) {
  const campaigns = useCampaignTags();
  const bind = useBindCampaignTag();
  if (!campaigns.data) return null;

  const choose = (binding: CampaignTagBinding, tagId: string) => {
    if (tagId === UNBOUND || tagId === binding.tag?.id) return;
    bind.mutate(
      { campaign: binding.campaign, tagId },
      { onSuccess: () => notifySuccess(CAMPAIGN_TAG_MESSAGES.saved), onError: (error) => notifyError(CAMPAIGN_TAG_MESSAGES.saveFailed, error) },
    );
  };

  return (
    <Card className="mb-5" aria-labelledby="campaign-tags-title" role="region">
      <CardHeader>
        <CardTitle id="campaign-tags-title">Sign-up tags</CardTitle>
        <p className="mt-1 text-sm text-gray-600">The tag each sign-up form adds to the contact and sends to Kit. Renaming the tag keeps it here.</p>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {campaigns.data.map((binding) => {
          const id = `campaign-tag-${binding.campaign}`;
          return (
            <div key={binding.campaign} className="space-y-1.5">
              <label htmlFor={id} className="block text-sm font-medium text-gray-700">
                {CAMPAIGN_LABELS[binding.campaign]}
              </label>
              <Select
                id={id}
                value={binding.tag?.id ?? UNBOUND}
                disabled={bind.isPending}
                onChange={(e) => choose(binding, e.target.value)}
              >
                {binding.tag ? null : <option value={UNBOUND}>{CAMPAIGN_TAG_MESSAGES.unbound(binding.default_tag_name)}</option>}
                {tags.map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.kit_tag_name && tag.kit_tag_name !== tag.name ? `${tag.name} (Kit: ${tag.kit_tag_name})` : tag.name}
                  </option>
                ))}
              </Select>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
