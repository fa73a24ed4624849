import { Download, Plus, RefreshCw, ShoppingBag, Target, Upload, Users, UserX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ContactDto } from '@shared/contacts/api.ts';
import { CONTACT_MESSAGES } from '@shared/contacts/form.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { EmptyState } from '@web/components/ui/empty-state.tsx';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { StatCard } from '@web/components/ui/stat-card.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useMediaQuery } from '@web/lib/use-media-query.ts';
import type { BulkJob } from '@shared/contacts/bulk.ts';
import { BulkBar } from './bulk-bar.tsx';
import { BulkJobProgress } from './bulk-job-progress.tsx';
import { countText, jobSummary } from './bulk-selection.ts';
import { ColumnsButton } from './columns-button.tsx';
import { ActiveFilters, FiltersButton } from './contact-filters.tsx';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { ContactCards } from './contact-cards.tsx';
import { ContactModal } from './contact-modal.tsx';
import { hasFilters, useContactView } from './contact-view.ts';
import { downloadContactsCsv, useContactList, useContactStats, useDeleteContact, useRefreshContacts, useTagOptions } from './contacts-api.ts';
import { ContactsTable, type ContactsTableProps } from './contacts-table.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ImportJobBanner } from './import-progress.tsx';
import { useContactColumns } from './use-contact-columns.ts';
import { useContactSelection } from './use-contact-selection.ts';
import { FOLLOWED_JOB_KEYS, useFollowedJob } from './use-followed-job.ts';
import type { ContactsKitSlots } from './kit-slots.ts';

const SEARCH_DELAY_MS = 250;
/** From Tailwind's sm breakpoint up, the contacts show as a table. */
const TABLE_MEDIA_QUERY = '(min-width: 40rem)';

/**
 * The contacts screen: figures, a server-side search with filters and sort kept in the URL, and a
 * table that loads pages as it scrolls and renders only the rows in view, so 100,000 contacts feel
 * like 100. Kit actions come in through `kit` (composed in src/web/app).
 */
