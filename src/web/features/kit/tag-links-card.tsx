import { Link2, Tags } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TagDto } from '@shared/tags/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import type { TagLinkResult } from '@shared/kit/api.ts';
import { useCrmTags, useLinkTags } from './kit-api.ts';
import { EmptyNote, KitCard, LoadError, Loading } from './kit-card.tsx';

const RESULT_TEXT: Record<TagLinkResult, string> = {
  linked: 'Linked',
  unchanged: 'Already linked',
  created: 'Created in Kit and linked',
  missing: 'No Kit tag with this name',
};

/**
 * Links each CRM tag to the Kit tag of the same name (its Kit tag name, or else its own name), so
 * syncs need no lookups; optionally creates the Kit tags that do not exist yet.
 */
export function TagLinksCard() {
  const tags = useCrmTags();
  const link = useLinkTags();
  const [createMissing, setCreateMissing] = useState(false);
  const results = new Map(link.data?.tags.map((t) => [t.id, t.result]));

  return (
    <KitCard
      title="Link CRM Tags to Kit"
      icon={Link2}
      description="Matches your CRM tags to Kit tags by name and records the Kit tag ID on each CRM tag."
    >
      {tags.isPending ? (
        <Loading text="Loading CRM tags..." />
      ) : tags.isError ? (
        <LoadError message={tags.error.message} onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <EmptyNote>
          No CRM tags yet.{' '}
          <Link to="/crm/tags" className="font-medium text-brand-700 hover:underline">
            Create tags
          </Link>{' '}
          first, then link them here.
        </EmptyNote>
      ) : (
        <>
          <ul aria-label="CRM tags" className="max-h-72 divide-y divide-gray-100 overflow-y-auto">
            {tags.data.map((tag) => (
              <TagRow key={tag.id} tag={tag} result={results.get(tag.id)} />
            ))}
          </ul>
          <Checkbox
            label="Create missing tags in Kit"
            description="Without this, CRM tags with no Kit tag of the same name stay unlinked."
            checked={createMissing}
            onChange={(e) => setCreateMissing(e.target.checked)}
          />
          {link.isError ? <LoadError message={link.error.message} /> : null}
          <Button variant="secondary" disabled={link.isPending} onClick={() => link.mutate(createMissing)}>
            {link.isPending ? <Spinner className="size-4" /> : <Tags aria-hidden />} Link Tags by Name
          </Button>
        </>
      )}
    </KitCard>
  );
}

function TagRow({ tag, result }: { tag: TagDto; result: TagLinkResult | undefined }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5 text-sm">
      <span className="flex min-w-0 items-center gap-2">
        <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
        <span className="truncate font-medium text-gray-900">{tag.name}</span>
      </span>
      <span className="flex flex-wrap items-center gap-2 text-xs">
        {tag.kit_tag_id !== null ? (
          <span className="text-gray-600">
            Maps to {tag.kit_tag_name ?? tag.name} <span className="font-mono">#{tag.kit_tag_id}</span>
          </span>
        ) : (
          <span className="text-gray-500">Not linked</span>
        )}
        {result ? (
          <span className={cn('rounded-full px-2 py-0.5 font-medium', result === 'missing' ? 'bg-amber-50 text-amber-800' : 'bg-emerald-50 text-emerald-700')}>
            {RESULT_TEXT[result]}
          </span>
        ) : null}
      </span>
    </li>
  );
}
