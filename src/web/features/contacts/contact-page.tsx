import { ArrowLeft, History, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CONTACT_SOURCE_LABELS } from '@shared/contacts.ts';
import { CONTACT_FIELDS, pageFields, type ContactFieldDefinition } from '@shared/contacts/fields.ts';
import {
  CONTACT_FIELD_LABELS as LABELS,
  CONTACT_MESSAGES,
  contactDisplayName,
  contactFormSchema,
  type ContactFormField,
  type ContactInput,
} from '@shared/contacts/form.ts';
import type { ContactDto } from '@shared/contacts/api.ts';
import { TIMELINE_MESSAGES } from '@shared/contacts/timeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { EmptyState } from '@web/components/ui/empty-state.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useContact, useContactTimeline, useDeleteContact, useRefreshContacts, useSaveContact, useTagOptions } from './contacts-api.ts';
import type { ContactsKitSlots } from './kit-slots.ts';
import { KitStateBadge } from './kit-state-badge.tsx';
import { PrivacyActions } from './privacy-actions.tsx';
import { TagPicker } from './tag-picker.tsx';
import { actorText, eventDetails, eventTitle, type FieldList } from './timeline-text.ts';

/** Where the list was (its search and filters), so "Back" returns to it as it was. */
export interface ContactPageState {
  fromList?: string;
}

/** The details, top to bottom; tags have their own picker below them. */
const DETAIL_FIELDS = pageFields(CONTACT_FIELDS).filter((field) => field.type !== 'tags');
const TAGS_ON_PAGE = pageFields(CONTACT_FIELDS).some((field) => field.type === 'tags');

const formValues = (c: ContactDto): ContactInput => Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, c[field.name]])) as ContactInput;

/** An enumeration's choices as [value, label]; a text field has none. */
const optionsOf = (field: ContactFieldDefinition) => (field.type === 'enum' ? field.values.map((value) => [value, field.labels[value] ?? value] as const) : undefined);

/**
 * A contact's own page (/crm/contacts/{id}): every field editable where it is shown, with the
 * Edit Contact modal's rules and messages (the shared schema), its tags, its Kit state, and the
 * timeline of everything that happened to it.
 */
export function ContactPage({ kit }: { kit?: Pick<ContactsKitSlots, 'RowActions' | 'SyncState'> }) {
  const { id = '' } = useParams();
  const contact = useContact(id);
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as ContactPageState | null)?.fromList;
  const back = () => (fromList !== undefined ? navigate(-1) : navigate('/crm/contacts'));

  const backLink = (
    <Link to={fromList ?? '/crm/contacts'} onClick={(e) => (fromList !== undefined ? (e.preventDefault(), back()) : undefined)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" /> Back to contacts
    </Link>
  );

  if (contact.isPending) {
    return (
      <div className="flex items-center gap-2 p-6 text-gray-600" role="status">
        <Spinner className="size-5" /> Loading contact...
      </div>
    );
  }
  if (contact.isError) {
    const missing = contact.error instanceof ApiError && (contact.error.status === 404 || contact.error.status === 400);
    return (
      <div className="space-y-4 p-6">
        {backLink}
        <EmptyState icon={History} title={missing ? CONTACT_MESSAGES.notFound : 'The contact could not be loaded.'} hint={missing ? undefined : contact.error.message} />
      </div>
    );
  }
  return <ContactDetails contact={contact.data} kit={kit} backLink={backLink} onDeleted={back} />;
}