export function ContactsPage({ kit }: { kit?: ContactsKitSlots }) {
  const [view, updateView] = useContactView();
  const [searchText, setSearchText] = useState(view.search);
  // The server is asked once typing pauses; the URL (and so the list) follows the settled text.
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  useEffect(() => updateView({ search: settledSearch }), [settledSearch, updateView]);
  // The view's search changed by other means (a link, back): the box shows what the list searches for.
  const [viewSearch, setViewSearch] = useState(view.search);
  if (viewSearch !== view.search) {
    setViewSearch(view.search);
    if (searchText.trim() !== view.search) setSearchText(view.search);
  }

  const list = useContactList(view);
  const [columns, toggleColumn] = useContactColumns();
  // Phones get cards: a table's row actions would sit far off to the right.
  const phone = !useMediaQuery(TABLE_MEDIA_QUERY);
  const stats = useContactStats();
  const tags = useTagOptions();
  const remove = useDeleteContact();
  const refresh = useRefreshContacts();

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.contacts) ?? [], [list.data]);
  const firstPage = list.data?.pages[0];
  const tagList = useMemo(() => tags.data ?? [], [tags.data]);
  const tagNames = useMemo(() => tagList.map((t) => t.name), [tagList]);
  const tagColors = useMemo(() => new Map(tagList.map((t) => [t.name, t.color])), [tagList]);

  const total = firstPage?.total ?? 0;
  const totalCapped = firstPage?.total_capped ?? false;
  const selection = useContactSelection({ view, rows, total, capped: totalCapped, phone });
  const { selected, allMatching, target, toggle, clear: clearSelection } = selection;

  const [followedJob, followJob] = useFollowedJob(FOLLOWED_JOB_KEYS.bulk);
  // Tagged contacts stay selected (another action may follow); deleted ones leave the list, and
  // focus, which was on the gone bulk bar, moves to the search box.
  const searchBox = useRef<HTMLInputElement>(null);
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    // After the closing dialog's own focus handling (Radix restores focus on a timer).
    if (deletions > 0) setTimeout(() => searchBox.current?.focus(), 0);
  }, [deletions]);
  const reportJob = useCallback(
    (job: BulkJob) => {
      if (job.status === 'failed') notifyError(jobSummary(job));
      else notifySuccess(jobSummary(job));
      void refresh();
    },
    [refresh],
  );
  const onJob = (job: BulkJob) => {
    if (job.action === 'delete' || job.action === 'erase') {
      clearSelection();
      setDeletions((n) => n + 1);
    }
    if (job.status === 'running') followJob(job.id);
    else reportJob(job);
  };
  const jobFinished = useCallback(() => void refresh(), [refresh]);
  const dismissJob = useCallback(() => followJob(null), [followJob]);

  const [editing, setEditing] = useState<{ contact: ContactDto | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [followedImport, followImport] = useFollowedJob(FOLLOWED_JOB_KEYS.import);
  const dismissImport = useCallback(() => followImport(null), [followImport]);
  const importButton = useRef<HTMLButtonElement>(null);
  const closeImport = () => {
    setImporting(false);
    // Opened from the import's banner, which went once its report was shown: focus goes back to Import.
    setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) importButton.current?.focus();
    }, 0);
  };
  const [exporting, setExporting] = useState(false);

  // Stable callbacks, so the memoised rows re-render only when their own contact changes.
  const { mutate: deleteContact } = remove;
  const onDelete = useCallback(
    (contact: ContactDto) => {
      if (!window.confirm(CONTACT_MESSAGES.deleteConfirm)) return;
      deleteContact(contact.id, {
        onSuccess: () => notifySuccess(M.deleted),
        onError: (error) => notifyError(M.deleteFailed, error),
      });
    },
    [deleteContact],
  );
  const onEdit = useCallback((contact: ContactDto) => setEditing({ contact }), []);
  const onKitChanged = useCallback(() => void refresh(), [refresh]);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const exportView = () => {
    setExporting(true);
    downloadContactsCsv(view)
      .catch((error: unknown) => notifyError(M.exportFailed, error))
      .finally(() => setExporting(false));
  };

  useEffect(() => {
    if (list.isError && !list.isFetchNextPageError) notifyError(M.loadFailed, list.error);
  }, [list.isError, list.isFetchNextPageError, list.error, list.errorUpdatedAt]);
  useEffect(() => {
    if (tags.isError) notifyError(M.tagsLoadFailed, tags.error);
  }, [tags.isError, tags.error]);

  const filtering = Boolean(view.search) || hasFilters(view);
  // What the table and the phone's cards both show and do.
  const listProps = {
    rows,
    view,
    selected,
    onToggle: toggle,
    onEdit,
    onDelete,
    deletingId: remove.isPending ? (remove.variables ?? null) : null,
    hasMore: Boolean(list.hasNextPage),
    loadingMore: list.isFetchingNextPage,
    loadMoreFailed: list.isFetchNextPageError,
    onLoadMore: loadMore,
    tagColors,
    kit,
    onKitChanged,
  } satisfies Partial<ContactsTableProps>;

  return (
    <>
      <PageHeader
        title="Contacts"
        description="Your leads, prospects and customers."
        actions={
          <>
            <Button ref={importButton} variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden /> Import
            </Button>
            <Button variant="secondary" onClick={exportView} disabled={exporting}>
              {exporting ? <Spinner className="size-4" /> : <Download aria-hidden />} Export
            </Button>
            <Button onClick={() => setEditing({ contact: null })}>
              <Plus aria-hidden /> Add Contact
            </Button>
          </>
        }
      />

      <div className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard label="Total Contacts" value={stats.data?.total} icon={Users} />
        <StatCard label="Customers" value={stats.data?.customers} icon={ShoppingBag} />
        <StatCard label="Prospects" value={stats.data?.prospects} icon={Target} />
      </div>

      {followedJob ? <BulkJobProgress key={followedJob} jobId={followedJob} onFinished={jobFinished} onDismiss={dismissJob} /> : null}
      {followedImport && !importing ? (
        <ImportJobBanner key={followedImport} jobId={followedImport} onOpen={() => setImporting(true)} onFinished={jobFinished} onDismiss={dismissImport} />
      ) : null}

      <Card className="overflow-hidden">
        <div className="space-y-3 border-b border-gray-100 p-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchInput ref={searchBox} className="flex-1" aria-label="Search contacts" placeholder="Search by name or email..." value={searchText} onChange={(e) => setSearchText(e.target.value)} />
            <div className="flex gap-2">
              <FiltersButton view={view} tagNames={tagNames} onChange={updateView} />
              {phone ? null : <ColumnsButton columns={columns} onToggle={toggleColumn} />}
            </div>
          </div>
          <ActiveFilters view={view} onChange={updateView} />
          <div className="flex min-h-8 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-600">
            <p aria-live="polite" className="flex items-center gap-2">
              {firstPage ? countText(total, totalCapped) : 'Loading contacts...'}
              {list.isFetching && !list.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            </p>
            {target.count > 0 ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-gray-900">{allMatching ? `All ${countText(total, totalCapped)} that match are selected` : `${selected.size.toLocaleString('en-US')} selected`}</span>
                <BulkBar target={target} view={view} tagNames={tagNames} kit={kit} onJob={onJob} clearSelection={clearSelection} />
                <Button variant="ghost" size="sm" onClick={clearSelection}>
                  Clear selection
                </Button>
              </div>
            ) : null}
            {selection.canSelectAllMatching ? (
              <Button variant="link" size="sm" className="h-auto px-0" onClick={selection.selectAllMatching}>
                Select all {countText(total, totalCapped)} that match
              </Button>
            ) : null}
          </div>
        </div>

        {list.isPending ? (
          <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-gray-600">
            <Spinner className="size-6" /> Loading contacts...
          </div>
        ) : list.isError && !list.data ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-14 text-center">
            <p className="text-sm text-red-700">{M.loadFailed}</p>
            <Button variant="secondary" onClick={() => list.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={UserX}
            title="No contacts found"
            hint={filtering ? 'Try adjusting your search terms' : 'Get started by adding your first contact'}
            action={
              filtering ? null : (
                <Button onClick={() => setEditing({ contact: null })}>
                  <Plus aria-hidden /> Add Contact
                </Button>
              )
            }
          />
        ) : phone ? (
          <ContactCards {...listProps} totalRows={undefined} />
        ) : (
          <ContactsTable
            {...listProps}
            columns={columns}
            totalRows={firstPage && !firstPage.total_capped ? (firstPage.total ?? undefined) : undefined}
            onSort={(sort, order) => updateView({ sort, order })}
            onToggleAll={selection.toggleAll}
          />
        )}
      </Card>

      {editing ? (
        <ContactModal open contact={editing.contact} onClose={() => setEditing(null)} tags={tagList} tagsLoading={tags.isPending} />
      ) : null}
      <ImportDialog open={importing} onClose={closeImport} tagNames={tagNames} followed={followedImport} onFollow={followImport} />
    </>
  );
}
