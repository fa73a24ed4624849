import { Pencil, Trash2 } from 'lucide-react';
import type { ContactDto } from '@shared/contacts/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import type { ContactsKitSlots } from './kit-slots.ts';

/** A contact's actions, the same in a table row and on a phone's card: Kit's (when connected), Edit, Delete. */
export function ContactActions({
  contact,
  label,
  deleting,
  kit,
  onKitChanged,
  onEdit,
  onDelete,
}: {
  contact: ContactDto;
  /** The contact's name or email, for the buttons' accessible names. */
  label: string;
  deleting: boolean;
  kit: ContactsKitSlots | undefined;
  onKitChanged: () => void;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
}) {
  const RowActions = kit?.RowActions;
  return (
    <>
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
    </>
  );
}
