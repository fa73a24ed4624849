import { ChevronLeft, ChevronRight, ImageOff, RefreshCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import type { ImageDto, ImageFilter, ImageSort } from '@shared/images/api.ts';
import { IMAGE_MESSAGES, uploadedCountMessage, uploadFailedMessage, uploadsFailedMessage } from '@shared/images/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { EmptyState } from '@web/components/ui/empty-state.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { ConnectionTestButton } from './connection-test.tsx';
import { DeleteDialog, type DeleteRequest } from './delete-dialog.tsx';
import { ImageEditor } from './image-editor.tsx';
import { ImageCard, ImageRow, type ImageActions } from './image-item.tsx';
import { deleteImage, deleteImages, fetchUsage, useImages, useRefreshImages, useTopImages } from './images-api.ts';
import { LibraryBanner, useBanner } from './library-banner.tsx';
import { LibraryToolbar, type LibraryView } from './library-toolbar.tsx';
import { TopImages } from './top-images.tsx';
import { UploadZone } from './upload-zone.tsx';
import { useUploadQueue } from './use-upload-queue.ts';

const SEARCH_DELAY_MS = 300;
const VIEW_STORAGE_KEY = 'mycrm.images.view';

const storedView = (): LibraryView => (typeof localStorage !== 'undefined' && localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid');

export interface ImageLibraryProps {
  /** Called with the chosen image; the library shows a Use button per image when given. */
  onUse?: (url: string, image: ImageDto) => void;
  /** The Use button's text. */
  useLabel?: string;
  /** The landing page new uploads belong to (the builder's page). */
  landingPageId?: string;
}

/**
 * The Image Library as a modal, for the builder's image pickers:
 * `<ImageLibrary open onOpenChange onUse={(url) => …} />`.
 */
export function ImageLibrary({ open, onOpenChange, ...props }: ImageLibraryProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Image Library" className="sm:max-w-6xl">
      <ImageLibraryPanel {...props} />
    </Dialog>
  );
}

/**
 * The library itself: upload by drag and drop with per-file progress, search, filters, sort, grid
 * or list, multi-select with Delete selected and Clear, Use / Edit / Delete per image, tags, usage
 * counts and the five most used, and the connection test.
 */
export function ImageLibraryPanel({ onUse, useLabel = 'Use', landingPageId }: ImageLibraryProps) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ImageFilter>('all');
  const [sort, setSort] = useState<ImageSort>('date');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<LibraryView>(storedView);
  const [selected, setSelected] = useState<Map<string, ImageDto>>(new Map());
  const [editing, setEditing] = useState<ImageDto | null>(null);
  const [deleting, setDeleting] = useState<DeleteRequest | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const banner = useBanner();
  const refresh = useRefreshImages();

  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useImages({ search: query, filter, sort, page });
  const top = useTopImages();
  const uploads = useUploadQueue({
    landingPageId,
    onUploaded: () => void refresh(),
    onBatchDone: ({ uploaded, failed }) => {
      if (failed.length === 0) return;
      const arrived = uploaded ? uploadedCountMessage(uploaded) : undefined;
      // One failure reads as one sentence; several are listed, each with its reason.
      if (failed.length === 1) banner.show('error', uploadFailedMessage(failed[0]!.name, failed[0]!.reason), arrived);
      else banner.show('error', uploadsFailedMessage(failed.length, failed.length + uploaded), arrived, failed.map((f) => uploadFailedMessage(f.name, f.reason)));
    },
  });

  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  // Back to the first page whenever the question changes.
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const toggle = (image: ImageDto) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(image.id)) next.delete(image.id);
      else next.set(image.id, image);
      return next;
    });

  const askToDelete = async (images: ImageDto[]) => {
    try {
      setDeleting({ images, usage: await fetchUsage(images.map((i) => i.id)) });
    } catch {
      banner.show('error', images.length === 1 ? IMAGE_MESSAGES.deleteFailed : IMAGE_MESSAGES.deleteSomeFailed);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { images, usage } = deleting;
    const force = usage.length > 0;
    setDeleteBusy(true);
    try {
      if (images.length === 1) {
        try {
          await deleteImage(images[0]!.id, force);
        } catch (error) {
          // A page started using it after the question was asked: ask again, naming it.
          if (error instanceof ApiError && error.status === 409) return await askToDelete(images);
          throw error;
        }
        banner.show('success', 'Image deleted');
        forget([images[0]!.id]);
      } else {
        const result = await deleteImages(images.map((i) => i.id), force);
        forget(result.deleted);
        if (result.failed.length) banner.show('error', IMAGE_MESSAGES.deleteSomeFailed);
        else if (result.in_use.length) return await askToDelete(images.filter((i) => result.in_use.includes(i.id)));
        else banner.show('success', `${result.deleted.length} images deleted`);
      }
      setDeleting(null);
    } catch {
      banner.show('error', images.length === 1 ? IMAGE_MESSAGES.deleteFailed : IMAGE_MESSAGES.deleteSomeFailed);
      setDeleting(null);
    } finally {
      setDeleteBusy(false);
      void refresh();
    }
  };

  const forget = (ids: string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });

  const actions: ImageActions = {
    onUse: onUse ? (image) => onUse(image.url, image) : undefined,
    useLabel,
    onEdit: setEditing,
    onDelete: (image) => void askToDelete([image]),
    onToggle: toggle,
    onError: (message) => banner.show('error', message),
  };

  const isEmptyLibrary = data?.total === 0 && !query && filter === 'all';

  return (
    <div className="@container space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600" aria-live="polite">
          {data ? (data.total === 1 ? '1 image' : `${data.total} images`) : null}
          {list.isFetching ? <Spinner className="ml-2 inline size-4" /> : null}
        </p>
        <ConnectionTestButton onResult={banner.show} />
      </div>
      <LibraryBanner message={banner.message} onDismiss={banner.clear} />
      <UploadZone items={uploads.items} onFiles={uploads.add} onClearFinished={uploads.clearFinished} />
      <TopImages images={top.data ?? []} />
      <LibraryToolbar
        search={search}
        onSearch={change(setSearch)}
        filter={filter}
        onFilter={change(setFilter)}
        sort={sort}
        onSort={change(setSort)}
        view={view}
        onView={(v) => {
          setView(v);
          localStorage.setItem(VIEW_STORAGE_KEY, v);
        }}
      />

      {selected.size ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm" role="region" aria-label="Selection">
          <span className="font-medium text-brand-800">{selected.size} selected</span>
          <Button size="sm" variant="destructive" onClick={() => void askToDelete([...selected.values()])}>
            Delete selected
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            Clear
          </Button>
        </div>
      ) : null}

      {list.isPending ? (
        <div className="flex justify-center py-12" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">Loading images...</span>
        </div>
      ) : list.isError && !data ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
          <p className="text-sm text-red-700">{IMAGE_MESSAGES.loadFailed}</p>
          <Button variant="secondary" onClick={() => list.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : !data?.images.length ? (
        isEmptyLibrary ? (
          <EmptyState icon={ImageOff} title={IMAGE_MESSAGES.emptyLibrary} hint="Drop images above, or choose them from your device." />
        ) : (
          <EmptyState icon={SearchX} title={IMAGE_MESSAGES.noMatches} hint="Try another search or filter." />
        )
      ) : (
        <>
          {list.isError ? <p className="text-sm text-red-700">{IMAGE_MESSAGES.loadFailed}</p> : null}
          {view === 'grid' ? (
            <ul aria-label="Images" className="grid grid-cols-2 gap-3 @xl:grid-cols-3 @3xl:grid-cols-4 @5xl:grid-cols-5">
              {data.images.map((image) => (
                <ImageCard key={image.id} image={image} selected={selected.has(image.id)} actions={actions} />
              ))}
            </ul>
          ) : (
            <ul aria-label="Images" className="rounded-xl border border-gray-200">
              {data.images.map((image) => (
                <ImageRow key={image.id} image={image} selected={selected.has(image.id)} actions={actions} />
              ))}
            </ul>
          )}
          {pageCount > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <span>
                Page {page} of {pageCount}
              </span>
              <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
                Next <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}

      {editing ? (
        <ImageEditor
          image={editing}
          onClose={() => setEditing(null)}
          onSaved={(image) => {
            setEditing(null);
            banner.show('success', `Edited image saved as ${image.name}`);
            void refresh();
          }}
        />
      ) : null}
      {deleting ? <DeleteDialog request={deleting} busy={deleteBusy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} /> : null}
    </div>
  );
}
