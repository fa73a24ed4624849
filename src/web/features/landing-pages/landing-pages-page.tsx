import { FileCode, FileText, LayoutTemplate, Plus, RefreshCw, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CRM_SCREENS } from '@shared/routes.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { EmptyState } from '@web/components/ui/empty-state.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import { LoadingScreen, Spinner } from '@web/components/ui/spinner.tsx';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { LandingPageCard } from './landing-page-card.tsx';
import { LandingPageModal } from './landing-page-modal.tsx';
import { TemplateGallery } from './template-gallery.tsx';
import { useLandingPages } from './landing-pages-api.ts';
import { notifyError } from '@web/lib/notify.tsx';
import { PAGE_NOTICES } from './page-notices.ts';

/** 'Convert HTML' opens the converter screen. */
const CONVERTER_PATH = CRM_SCREENS[0];

/** The search asks the server once per pause in typing. */
const SEARCH_DELAY_MS = 300;

/** The landing pages admin: every page as a card, searched on the server, newest first. */
export default function LandingPagesPage() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useLandingPages(query);
  // Which page the dialog edits; null adds one.
  const [editing, setEditing] = useState<{ pageId: string | null } | null>(null);
  const [gallery, setGallery] = useState(false);

  useEffect(() => {
    if (list.isError) notifyError(PAGE_NOTICES.loadFailed, list.error);
  }, [list.isError, list.error]);

  const pages = list.data;
  const addButton = (
    <Button onClick={() => setEditing({ pageId: null })}>
      <Plus aria-hidden /> Add Landing Page
    </Button>
  );

  const headerActions = (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="secondary">
        <Link to={CONVERTER_PATH}>
          <FileCode aria-hidden /> Convert HTML
        </Link>
      </Button>
      <Button variant="secondary" onClick={() => setGallery(true)}>
        <LayoutTemplate aria-hidden /> Use Builder
      </Button>
      {addButton}
    </div>
  );

  return (
    <>
      <PageHeader title="Landing Pages" description="Pages visitors open at /lp/your-slug to sign up." actions={headerActions} />

      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          className="sm:w-80"
          aria-label="Search landing pages"
          placeholder="Search by title or slug"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {pages && (pages.length > 0 || query) ? (
          <p className="flex items-center gap-2 text-sm text-gray-600" aria-live="polite">
            {list.isFetching ? <Spinner className="size-4" /> : null}
            {pages.length === 1 ? '1 landing page' : `${pages.length} landing pages`}
            {query ? ' found' : ''}
          </p>
        ) : null}
      </div>

      {list.isPending ? (
        <LoadingScreen text="Loading landing pages..." />
      ) : list.isError && !pages ? (
        <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="text-sm text-red-700">{PAGE_NOTICES.loadFailed}</p>
          <Button variant="secondary" onClick={() => list.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </Card>
      ) : !pages || pages.length === 0 ? (
        query ? (
          <Card>
            <EmptyState
              icon={SearchX}
              title="No landing pages found matching your search"
              action={
                <Button variant="secondary" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              }
            />
          </Card>
        ) : (
          <Card>
            <EmptyState icon={FileText} title="No landing pages yet" hint="Create a page, give it an address, and share the link." action={addButton} />
          </Card>
        )
      ) : (
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {pages.map((page) => (
            <LandingPageCard
              key={page.id}
              page={page}
              onEdit={(p) => setEditing({ pageId: p.id })}
            />
          ))}
        </div>
      )}

      <TemplateGallery open={gallery} onOpenChange={setGallery} />
      {editing ? <LandingPageModal pageId={editing.pageId} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