function ContactDetails({
  contact,
  kit,
  backLink,
  onDeleted,
}: {
  contact: ContactDto;
  kit?: Pick<ContactsKitSlots, 'RowActions' | 'SyncState'>;
  backLink: React.ReactNode;
  onDeleted: () => void;
}) {
  const save = useSaveContact();
  const remove = useDeleteContact();
  const refresh = useRefreshContacts();
  const tagOptions = useTagOptions();
  const [tagError, setTagError] = useState<string>();
  const name = contactDisplayName(contact) ?? contact.email;

  /** Saves one changed field; answers the field's message when the schema or the server refuses it. */
  const saveField = async (field: ContactFormField, value: unknown): Promise<string | undefined> => {
    const values = { ...formValues(contact), [field]: value };
    const checked = contactFormSchema.safeParse(values);
    if (!checked.success) return checked.error.issues.find((i) => i.path[0] === field)?.message ?? checked.error.issues[0]!.message;
    try {
      await save.mutateAsync({ id: contact.id, values });
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return error.fields[field] ?? error.message;
      return String(error);
    }
  };

  const onDelete = () => {
    if (!window.confirm(CONTACT_MESSAGES.deleteConfirm)) return;
    remove.mutate(contact.id, {
      onSuccess: () => {
        notifySuccess('Contact deleted successfully!');
        onDeleted();
      },
      onError: (error) => notifyError('Failed to delete contact. Please try again.', error),
    });
  };

  return (
    <div className="space-y-6 p-4 sm:p-6">
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold text-gray-900">{name}</h1>
          <p className="text-sm text-gray-600">
            Created <DateText value={contact.created_at} format="datetime" /> · {CONTACT_SOURCE_LABELS[contact.source]}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <PrivacyActions contact={contact} name={name} onErased={onDeleted} />
          <Button variant="secondary" className="text-red-700" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? <Spinner className="size-4" /> : <Trash2 aria-hidden />} Delete
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section aria-labelledby="contact-fields" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="contact-fields" className="text-lg font-semibold text-gray-900">
            Details
          </h2>
          <dl className="space-y-3">
            {DETAIL_FIELDS.map((field) => (
              <InlineField
                key={field.name}
                field={field.name}
                value={String(contact[field.name] ?? '')}
                options={optionsOf(field)}
                onSave={(v) => saveField(field.name, v)}
              />
            ))}
          </dl>
          {TAGS_ON_PAGE ? (
            <TagPicker
              value={contact.tags}
              options={tagOptions.data ?? []}
              loading={tagOptions.isPending}
              error={tagError}
              onChange={async (tags) => setTagError(await saveField('tags', tags))}
            />
          ) : null}
          {Object.keys(contact.url_parameters).length > 0 ? (
            <div>
              <h3 className="text-sm font-medium text-gray-700">URL parameters</h3>
              <p className="text-sm break-all text-gray-900">
                {Object.entries(contact.url_parameters)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(', ')}
              </p>
            </div>
          ) : null}
          <KitPanel contact={contact} kit={kit} onChanged={() => void refresh()} />
        </section>
        <Timeline contactId={contact.id} />
      </div>
    </div>
  );
}

function KitPanel({ contact, kit, onChanged }: { contact: ContactDto; kit?: Pick<ContactsKitSlots, 'RowActions' | 'SyncState'>; onChanged: () => void }) {
  const SyncState = kit?.SyncState as ComponentType<{ contact: ContactDto }> | undefined;
  const RowActions = kit?.RowActions as ComponentType<{ contact: ContactDto; onChanged: () => void }> | undefined;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 pt-3">
      <div className="space-y-1 text-sm">
        <div>
          <span className="font-medium text-gray-700">Kit: </span>
          {SyncState ? <SyncState contact={contact} /> : (contact.kit_id ?? 'not synced')}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="kit-state">
          <span className="font-medium text-gray-700">Kit state:</span>
          {contact.kit_state === null ? (
            <span className="text-gray-600">Not known yet</span>
          ) : (
            <>
              <KitStateBadge state={contact.kit_state} />
              {contact.kit_state_at ? (
                <span className="text-gray-600">
                  since <DateText value={contact.kit_state_at} format="datetime" />
                </span>
              ) : null}
            </>
          )}
        </div>
      </div>
      {RowActions ? (
        <div className="flex items-center gap-1" aria-label="Kit actions" role="group">
          <RowActions contact={contact} onChanged={onChanged} />
        </div>
      ) : null}
    </div>
  );
}

