import { Pencil, Trash2 } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CONTACT_SOURCE_LABELS, CONTACT_STATUS_LABELS, type ContactStatus } from '@shared/contacts.ts';
import type { ContactDto } from '@shared/contacts/api.ts';
import { contactDisplayName } from '@shared/contacts/form.ts';
import { defaultSortOrder, type ContactSort } from '@shared/contacts/list.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { SortableTh, Table, Td, Th } from '@web/components/ui/table.tsx';
import { cn } from '@web/lib/cn.ts';
import type { ContactView } from './contact-view.ts';
import type { ContactsKitSlots } from './kit-slots.ts';
import { TagChips } from './tag-chips.tsx';
import { useWindowedRows } from './use-windowed-rows.ts';

/** Every row has this height (px), so the rows out of view can be left out and stood in for by spacing. */
const ROW_HEIGHT = 56;
/** Load the next page when the last rendered row is this close to the last loaded one. */
const LOAD_AHEAD_ROWS = 40;

const STATUS_TONES: Record<ContactStatus, 'blue' | 'amber' | 'green'> = { lead: 'blue', prospect: 'amber', customer: 'green' };

/**
 * The Contact column (left) and, from tablet width up, the actions (right) stay in place while the
 * columns between them scroll sideways; a phone has no room for both.
 */
const ROW_BG = 'bg-white group-hover:bg-gray-50 group-data-selected:bg-brand-50';
const STICKY_LEFT = `sticky left-0 z-10 ${ROW_BG}`;
const STICKY_RIGHT = `sm:sticky right-0 z-10 sm:border-l sm:border-l-gray-100 ${ROW_BG}`;

export interface ContactsTableProps {
  rows: ContactDto[];
  /** All rows of the view, loaded or not; undefined when not known exactly. */
  totalRows: number | undefined;
  view: ContactView;
  onSort: (sort: ContactSort, order: ContactView['order']) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
  deletingId: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
  tagColors: ReadonlyMap<string, string>;
  kit?: ContactsKitSlots;
  onKitChanged: () => void;
}

/**
 * The contacts table: every loaded row is in `rows`, but only those in view are in the DOM. It has
 * its own scroll area (header stays on top, the Contact column on the left) and asks for the next
 * page as the end of the loaded rows comes near.
 */
export function ContactsTable(props: ContactsTableProps) {
  const { rows, view, onSort, selected, onToggleAll, hasMore, loadingMore, loadMoreFailed, onLoadMore } = props;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const { start, end, before, after } = useWindowedRows(container, rows.length, ROW_HEIGHT);

  const needMore = hasMore && !loadingMore && !loadMoreFailed && end >= rows.length - LOAD_AHEAD_ROWS;
  useEffect(() => {
    if (needMore) onLoadMore();
  }, [needMore, onLoadMore]);

  // A new search, filter or sort starts at the top.
  const viewKey = JSON.stringify(view);
  useLayoutEffect(() => {
    container?.scrollTo({ top: 0 });
  }, [container, viewKey]);

  const selectedLoaded = rows.reduce((n, row) => n + (selected.has(row.id) ? 1 : 0), 0);
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedLoaded > 0 && selectedLoaded < rows.length;
  }, [selectedLoaded, rows.length]);

  const sortable = (sort: ContactSort, label: string, className?: string) => (
    <SortableTh
      className={className}
      active={view.sort === sort}
      direction={view.sort === sort ? view.order : defaultSortOrder(sort)}
      onSort={() => onSort(sort, view.sort === sort ? (view.order === 'asc' ? 'desc' : 'asc') : defaultSortOrder(sort))}
    >
      {label}
    </SortableTh>
  );

  return (
    <div
      ref={setContainer}
      // relative: absolutely positioned parts of a cell (screen-reader text) are clipped here, not by the page.
      className="relative max-h-[max(26rem,calc(100dvh-15rem))] overflow-auto overscroll-contain"
      aria-label="Contacts table"
      role="region"
    >
      <Table aria-rowcount={props.totalRows === undefined ? -1 : props.totalRows + 1} className="table-fixed">
        <colgroup>
          <col className="w-[11rem] sm:w-[13.5rem]" />
          <col className="w-[14rem]" />
          <col className="w-[9rem]" />
          <col className="w-[8.5rem]" />
          <col className="w-[11rem]" />
          <col className="w-[7rem]" />
          <col className="w-[7.5rem]" />
          <col className="w-[8rem]" />
          <col className={props.kit?.RowActions ? 'w-[10rem]' : 'w-[6.5rem]'} />
        </colgroup>
        <thead className="sticky top-0 z-20">
          <tr>
            <SortableTh
              className="sticky left-0 z-10"
              active={view.sort === 'name'}
              direction={view.sort === 'name' ? view.order : 'asc'}
              onSort={() => onSort('name', view.sort === 'name' && view.order === 'asc' ? 'desc' : 'asc')}
              before={
                <input
                  ref={selectAll}
                  type="checkbox"
                  aria-label="Select all contacts"
                  className="size-4 cursor-pointer accent-brand-600"
                  checked={rows.length > 0 && selectedLoaded === rows.length}
                  onChange={onToggleAll}
                />
              }
            >
              Contact
            </SortableTh>
            {sortable('email', 'Email')}
            <Th>Phone</Th>
            {sortable('source', 'Source')}
            <Th>Tags</Th>
            {sortable('status', 'Status')}
            {sortable('created_at', 'Created')}
            <Th>Kit ID</Th>
            <Th className="right-0 z-10 text-right sm:sticky sm:border-l sm:border-l-gray-200">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
          {rows.slice(start, end).map((contact, i) => (
            <ContactRow
              key={contact.id}
              index={start + i}
              contact={contact}
              selected={selected.has(contact.id)}
              onToggle={props.onToggle}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              deleting={props.deletingId === contact.id}
              tagColors={props.tagColors}
              kit={props.kit}
              onKitChanged={props.onKitChanged}
            />
          ))}
          {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
          {hasMore || loadMoreFailed ? (
            <tr>
              <td colSpan={9} className="px-4 py-3">
                <div className="sticky left-4 flex w-max items-center gap-2 text-sm text-gray-600">
                  {loadMoreFailed ? (
                    <>
                      Could not load more contacts.
                      <Button variant="secondary" size="sm" onClick={onLoadMore}>
                        Try again
                      </Button>
                    </>
                  ) : (
                    <>
                      <Spinner className="size-4" /> Loading more contacts...
                    </>
                  )}
                </div>
              </td>
            </tr>
          ) : null}
        </tbody>
      </Table>
    </div>
  );
}

