import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import { CONTACT_FIELDS, modalRows, type ContactField, type ContactFieldDefinition } from '@shared/contacts/fields.ts';
import { CONTACT_FORM_FIELDS, contactFormSchema, type ContactFormField, type ContactInput, type ContactValues } from '@shared/contacts/form.ts';
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

/** A new contact's form starts empty, with each enumeration's default. */
const emptyValue = (field: ContactFieldDefinition) => (field.type === 'enum' ? field.default : field.type === 'tags' ? [] : '');

function initialValues(contact: ContactDto | null): ContactInput {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, contact?.[field.name] ?? emptyValue(field)])) as ContactInput;
}

/** The input type of each kind of text, so phones get a phone keyboard and URLs a URL one. */
const INPUT_TYPES: Partial<Record<ContactFieldDefinition['type'], string>> = { email: 'email', phone: 'tel', url: 'url' };

const ROWS = modalRows(CONTACT_FIELDS);
const FIRST_FIELD = ROWS[0]?.[0]?.name;

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

  /** A field's control: the tag picker, a list for an enumeration, else a text input (email the one required). */
  const control = (field: ContactField) => {
    const { name, label } = field;
    if (field.type === 'tags') {
      return (
        <TagPicker
          key={name}
          value={tagsField.field.value ?? []}
          onChange={tagsField.field.onChange}
          options={tags}
          loading={tagsLoading}
          error={errors.tags?.message ?? errors.tags?.root?.message}
        />
      );
    }
    if (field.type === 'enum') {
      const labels: Readonly<Record<string, string>> = field.labels;
      return (
        <Field key={name} label={label} error={errors[name]?.message}>
          <Select {...form.register(name)}>
            {field.values.map((value) => (
              <option key={value} value={value}>
                {labels[value]}
              </option>
            ))}
          </Select>
        </Field>
      );
    }
    const required = field.type === 'email';
    return (
      <Field
        key={name}
        label={
          required ? (
            <>
              {label} <span aria-hidden className="text-red-600">*</span>
            </>
          ) : (
            label
          )
        }
        error={errors[name]?.message}
      >
        <Input
          type={INPUT_TYPES[field.type]}
          required={required}
          autoComplete="off"
          placeholder={'placeholder' in field ? field.placeholder : undefined}
          autoFocus={name === FIRST_FIELD}
          {...form.register(name)}
        />
      </Field>
    );
  };

  const urlParameters = Object.entries(contact?.url_parameters ?? {});

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={contact ? 'Edit Contact' : 'Add Contact'}
      className="sm:max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={contact ? 'Edit Contact' : 'Add Contact'}>
        {ROWS.map((row) =>
          row.length === 1 ? (
            control(row[0]!)
          ) : (
            <div key={row[0]!.name} className="grid gap-4 sm:grid-cols-2">
              {row.map(control)}
            </div>
          ),
        )}
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
