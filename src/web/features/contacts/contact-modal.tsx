import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { useController, useForm } from 'react-hook-form';
import {
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  DEFAULT_CONTACT_SOURCE,
  DEFAULT_CONTACT_STATUS,
} from '@shared/contacts.ts';
import {
  CONTACT_FIELD_LABELS as LABELS,
  CONTACT_FORM_FIELDS,
  contactFormSchema,
  type ContactFormField,
  type ContactInput,
  type ContactValues,
} from '@shared/contacts/form.ts';
import type { ContactDto } from '@shared/contacts/api.ts';
import type { TagDto } from '@shared/tags/api.ts';
import { FormActions } from '@web/components/ui/form-actions.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { useSaveContact } from './contacts-api.ts';
import { TagPicker } from './tag-picker.tsx';

function initialValues(contact: ContactDto | null): ContactInput {
  return {
    email: contact?.email ?? '',
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    full_name: contact?.full_name ?? '',
    phone: contact?.phone ?? '',
    address: contact?.address ?? '',
    country: contact?.country ?? '',
    linkedin: contact?.linkedin ?? '',
    source: contact?.source ?? DEFAULT_CONTACT_SOURCE,
    status: contact?.status ?? DEFAULT_CONTACT_STATUS,
    tags: contact?.tags ?? [],
  };
}

const isFormField = (name: string): name is ContactFormField => (CONTACT_FORM_FIELDS as readonly string[]).includes(name);

/**
 * Add or edit a contact. The shared schema checks the form as the server will; what only the server
 * knows (an email already taken, a tag deleted meanwhile) comes back onto its field, and nothing is saved.
 */
export function ContactModal({
  contact,
  open,
  onClose,
  tags,
  tagsLoading,
}: {
  /** null: a new contact. */
  contact: ContactDto | null;
  open: boolean;
  onClose: () => void;
  tags: TagDto[];
  tagsLoading: boolean;
}) {
  const save = useSaveContact();
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: initialValues(contact),
  });
  const tagsField = useController({ control: form.control, name: 'tags' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync({ id: contact?.id ?? null, values }).then(
      () => {
        notifySuccess(contact ? M.updated : M.added);
        onClose();
      },
      (error: unknown) => {
        const fields = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => isFormField(name)) : [];
        if (fields.length === 0) return notifyError(M.saveFailed, error);
        fields.forEach(([name, message], i) => form.setError(name as ContactFormField, { message }, { shouldFocus: i === 0 }));
      },
    ),
  );

  const text = (name: Exclude<ContactFormField, 'source' | 'status' | 'tags'>, props: ComponentProps<'input'> = {}) => (
    <Field
      label={
        props.required ? (
          <>
            {LABELS[name]} <span aria-hidden className="text-red-600">*</span>
          </>
        ) : (
          LABELS[name]
        )
      }
      error={errors[name]?.message}
    >
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  const urlParameters = Object.entries(contact?.url_parameters ?? {});

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={contact ? 'Edit Contact' : 'Add Contact'}
      className="sm:max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={contact ? 'Edit Contact' : 'Add Contact'}>
        {text('email', { type: 'email', required: true, autoComplete: 'off', placeholder: 'name@example.com', autoFocus: true })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('first_name', { autoComplete: 'off' })}
          {text('last_name', { autoComplete: 'off' })}
        </div>
        {text('full_name', { autoComplete: 'off' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('phone', { type: 'tel', autoComplete: 'off', placeholder: '+49 30 1234567' })}
          {text('country', { autoComplete: 'off' })}
        </div>
        {text('address', { autoComplete: 'off' })}
        {text('linkedin', { type: 'url', autoComplete: 'off', placeholder: 'https://www.linkedin.com/in/name' })}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={LABELS.status} error={errors.status?.message}>
            <Select {...form.register('status')}>
              {CONTACT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CONTACT_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={LABELS.source} error={errors.source?.message}>
            <Select {...form.register('source')}>
              {CONTACT_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {CONTACT_SOURCE_LABELS[source]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <TagPicker
          value={tagsField.field.value ?? []}
          onChange={tagsField.field.onChange}
          options={tags}
          loading={tagsLoading}
          error={errors.tags?.message ?? errors.tags?.root?.message}
        />
        {contact ? (
          <section aria-labelledby="url-parameters-title" className="rounded-lg bg-gray-50 px-4 py-3">
            <h3 id="url-parameters-title" className="text-sm font-medium text-gray-700">
              URL parameters
            </h3>
            {urlParameters.length === 0 ? (
              <p className="mt-1 text-sm text-gray-500">None captured</p>
            ) : (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {urlParameters.map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="font-mono text-gray-600">{key}</dt>
                    <dd className="min-w-0 break-all text-gray-900">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        ) : null}
        <FormActions onCancel={onClose} busy={save.isPending} submitLabel={contact ? 'Save Changes' : 'Add Contact'} />
      </form>
    </Dialog>
  );
}
