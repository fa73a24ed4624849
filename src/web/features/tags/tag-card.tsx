import { CircleCheck, CircleMinus, Pencil, Trash2 } from 'lucide-react';
import type { TagDto } from '@shared/tags/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';

/** One tag: its colour, description, Kit mapping and dates, with edit and delete. */
export function TagCard({
  tag,
  onEdit,
  onDelete,
  deleting,
}: {
  tag: TagDto;
  onEdit: (tag: TagDto) => void;
  onDelete: (tag: TagDto) => void;
  deleting: boolean;
}) {
  const kitActive = Boolean(tag.kit_tag_name || tag.kit_tag_id !== null);
  return (
    <Card className="flex flex-col p-5" role="article" aria-labelledby={`tag-${tag.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden className="size-4 shrink-0 rounded-full ring-2 ring-white ring-offset-1 ring-offset-gray-200" style={{ backgroundColor: tag.color }} />
          <h2 id={`tag-${tag.id}`} className="truncate text-base font-semibold text-gray-900" title={tag.name}>
            {tag.name}
          </h2>
        </div>
        <div className="-mt-1.5 -mr-2 flex shrink-0">
          <Button variant="ghost" size="icon" aria-label={`Edit tag ${tag.name}`} title="Edit" onClick={() => onEdit(tag)}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-red-600 hover:bg-red-50"
            aria-label={`Delete tag ${tag.name}`}
            title="Delete"
            disabled={deleting}
            onClick={() => onDelete(tag)}
          >
            {deleting ? <Spinner className="size-4 text-red-600" /> : <Trash2 aria-hidden />}
          </Button>
        </div>
      </div>
      <p className={tag.description ? 'mt-2 text-sm break-words text-gray-700' : 'mt-2 text-sm text-gray-500'}>
        {tag.description ?? 'No description'}
      </p>
      <div className="mt-4 space-y-1.5 rounded-lg bg-gray-50 px-3 py-2.5 text-sm">
        {kitActive ? (
          <p className="flex items-center gap-1.5 font-medium text-emerald-700">
            <CircleCheck aria-hidden className="size-4" /> Kit Integration Active
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-gray-500">
            <CircleMinus aria-hidden className="size-4" /> No Kit Integration
          </p>
        )}
        {tag.kit_tag_name ? (
          <p className="truncate text-gray-700">
            Maps to: <span className="font-medium text-gray-900">{tag.kit_tag_name}</span>
          </p>
        ) : null}
        {tag.kit_tag_id !== null ? (
          <p className="text-gray-700">
            Kit tag ID: <span className="font-mono text-gray-900">{tag.kit_tag_id}</span>
          </p>
        ) : null}
      </div>
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-4 text-xs text-gray-500">
        <div className="flex gap-1">
          <dt>Created</dt>
          <dd>
            <DateText value={tag.created_at} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Updated</dt>
          <dd>
            <DateText value={tag.updated_at} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