interface ContactRowProps {
  index: number;
  contact: ContactDto;
  selected: boolean;
  onToggle: (id: string) => void;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
  deleting: boolean;
  tagColors: ReadonlyMap<string, string>;
  kit?: ContactsKitSlots;
  onKitChanged: () => void;
}

/** One contact; memoised, so scrolling re-renders only the rows that come into view. */
const ContactRow = memo(function ContactRow({
  index,
  contact,
  selected,
  onToggle,
  onEdit,
  onDelete,
  deleting,
  tagColors,
  kit,
  onKitChanged,
}: ContactRowProps) {
  const name = contactDisplayName(contact);
  const label = name ?? contact.email;
  const { RowActions, SyncState } = kit ?? {};
  const cell = 'h-14 py-0 truncate';
  return (
    <tr aria-rowindex={index + 2} data-selected={selected || undefined} className="group hover:bg-gray-50 data-selected:bg-brand-50">
      <Td className={cn(cell, STICKY_LEFT)}>
        <div className="flex min-w-0 items-center gap-3">
          <input
            type="checkbox"
            aria-label={`Select ${label}`}
            className="size-4 shrink-0 cursor-pointer accent-brand-600"
            checked={selected}
            onChange={() => onToggle(contact.id)}
          />
          <span
            aria-hidden
            className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700 uppercase sm:flex"
          >
            {initials(label)}
          </span>
          <span className={cn('truncate font-medium', name ? 'text-gray-900' : 'text-gray-500')} title={label}>
            {label}
          </span>
        </div>
      </Td>
      <Td className={cell}>
        <span title={contact.email}>{contact.email}</span>
      </Td>
      <Td className={cell}>{contact.phone ?? <Missing />}</Td>
      <Td className={cell}>{CONTACT_SOURCE_LABELS[contact.source]}</Td>
      <Td className={cell}>
        <TagChips names={contact.tags} colors={tagColors} max={2} />
      </Td>
      <Td className={cell}>
        <Badge tone={STATUS_TONES[contact.status]}>{CONTACT_STATUS_LABELS[contact.status]}</Badge>
      </Td>
      <Td className={cn(cell, 'text-gray-600')}>
        <DateText value={contact.created_at} />
      </Td>
      <Td className={cn(cell, 'tabular-nums')}>
        {SyncState ? <SyncState contact={contact} /> : (contact.kit_id ?? <Missing />)}
      </Td>
      <Td className={cn(cell, STICKY_RIGHT, 'px-2 text-right')}>
        <div className="flex items-center justify-end gap-1">
          {RowActions ? <RowActions contact={contact} onChanged={onKitChanged} /> : null}
          <Button variant="ghost" size="icon" aria-label={`Edit ${label}`} title="Edit" onClick={() => onEdit(contact)}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-red-600 hover:bg-red-50"
            aria-label={`Delete ${label}`}
            title="Delete"
            disabled={deleting}
            onClick={() => onDelete(contact)}
          >
            {deleting ? <Spinner className="size-4 text-red-600" /> : <Trash2 aria-hidden />}
          </Button>
        </div>
      </Td>
    </tr>
  );
});

function Missing() {
  return <span className="text-gray-400">—</span>;
}

function initials(text: string): string {
  const words = text.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}
