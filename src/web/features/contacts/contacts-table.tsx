import { Fragment, memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { CONTACT_STATUS_LABELS, type ContactStatus } from '@shared/contacts.ts';
import type { ContactDto } from '@shared/contacts/api.ts';
import { CONTACT_FIELDS, contactField, listFields, type ContactFieldDefinition } from '@shared/contacts/fields.ts';
import { contactDisplayName } from '@shared/contacts/form.ts';
import { defaultSortOrder, type ContactSort } from '@shared/contacts/list.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { SortableTh, Table, Td, Th } from '@web/components/ui/table.tsx';
import { cn } from '@web/lib/cn.ts';
import { COLUMN_LABELS, COLUMN_REM, type ContactColumn } from './contact-columns.ts';
import type { ContactView } from './contact-view.ts';
import { ContactActions } from './contact-actions.tsx';
import { ContactLink, useOpenContact } from './contact-link.tsx';
import { KitStateBadge } from './kit-state-badge.tsx';
import type { ContactsKitSlots } from './kit-slots.ts';
import { TagChips } from './tag-chips.tsx';
import { useScrollToTop } from './use-scroll-to-top.ts';
import { useWindowedRows } from './use-windowed-rows.ts';

/** Every row has this height (px), so the rows out of view can be left out and stood in for by spacing. */
const ROW_HEIGHT = 56;
/** Load the next page when the last rendered row is this close to the last loaded one. */
const LOAD_AHEAD_ROWS = 40;

/** Widths (rem) of the Contact and Actions columns; the optional columns' are in contact-columns.ts. */
const CONTACT_MIN_REM = 11;
const ACTIONS_REM = 6.5;
const ACTIONS_REM_WITH_KIT = 10;
/** The columns the list sorts by: the sortable fields by their names, Created by its time. */
const SORTABLE: Partial<Record<ContactColumn, ContactSort>> = {
  ...Object.fromEntries(listFields(CONTACT_FIELDS).flatMap((field) => (field.list.sortable ? [[field.name, field.name]] : []))),
  created: 'created_at',
};

const STATUS_TONES: Record<ContactStatus, 'blue' | 'amber' | 'green'> = { lead: 'blue', prospect: 'amber', customer: 'green' };

/**
 * The Contact column (left) and, from tablet width up, the actions (right) stay in place while the
 * columns between them scroll sideways; a phone has no room for both.
 */
const ROW_BG = 'bg-white group-hover:bg-gray-50 group-data-selected:bg-brand-50';
const STICKY_LEFT = `sticky left-0 z-10 ${ROW_BG}`;
/** Cells are padded less than other tables', so a laptop's 1366 px shows a usual name, email and date whole. */
const CELL_X = 'px-3';
const STICKY_RIGHT = `sm:sticky right-0 z-10 sm:border-l sm:border-l-gray-100 ${ROW_BG}`;

export interface ContactsTableProps {
  rows: ContactDto[];
  /** The optional columns to show, in table order. */
  columns: readonly ContactColumn[];
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
  const { rows, columns, view, onSort, selected, onToggleAll, hasMore, loadingMore, loadMoreFailed, onLoadMore } = props;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const { start, end, before, after } = useWindowedRows(container, rows.length, ROW_HEIGHT);

  const needMore = hasMore && !loadingMore && !loadMoreFailed && end >= rows.length - LOAD_AHEAD_ROWS;
  useEffect(() => {
    if (needMore) onLoadMore();
  }, [needMore, onLoadMore]);

  useScrollToTop(container, JSON.stringify(view));

  const selectedLoaded = rows.reduce((n, row) => n + (selected.has(row.id) ? 1 : 0), 0);
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedLoaded > 0 && selectedLoaded < rows.length;
  }, [selectedLoaded, rows.length]);

  const sortable = (sort: ContactSort, label: string) => (
    <SortableTh
      className={CELL_X}
      active={view.sort === sort}
      direction={view.sort === sort ? view.order : defaultSortOrder(sort)}
      onSort={() => onSort(sort, view.sort === sort ? (view.order === 'asc' ? 'desc' : 'asc') : defaultSortOrder(sort))}
    >
      {label}
    </SortableTh>
  );

  const header = (column: ContactColumn) => {
    const label = COLUMN_LABELS[column];
    const sort = SORTABLE[column];
    return sort ? (
      <Fragment key={column}>{sortable(sort, label)}</Fragment>
    ) : (
      <Th key={column} className={CELL_X}>
        {label}
      </Th>
    );
  };
  const actionsRem = props.kit?.RowActions ? ACTIONS_REM_WITH_KIT : ACTIONS_REM;
  // Below the columns' least widths the table scrolls sideways in its own area instead of crushing them.
  const minWidthRem = CONTACT_MIN_REM + actionsRem + columns.reduce((sum, column) => sum + COLUMN_REM[column], 0);

  return (
    <div
      ref={setContainer}
      // relative: absolutely positioned parts of a cell (screen-reader text) are clipped here, not by the page.
      className="relative max-h-[max(26rem,calc(100dvh-15rem))] overflow-auto overscroll-contain"
      aria-label="Contacts table"
      role="region"
    >
      <Table aria-rowcount={props.totalRows === undefined ? -1 : props.totalRows + 1} className="table-fixed" style={{ minWidth: `${minWidthRem}rem` }}>
        <colgroup>
          {/* Contact and Email share the room left by the fixed-width columns. */}
          <col />
          {columns.map((column) => (
            <col key={column} style={column === 'email' ? undefined : { width: `${COLUMN_REM[column]}rem` }} />
          ))}
          <col style={{ width: `${actionsRem}rem` }} />
        </colgroup>
        <thead className="sticky top-0 z-20">
          <tr>
            <SortableTh
              className={cn('sticky left-0 z-10', CELL_X)}
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
            {columns.map(header)}
            <Th className={cn('right-0 z-10 text-right sm:sticky sm:border-l sm:border-l-gray-200', CELL_X)}>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
          {rows.slice(start, end).map((contact, i) => (
            <ContactRow
              key={contact.id}
              index={start + i}
              contact={contact}
              columns={columns}
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
              <td colSpan={columns.length + 2} className="px-4 py-3">
                <LoadMoreStatus failed={loadMoreFailed} onRetry={onLoadMore} />
              </td>
            </tr>
          ) : null}
        </tbody>
      </Table>
    </div>
  );
}

