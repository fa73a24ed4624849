import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useKitForms, useSaveSignupForm, useSignupForms } from './consent-api.ts';

const NO_FORM = '';

/**
 * Double opt-in: per sign-up source, the Kit form its sign-ups join (Kit then emails its
 * confirmation, and the contact shows 'Waiting for confirmation' until Kit reports them active), or
 * none: added directly, as before. The forms are Kit's, read through the server.
 */
export function DoubleOptInCard() {
  const sources = useSignupForms();
  const kitForms = useKitForms();
  const save = useSaveSignupForm();

  const choose = (source: string, label: string, value: string) => {
    const form = kitForms.data?.find((f) => String(f.id) === value) ?? null;
    save.mutate(
      { source, kit_form: form ? { id: form.id, name: form.name } : null },
      {
        onSuccess: () => notifySuccess(form ? `${label}: sign-ups now join the Kit form “${form.name}”.` : `${label}: sign-ups are added directly.`),
        onError: (error) => notifyError(error instanceof ApiError ? error.message : 'The choice could not be saved. Please try again.'),
      },
    );
  };

  const kitProblem = kitForms.isError
    ? `Kit's forms could not be loaded: ${kitForms.error instanceof ApiError ? kitForms.error.message : 'Kit could not be reached.'}`
    : kitForms.data === null
      ? 'No Kit API key is saved: connect Kit on the Kit screen to choose a form.'
      : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Double opt-in</CardTitle>
        <p className="mt-1 text-sm text-gray-600">
          Choose a Kit form for a sign-up source: its sign-ups join that form, Kit emails them a confirmation, and they count as subscribed once they confirm.
        </p>
      </CardHeader>
      {sources.isPending || kitForms.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-gray-600">
          <Spinner className="size-5" /> Loading sign-up sources and Kit forms...
        </div>
      ) : sources.isError ? (
        <p role="alert" className="px-6 py-6 text-sm text-red-700">
          The sign-up sources could not be loaded.
        </p>
      ) : (
        <div className="space-y-4 px-6 pb-6">
          {kitProblem ? (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {kitProblem} Sign-ups are added directly until a form can be chosen.
            </p>
          ) : null}
          <ul className="space-y-3">
            {sources.data.map((s) => {
              const id = `kit-form-${s.source.replace(/[^a-z0-9]/gi, '-')}`;
              return (
                <li key={s.source} className="flex flex-wrap items-center justify-between gap-3">
                  <label htmlFor={id} className="text-sm font-medium text-gray-900">
                    {s.label}
                  </label>
                  <Select
                    id={id}
                    className="w-full sm:w-72"
                    value={s.kit_form ? String(s.kit_form.id) : NO_FORM}
                    disabled={kitProblem !== null || save.isPending}
                    onChange={(event) => choose(s.source, s.label, event.target.value)}
                  >
                    <option value={NO_FORM}>No form: add directly</option>
                    {s.kit_form && !kitForms.data?.some((f) => f.id === s.kit_form!.id) ? <option value={String(s.kit_form.id)}>{s.kit_form.name}</option> : null}
                    {(kitForms.data ?? []).map((f) => (
                      <option key={f.id} value={String(f.id)}>
                        {f.name}
                      </option>
                    ))}
                  </Select>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Card>
  );
}
