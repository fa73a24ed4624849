import { ChevronLeft, ChevronRight, Users, X } from 'lucide-react';
import { useState } from 'react';
import { SUBSCRIBER_PAGE_SIZE } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { TableScroll } from '@web/components/ui/table.tsx';
import { cn } from '@web/lib/cn.ts';
import { formatDate } from './format.ts';
import type { KitSubscriberState } from '@shared/kit/api.ts';
import { useKitSubscribers, type SubscriberCursor } from './kit-api.ts';
import { EmptyNote, KitCard, LoadError, Loading } from './kit-card.tsx';

const STATE_STYLE: Record<KitSubscriberState, string> = {
  active: 'bg-emerald-50 text-emerald-700',
  inactive: 'bg-gray-100 text-gray-700',
  bounced: 'bg-amber-50 text-amber-800',
  complained: 'bg-red-50 text-red-700',
  cancelled: 'bg-gray-100 text-gray-600',
};

/**
 * Kit's subscribers, newest first, a page at a time. Kit pages by cursor (v4), so the screen moves
 * to the next or previous page from the current page's end or start cursor; the email search is
 * Kit's, an exact address.
 */
export function SubscribersCard() {
  const [draft, setDraft] = useState('');
  const [view, setView] = useState<{ email: string; cursor: SubscriberCursor; page: number }>({ email: '', cursor: null, page: 1 });
  const list = useKitSubscribers({ email: view.email, cursor: view.cursor, perPage: SUBSCRIBER_PAGE_SIZE });
  const data = list.data;
  const pagination = data?.pagination;

  const search = (email: string) => setView({ email: email.trim(), cursor: null, page: 1 });

  return (
    <KitCard title="Subscribers" icon={Users} description="Your Kit subscribers, newest first.">
      <form
        role="search"
        aria-label="Search subscribers"
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          search(draft);
        }}
      >
        <SearchInput className="flex-1 sm:max-w-sm" aria-label="Subscriber email" placeholder="Exact email address" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {view.email ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft('');
                search('');
              }}
            >
              <X aria-hidden /> Clear
            </Button>
          ) : null}
        </div>
      </form>

      {list.isPending ? (
        <Loading text="Loading subscribers..." />
      ) : list.isError && !data ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !data || data.subscribers.length === 0 ? (
        <EmptyNote>{view.email ? `No Kit subscriber has the email ${view.email}.` : 'No subscribers in your Kit account yet.'}</EmptyNote>
      ) : (
        <>
          <TableScroll label="Kit subscribers" className={cn('-mx-4 sm:mx-0', list.isPlaceholderData && 'opacity-60')}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Kit subscribers, page {view.page}</caption>
              <thead className="border-b border-gray-200 text-xs font-medium tracking-wide text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="w-full px-4 py-2 sm:pl-0">
                    Email
                  </th>
                  <th scope="col" className="hidden px-4 py-2 whitespace-nowrap md:table-cell">
                    First name
                  </th>
                  <th scope="col" className="px-4 py-2">
                    State
                  </th>
                  <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                    Created
                  </th>
                  <th scope="col" className="hidden px-4 py-2 whitespace-nowrap lg:table-cell">
                    Kit ID
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.subscribers.map((s) => (
                  <tr key={s.id}>
                    <td className="max-w-0 px-4 py-2.5 sm:pl-0">
                      <p className="truncate font-medium text-gray-900">{s.email_address}</p>
                      {s.first_name ? <p className="truncate text-xs text-gray-500 md:hidden">{s.first_name}</p> : null}
                    </td>
                    <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-700 md:table-cell">{s.first_name || '—'}</td>
                    <td className="px-4 py-2.5">
                      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATE_STYLE[s.state])}>{s.state}</span>
                    </td>
                    <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-600 sm:table-cell">{formatDate(s.created_at)}</td>
                    <td className="hidden px-4 py-2.5 font-mono text-xs text-gray-600 lg:table-cell">{s.id}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {list.isError ? <LoadError message={list.error.message} onRetry={() => void list.refetch()} /> : null}
          <nav aria-label="Subscriber pages" className="flex items-center justify-between gap-3 text-sm text-gray-600">
            <Button
              variant="secondary"
              size="sm"
              disabled={!pagination?.has_previous_page || !pagination.start_cursor || list.isFetching}
              onClick={() => setView((v) => ({ ...v, cursor: { before: pagination!.start_cursor! }, page: Math.max(1, v.page - 1) }))}
            >
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <span className="flex items-center gap-2" aria-live="polite">
              {list.isFetching ? <Spinner className="size-4" /> : null}
              Page {view.page}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={!pagination?.has_next_page || !pagination.end_cursor || list.isFetching}
              onClick={() => setView((v) => ({ ...v, cursor: { after: pagination!.end_cursor! }, page: v.page + 1 }))}
            >
              Next <ChevronRight aria-hidden />
            </Button>
          </nav>
        </>
      )}
    </KitCard>
  );
}