/** The last line while more rows load, or the retry after a failed load. */
export function LoadMoreStatus({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return (
    <div className="sticky left-4 flex w-max items-center gap-2 text-sm text-gray-600">
      {failed ? (
        <>
          Could not load more contacts.
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </>
      ) : (
        <>
          <Spinner className="size-4" /> Loading more contacts...
        </>
      )}
    </div>
  );
}

interface ContactRowProps {
  index: number;
  contact: ContactDto;
  columns: readonly ContactColumn[];
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
  columns,
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
  const SyncState = kit?.SyncState;
  const cell = cn('h-14 py-0 truncate', CELL_X);
  const { open } = useOpenContact(contact.id);
  // A click anywhere on the row opens the contact, except on its own controls.
  const openFromRow = (e: MouseEvent) => {
    if (!(e.target as HTMLElement).closest('a, button, input, select, label') && !window.getSelection()?.toString()) open();
  };
  return (
    <tr
      aria-rowindex={index + 2}
      data-selected={selected || undefined}
      className="group cursor-pointer hover:bg-gray-50 data-selected:bg-brand-50"
      onClick={openFromRow}
    >
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
          <ContactLink id={contact.id} label={label} named={name !== null} />
        </div>
      </Td>
      {columns.map((column) => (
        <Td key={column} className={cn(cell, column === 'created' && 'text-gray-600', column === 'kit' && 'tabular-nums')}>
          {column === 'kit' && SyncState ? <SyncState contact={contact} /> : <ContactCell column={column} contact={contact} tagColors={tagColors} />}
        </Td>
      ))}
      <Td className={cn(cell, STICKY_RIGHT, 'px-2 text-right')}>
        <div className="flex items-center justify-end gap-1">
          <ContactActions contact={contact} label={label} deleting={deleting} kit={kit} onKitChanged={onKitChanged} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </Td>
    </tr>
  );
});

/** One optional column's value; text that does not fit ends in an ellipsis and shows whole as a tooltip. */
export function ContactCell({ column, contact, tagColors }: { column: ContactColumn; contact: ContactDto; tagColors: ReadonlyMap<string, string> }) {
  switch (column) {
    case 'tags':
      return <TagChips names={contact.tags} colors={tagColors} max={1} />;
    case 'status':
      return (
        <Badge tone={STATUS_TONES[contact.status]} data-status={contact.status}>
          {CONTACT_STATUS_LABELS[contact.status]}
        </Badge>
      );
    case 'created':
      return <DateText value={contact.created_at} />;
    case 'kit':
      return contact.kit_id === null ? <Missing /> : <span>{contact.kit_id}</span>;
    case 'kit_state':
      return <KitStateBadge state={contact.kit_state} />;
    default: {
      // Any other field: its text, or an enumeration's label.
      const field: ContactFieldDefinition = contactField(column);
      const value = contact[column];
      if (!value) return <Missing />;
      return <Truncated text={field.type === 'enum' ? (field.labels[value] ?? value) : value} />;
    }
  }
}

function Truncated({ text }: { text: string }) {
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

function Missing() {
  return <span className="text-gray-400">—</span>;
}

function initials(text: string): string {
  const words = text.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}
