import { CalendarX, ChevronLeft, ChevronRight, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { StoredCalendarEvent } from '@shared/calendar/api.ts';
import { CALENDAR_MESSAGES as M } from '@shared/calendar/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { LoadingScreen, Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError } from '@web/lib/notify.tsx';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { EventCard } from './event-card.tsx';
import { EventDetailsDialog } from './event-details-dialog.tsx';
import { useEventList } from './events-api.ts';
import { useEventActions } from './use-event-actions.ts';

const PAGE_SIZE = 24;
const CREATOR_PATH = '/crm/calendar-link-creator';

/** The events manager: the signed-in user's saved events, newest first, searchable, a page at a time. */
export default function EventsPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState({ q, offset: 0 });
  // A new search starts at its first page.
  const offset = page.q === q ? page.offset : 0;
  const list = useEventList({ q, limit: PAGE_SIZE, offset });
  const [viewing, setViewing] = useState<StoredCalendarEvent | null>(null);
  // The details open without a Radix trigger, so the button that opened them gets the focus back here.
  const detailsOpener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!viewing) detailsOpener.current?.focus();
  }, [viewing]);
  const actions = useEventActions({
    onDeleted: (event) => {
      if (viewing?.event_id === event.event_id) setViewing(null);
      // The last event of a page is gone: show the page before it.
      if (list.data?.events.length === 1 && offset > 0) setPage({ q, offset: Math.max(0, offset - PAGE_SIZE) });
    },
  });

  useEffect(() => {
    if (list.isError) notifyError(M.loadEventsFailed);
  }, [list.isError, list.errorUpdatedAt]);

  const data = list.data;
  const total = data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Calendar Events"
        description="Your saved events and their download URLs for newsletters."
        actions={
          <Button asChild>
            <Link to={CREATOR_PATH}>
              <Plus aria-hidden /> Create New Event
            </Link>
          </Button>
        }
      />

      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput className="sm:w-80" aria-label="Search events" placeholder="Search by title or location" value={search} onChange={(e) => setSearch(e.target.value)} />
        {data && total > 0 ? (
          <p className="flex items-center gap-2 text-sm text-gray-600" aria-live="polite">
            {list.isFetching ? <Spinner className="size-4" /> : null}
            {total === 1 ? '1 event' : `${total} events`}
          </p>
        ) : null}
      </div>

      {list.isPending ? (
        <LoadingScreen text="Loading calendar events..." />
      ) : list.isError && !data ? (
        <div role="alert" className="flex flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center">
          <p className="text-sm text-red-700">{M.loadEventsFailed}</p>
          <Button variant="secondary" onClick={() => list.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : !data || data.events.length === 0 ? (
        <EmptyState searching={Boolean(q)} onClearSearch={() => setSearch('')} />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {data.events.map((event) => (
              <EventCard
                key={event.event_id}
                event={event}
                actions={actions}
                onView={(opener) => {
                  detailsOpener.current = opener;
                  setViewing(event);
                }}
              />
            ))}
          </div>
          {total > PAGE_SIZE ? (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm text-gray-600">
              <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setPage({ q, offset: offset - PAGE_SIZE })}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <span>
                {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={offset + PAGE_SIZE >= total}
                onClick={() => setPage({ q, offset: offset + PAGE_SIZE })}
              >
                Next <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <EventDetailsDialog event={viewing} actions={actions} onClose={() => setViewing(null)} />
    </>
  );
}

function EmptyState({ searching, onClearSearch }: { searching: boolean; onClearSearch: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      <CalendarX aria-hidden className="size-10 text-gray-400" />
      <h2 className="text-lg font-semibold text-gray-900">No events found</h2>
      {searching ? (
        <>
          <p className="text-sm text-gray-600">No saved event matches your search.</p>
          <Button variant="secondary" onClick={onClearSearch}>
            Clear search
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-600">Save an event in the Calendar Link Creator to get a download URL for your newsletter.</p>
          <Button asChild>
            <Link to={CREATOR_PATH}>
              <Plus aria-hidden /> Create Your First Event
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}
