import { Crop, Trash2 } from 'lucide-react';
import type { ImageDto } from '@shared/images/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { formatBytes, formatUsage, thumbnailUrl } from './format.ts';
import { TagsEditor } from './tags-editor.tsx';

export interface ImageActions {
  /** Absent where there is nothing to use an image for. */
  onUse?: (image: ImageDto) => void;
  useLabel: string;
  onEdit: (image: ImageDto) => void;
  onDelete: (image: ImageDto) => void;
  onToggle: (image: ImageDto) => void;
  onError: (message: string) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function SelectBox({ image, selected, onToggle }: { image: ImageDto; selected: boolean; onToggle: ImageActions['onToggle'] }) {
  return (
    <input
      type="checkbox"
      checked={selected}
      onChange={() => onToggle(image)}
      aria-label={`Select ${image.name}`}
      className="size-4 cursor-pointer rounded border-gray-300 accent-brand-600"
    />
  );
}

function ActionButtons({ image, actions, compact }: { image: ImageDto; actions: ImageActions; compact?: boolean }) {
  return (
    <div className={cn('flex flex-wrap gap-1', compact ? 'justify-end' : '')}>
      {actions.onUse ? (
        <Button size="sm" onClick={() => actions.onUse!(image)} aria-label={`${actions.useLabel}: ${image.name}`}>
          {actions.useLabel}
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => actions.onEdit(image)} aria-label={`Edit ${image.name}`}>
        <Crop aria-hidden /> Edit
      </Button>
      <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => actions.onDelete(image)} aria-label={`Delete ${image.name}`}>
        <Trash2 aria-hidden /> Delete
      </Button>
    </div>
  );
}

/** One image in the grid: thumbnail, name, facts, usage, tags and its actions. */
export function ImageCard({ image, selected, actions }: { image: ImageDto; selected: boolean; actions: ImageActions }) {
  return (
    <li
      aria-label={image.name}
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm', selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-gray-200')}
    >
      {/* The picture is laid over the box, so a tall one cannot stretch it: every tile has the same height. */}
      <div className="relative aspect-[4/3] overflow-hidden bg-gray-100">
        <img
          src={thumbnailUrl(image.url)}
          alt={image.name}
          loading="lazy"
          className="absolute inset-0 size-full object-contain"
          width={image.width}
          height={image.height}
        />
        <div className="absolute top-2 left-2 rounded bg-white/90 p-1 shadow">
          <SelectBox image={image} selected={selected} onToggle={actions.onToggle} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div>
          <p className="truncate text-sm font-medium text-gray-900" title={image.name}>
            {image.name}
          </p>
          <p className="text-xs text-gray-600">
            {image.width} × {image.height} · {formatBytes(image.size)}
          </p>
          <p className={cn('text-xs', image.usage_count ? 'font-medium text-brand-700' : 'text-gray-600')}>{formatUsage(image.usage_count)}</p>
        </div>
        <TagsEditor image={image} onError={actions.onError} />
        <div className="mt-auto">
          <ActionButtons image={image} actions={actions} />
        </div>
      </div>
    </li>
  );
}

/** One image as a row of the list view. */
export function ImageRow({ image, selected, actions }: { image: ImageDto; selected: boolean; actions: ImageActions }) {
  return (
    <li aria-label={image.name} className={cn('flex flex-col gap-3 border-b border-gray-100 px-3 py-3 @3xl:flex-row @3xl:items-center', selected && 'bg-brand-50')}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <SelectBox image={image} selected={selected} onToggle={actions.onToggle} />
        <img src={thumbnailUrl(image.url)} alt={image.name} loading="lazy" className="size-14 shrink-0 rounded-md bg-gray-100 object-cover" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-gray-900" title={image.name}>
            {image.name}
          </p>
          <p className="text-xs text-gray-600">
            {image.width} × {image.height} · {formatBytes(image.size)} · {dateFormat.format(image.uploaded_at)} · {formatUsage(image.usage_count)}
          </p>
          <div className="mt-1">
            <TagsEditor image={image} onError={actions.onError} />
          </div>
        </div>
      </div>
      <ActionButtons image={image} actions={actions} compact />
    </li>
  );
}