/** One field shown as text with an Edit button; editing it shows the control, Enter saves, Escape cancels. */
function InlineField({
  field,
  value,
  options,
  onSave,
}: {
  field: ContactFormField;
  value: string;
  options?: ReadonlyArray<readonly [string, string]>;
  onSave: (value: string) => Promise<string | undefined>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    // Focus goes back to the field's Edit button once editing ends.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const label = LABELS[field];
  const shown = options ? (options.find(([v]) => v === value)?.[1] ?? value) : value;
  const cancel = () => {
    setEditing(false);
    setError(undefined);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (draft === value) return cancel();
    setSaving(true);
    const message = await onSave(draft);
    setSaving(false);
    if (message) setError(message);
    else cancel();
  };

  if (!editing) {
    return (
      <div>
        <dt className="text-sm font-medium text-gray-700">{label}</dt>
        <dd className="flex items-start justify-between gap-2">
          <span className="min-w-0 text-sm break-words whitespace-pre-line text-gray-900">{shown || <span className="text-gray-500">—</span>}</span>
          <Button
            ref={editButton}
            variant="ghost"
            size="icon"
            aria-label={`Edit ${label}`}
            title={`Edit ${label}`}
            onClick={() => {
              setDraft(value);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
          </Button>
        </dd>
      </div>
    );
  }
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd>
        <form onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), cancel())} className="space-y-2">
          <Field label={label} error={error}>
            {options ? (
              <Select autoFocus value={draft} onChange={(e) => setDraft(e.target.value)}>
                {options.map(([v, text]) => (
                  <option key={v} value={v}>
                    {text}
                  </option>
                ))}
              </Select>
            ) : (
              <Input autoFocus value={draft} onChange={(e) => setDraft(e.target.value)} />
            )}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? <Spinner className="size-4" /> : null} Save
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      </dd>
    </div>
  );
}

/** A form's answers under its event: label and value side by side, values as plain text (visitors typed them). */
function EventFields({ list }: { list: FieldList }) {
  return (
    <div className="mt-1 text-sm">
      <p className="text-gray-700">{list.title}</p>
      <dl className="mt-0.5 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5 border-l border-gray-200 pl-3">
        {list.fields.map(({ label, value }, i) => (
          <div key={i} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="break-words whitespace-pre-wrap text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Timeline({ contactId }: { contactId: string }) {
  const timeline = useContactTimeline(contactId);
  const events = timeline.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <section aria-labelledby="contact-timeline" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="contact-timeline" className="text-lg font-semibold text-gray-900">
        Timeline
      </h2>
      {timeline.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner className="size-4" /> Loading timeline...
        </p>
      ) : timeline.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>{TIMELINE_MESSAGES.loadFailed}</p>
          <Button size="sm" variant="secondary" onClick={() => void timeline.refetch()}>
            Try again
          </Button>
        </div>
      ) : events.length === 0 ? (
        <p className="text-sm text-gray-600">{TIMELINE_MESSAGES.empty}</p>
      ) : (
        <ol className="space-y-3" aria-label="Events, newest first">
          {events.map((event) => (
            <li key={event.id} className="border-l-2 border-brand-200 pl-3">
              <p className="text-sm font-medium text-gray-900">{eventTitle(event)}</p>
              <p className="text-xs text-gray-600">
                <DateText value={event.at} format="datetime" /> {actorText(event.actor)}
              </p>
              {eventDetails(event).map((detail, i) =>
                typeof detail === 'string' ? (
                  <p key={i} className="text-sm break-words text-gray-700">
                    {detail}
                  </p>
                ) : (
                  <EventFields key={i} list={detail} />
                ),
              )}
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage ? (
        <Button size="sm" variant="secondary" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
          {timeline.isFetchingNextPage ? <Spinner className="size-4" /> : null} Show older events
        </Button>
      ) : null}
    </section>
  );
}
