import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { DEFAULT_TAG_COLOR, TAG_MESSAGES, tagFormSchema, type TagDto, type TagInput, type TagValues } from '@shared/tags/api.ts';
import { FormActions } from '@web/components/ui/form-actions.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useSaveTag } from './tags-api.ts';

const FIELDS = ['name', 'description', 'color', 'kit_tag_name', 'kit_tag_id'] as const;
type TagField = (typeof FIELDS)[number];
const isTagField = (name: string): name is TagField => (FIELDS as readonly string[]).includes(name);

function initialValues(tag: TagDto | null): TagInput {
  return {
    name: tag?.name ?? '',
    description: tag?.description ?? '',
    color: tag?.color ?? DEFAULT_TAG_COLOR,
    kit_tag_name: tag?.kit_tag_name ?? '',
    kit_tag_id: tag?.kit_tag_id === null || tag?.kit_tag_id === undefined ? '' : String(tag.kit_tag_id),
  };
}

/**
 * Create or edit a tag with the shared rules (a Kit tag ID must be a number). A name that is
 * already taken comes back from the server onto the name field; any other failure is
 * "Failed to save tag. Please try again."
 */
export function TagModal({ tag, onClose }: { tag: TagDto | null; onClose: () => void }) {
  const save = useSaveTag();
  const form = useForm<TagInput, unknown, TagValues>({ resolver: zodResolver(tagFormSchema), defaultValues: initialValues(tag) });
  const errors = form.formState.errors;
  const color = useWatch({ control: form.control, name: 'color' }) || DEFAULT_TAG_COLOR;

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync({ id: tag?.id ?? null, values }).then(
      () => {
        notifySuccess(tag ? 'Tag updated' : 'Tag created');
        onClose();
      },
      (error: unknown) => {
      const fields = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => isTagField(name)) : [];
      if (fields.length === 0) return notifyError(TAG_MESSAGES.saveFailed, error);
      fields.forEach(([name, message], i) => form.setError(name as TagField, { message }, { shouldFocus: i === 0 }));
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={tag ? 'Edit Tag' : 'Create Tag'}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={tag ? 'Edit Tag' : 'Create Tag'}>
        <Field label="Name" error={errors.name?.message}>
          <Input required autoComplete="off" placeholder="e.g. newsletter" {...form.register('name')} />
        </Field>
        <div className="flex items-end gap-3">
          <Field label="Color" error={errors.color?.message}>
            <Input type="color" className="h-10 w-16 cursor-pointer p-1" {...form.register('color')} />
          </Field>
          <span aria-hidden className="pb-2.5 font-mono text-sm text-gray-600 uppercase">
            {color}
          </span>
        </div>
        <Field label="Description" error={errors.description?.message}>
          <Textarea placeholder="What this tag means" {...form.register('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Kit tag name" error={errors.kit_tag_name?.message} hint="The tag’s name in Kit">
            <Input autoComplete="off" {...form.register('kit_tag_name')} />
          </Field>
          <Field label="Kit tag ID" error={errors.kit_tag_id?.message} hint="A number, from Kit">
            <Input inputMode="numeric" autoComplete="off" {...form.register('kit_tag_id')} />
          </Field>
        </div>
        <FormActions onCancel={onClose} busy={save.isPending} submitLabel={tag ? 'Update Tag' : 'Create Tag'} />
      </form>
    </Dialog>
  );
}
