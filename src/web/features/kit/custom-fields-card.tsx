import { Check, ListPlus, Plus } from 'lucide-react';
import { KIT_CUSTOM_FIELD_KEYS } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useCreateCustomFields } from './kit-api.ts';
import { KitCard, LoadError } from './kit-card.tsx';

/**
 * Kit stores the extra contact fields a sync sends only when custom fields with those keys exist
 * in the account: this creates the missing ones (the server skips those that exist).
 */
export function CustomFieldsCard() {
  const create = useCreateCustomFields();
  const result = create.data;
  const outcome = (key: string) => (result?.created.includes(key) ? 'created' : result?.existing.includes(key) ? 'existed' : null);

  return (
    <KitCard
      title="Custom Fields"
      icon={ListPlus}
      description="A sync sends these contact fields to Kit. Kit keeps them only if custom fields with these keys exist in your account."
    >
      <ul aria-label="Custom fields the CRM sends" className="flex flex-wrap gap-2">
        {KIT_CUSTOM_FIELD_KEYS.map((key) => {
          const state = outcome(key);
          return (
            <li key={key} className="inline-flex items-center gap-1.5 rounded-full border border-gray-200 bg-gray-50 px-2.5 py-1 font-mono text-xs text-gray-800">
              {state ? <Check aria-hidden className="size-3.5 text-emerald-600" /> : null}
              {key}
              {state ? <span className="font-sans text-gray-500">({state === 'created' ? 'created' : 'already in Kit'})</span> : null}
            </li>
          );
        })}
      </ul>
      {create.isError ? <LoadError message={create.error.message} /> : null}
      {result ? (
        <p role="status" className="text-sm text-emerald-700">
          {result.created.length > 0
            ? `Created ${result.created.length} custom ${result.created.length === 1 ? 'field' : 'fields'} in Kit.`
            : 'All custom fields already exist in Kit.'}
        </p>
      ) : null}
      {create.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner className="size-4" /> Creating custom fields in Kit...
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (r) => notifySuccess(r.created.length > 0 ? `Created in Kit: ${r.created.join(', ')}` : 'All custom fields already exist in Kit.'),
            onError: (error) => notifyError('Could not create the custom fields in Kit.', error),
          })
        }
      >
        {create.isPending ? <Spinner className="size-4" /> : <Plus aria-hidden />} Create Custom Fields in Kit
      </Button>
    </KitCard>
  );
}
