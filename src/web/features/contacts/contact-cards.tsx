import { memo, useEffect, useState } from 'react';
import type { ContactDto } from '@shared/contacts/api.ts';
import { contactDisplayName } from '@shared/contacts/form.ts';
import { ContactActions } from './contact-actions.tsx';
import { ContactLink } from './contact-link.tsx';
import type { ContactsKitSlots } from './kit-slots.ts';
import { ContactCell, LoadMoreStatus, type ContactsTableProps } from './contacts-table.tsx';
import { useScrollToTop } from './use-scroll-to-top.ts';
import { useWindowedRows } from './use-windowed-rows.ts';

/** Every card has this height (px), so the cards out of view can be left out, as the table does with rows. */
const CARD_HEIGHT = 148;
const LOAD_AHEAD_CARDS = 20;

/**
 * The contacts on a phone: one card per contact with its name, email, status, tags, Kit state and
 * actions, all within the screen's width (a table would push the actions far to the right).
 */
export function ContactCards(props: Omit<ContactsTableProps, 'columns' | 'onSort' | 'onToggleAll'>) {
  const { rows, view, hasMore, loadingMore, loadMoreFailed, onLoadMore } = props;
  const [container, setContainer] = useState<HTMLUListElement | null>(null);
  const { start, end, before, after } = useWindowedRows(container, rows.length, CARD_HEIGHT);

  const needMore = hasMore && !loadingMore && !loadMoreFailed && end >= rows.length - LOAD_AHEAD_CARDS;
  useEffect(() => {
    if (needMore) onLoadMore();
  }, [needMore, onLoadMore]);

  useScrollToTop(container, JSON.stringify(view));

  return (
    <ul ref={setContainer} aria-label="Contacts" className="max-h-[max(26rem,calc(100dvh-15rem))] overflow-y-auto overscroll-contain">
      {before > 0 ? <li aria-hidden style={{ height: before }} /> : null}
      {rows.slice(start, end).map((contact) => (
        <ContactCard
          key={contact.id}
          contact={contact}
          selected={props.selected.has(contact.id)}
          onToggle={props.onToggle}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
          deleting={props.deletingId === contact.id}
          tagColors={props.tagColors}
          kit={props.kit}
          onKitChanged={props.onKitChanged}
        />
      ))}
      {after > 0 ? <li aria-hidden style={{ height: after }} /> : null}
      {hasMore || loadMoreFailed ? (
        <li className="px-4 py-3">
          <LoadMoreStatus failed={loadMoreFailed} onRetry={onLoadMore} />
        </li>
      ) : null}
    </ul>
  );
}

interface ContactCardProps {
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

const ContactCard = memo(function ContactCard({ contact, selected, onToggle, onEdit, onDelete, deleting, tagColors, kit, onKitChanged }: ContactCardProps) {
  const name = contactDisplayName(contact);
  const label = name ?? contact.email;
  const SyncState = kit?.SyncState;
  return (
    <li
      style={{ height: CARD_HEIGHT }}
      data-selected={selected || undefined}
      className="flex flex-col justify-center gap-2 overflow-hidden border-b border-gray-100 px-4 data-selected:bg-brand-50"
    >
      <div className="flex min-w-0 items-center gap-3">
        <input
          type="checkbox"
          aria-label={`Select ${label}`}
          className="size-4 shrink-0 cursor-pointer accent-brand-600"
          checked={selected}
          onChange={() => onToggle(contact.id)}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate">
            <ContactLink id={contact.id} label={label} named={name !== null} />
          </p>
          {name ? (
            <p className="truncate text-sm text-gray-600" title={contact.email}>
              {contact.email}
            </p>
          ) : null}
        </div>
        <ContactCell column="status" contact={contact} tagColors={tagColors} />
      </div>
      <div className="min-w-0 pl-7 text-sm">
        <ContactCell column="tags" contact={contact} tagColors={tagColors} />
      </div>
      <div className="flex min-w-0 items-center justify-between gap-2 pl-7">
        <div className="min-w-0 flex-1 text-sm">
          {SyncState ? <SyncState contact={contact} /> : <ContactCell column="kit" contact={contact} tagColors={tagColors} />}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ContactActions contact={contact} label={label} deleting={deleting} kit={kit} onKitChanged={onKitChanged} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </li>
  );
});
