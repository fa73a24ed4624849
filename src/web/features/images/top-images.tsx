import { TrendingUp } from 'lucide-react';
import type { ImageDto } from '@shared/images/api.ts';
import { formatUsage, thumbnailUrl } from './format.ts';

/** The five most used images, counted from the saved pages. */
export function TopImages({ images }: { images: ImageDto[] }) {
  if (!images.length) return null;
  return (
    <section aria-labelledby="top-images-heading" className="rounded-xl border border-gray-200 p-3">
      <h3 id="top-images-heading" className="mb-2 flex items-center gap-2 text-sm font-semibold text-gray-900">
        <TrendingUp aria-hidden className="size-4 text-brand-600" /> Most used
      </h3>
      <ol className="flex flex-wrap gap-3">
        {images.map((image) => (
          <li key={image.id} className="flex w-44 items-center gap-2">
            <img src={thumbnailUrl(image.url)} alt="" className="size-10 shrink-0 rounded bg-gray-100 object-cover" />
            <div className="min-w-0">
              <p className="truncate text-xs font-medium text-gray-900" title={image.name}>
                {image.name}
              </p>
              <p className="text-xs text-gray-600">{formatUsage(image.usage_count)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
