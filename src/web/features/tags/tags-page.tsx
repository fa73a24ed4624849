import { Plus, RefreshCw, SearchX, Tags } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TAG_MESSAGES, type TagDto } from '@shared/tags/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { EmptyState } from '@web/components/ui/empty-state.tsx';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { LoadingScreen } from '@web/components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { CampaignTagsCard } from './campaign-tags-card.tsx';
import { TagCard } from './tag-card.tsx';
import { TagModal } from './tag-modal.tsx';
import { matchesTagSearch, useDeleteTag, useTags } from './tags-api.ts';

const LOAD_FAILED = 'Failed to load tags. Please try again.';

/** Tag Management: the tags contacts may carry, and how each maps to a tag in Kit. */
export default function TagsPage() {
  const tags = useTags();
  const remove = useDeleteTag();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ tag: TagDto | null } | null>(null);

  useEffect(() => {
    if (tags.isError) notifyError(LOAD_FAILED, tags.error);
  }, [tags.isError, tags.error]);

  const onDelete = (tag: TagDto) => {
    if (!window.confirm(TAG_MESSAGES.deleteConfirm)) return;
    remove.mutate(tag.id, {
      onSuccess: () => notifySuccess('Tag deleted'),
      onError: (error) => notifyError(TAG_MESSAGES.deleteFailed, error),
    });
  };

  const all = tags.data ?? [];
  const shown = all.filter((tag) => matchesTagSearch(tag, search));

  return (
    <>
      <PageHeader
        title="Tag Management"
        description="Tags group your contacts and map them to tags in Kit."
        actions={
          <Button onClick={() => setEditing({ tag: null })}>
            <Plus aria-hidden /> Add Tag
          </Button>
        }
      />

      {tags.data ? <CampaignTagsCard tags={all} /> : null}

      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput className="sm:w-80" aria-label="Search tags" placeholder="Search tags..." value={search} onChange={(e) => setSearch(e.target.value)} />
        {tags.data && all.length > 0 ? (
          <p className="text-sm text-gray-600" aria-live="polite">
            {search.trim() ? `${shown.length} of ${all.length} tags` : all.length === 1 ? '1 tag' : `${all.length} tags`}
          </p>
        ) : null}
      </div>

      {tags.isPending ? (
        <LoadingScreen text="Loading tags..." />
      ) : tags.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="text-sm text-red-700">{LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => tags.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </Card>
      ) : all.length === 0 ? (
        <Card>
          <EmptyState
            icon={Tags}
            title="No tags created yet"
            hint="Create tags to group contacts and sync them to Kit."
            action={
              <Button onClick={() => setEditing({ tag: null })}>
                <Plus aria-hidden /> Add Tag
              </Button>
            }
          />
        </Card>
      ) : shown.length === 0 ? (
        <Card>
          <EmptyState
            icon={SearchX}
            title="No tags found matching your search"
            action={
              <Button variant="secondary" onClick={() => setSearch('')}>
                Clear search
              </Button>
            }
          />
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((tag) => (
            <TagCard
              key={tag.id}
              tag={tag}
              onEdit={(t) => setEditing({ tag: t })}
              onDelete={onDelete}
              deleting={remove.isPending && remove.variables === tag.id}
            />
          ))}
        </div>
      )}

      {editing ? <TagModal tag={editing.tag} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
