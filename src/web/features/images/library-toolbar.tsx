import { LayoutGrid, List } from 'lucide-react';
import { IMAGE_FILTERS, IMAGE_SORTS, type ImageFilter, type ImageSort } from '@shared/images/api.ts';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { cn } from '@web/lib/cn.ts';

export type LibraryView = 'grid' | 'list';

const FILTER_LABELS: Record<ImageFilter, string> = { all: 'All images', recent: 'Recent (7 days)', large: 'Large (over 1MB)' };
const SORT_LABELS: Record<ImageSort, string> = { date: 'Date', name: 'Name', size: 'Size' };

/** Search, filter, sort and the grid/list switch of the library. */
export function LibraryToolbar({
  search,
  onSearch,
  filter,
  onFilter,
  sort,
  onSort,
  view,
  onView,
}: {
  search: string;
  onSearch: (search: string) => void;
  filter: ImageFilter;
  onFilter: (filter: ImageFilter) => void;
  sort: ImageSort;
  onSort: (sort: ImageSort) => void;
  view: LibraryView;
  onView: (view: LibraryView) => void;
}) {
  return (
    <div className="flex flex-col gap-3 @2xl:flex-row @2xl:items-center">
      <SearchInput
        className="@2xl:flex-1"
        aria-label="Search images"
        placeholder="Search by name or tag"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <span>Filter</span>
          <Select value={filter} onChange={(event) => onFilter(event.target.value as ImageFilter)} className="w-44">
            {IMAGE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <span>Sort by</span>
          <Select value={sort} onChange={(event) => onSort(event.target.value as ImageSort)} className="w-28">
            {IMAGE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </label>
        <div role="group" aria-label="View" className="flex rounded-lg border border-gray-300 p-0.5">
          {(['grid', 'list'] as const).map((v) => {
            const Icon = v === 'grid' ? LayoutGrid : List;
            return (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                aria-label={v === 'grid' ? 'Grid view' : 'List view'}
                onClick={() => onView(v)}
                className={cn('rounded-md p-1.5 text-gray-600 hover:bg-gray-100', view === v && 'bg-brand-100 text-brand-700 hover:bg-brand-100')}
              >
                <Icon aria-hidden className="size-4" />
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
