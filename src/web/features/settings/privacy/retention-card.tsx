import { RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { retentionRulesSchema, type RetentionRules, type RetentionState } from '@shared/privacy/retention.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { FormError } from '@web/components/ui/form-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifySuccess } from '@web/lib/notify.tsx';
import { useRetention, useSaveRetention } from './privacy-api.ts';

type Rule = keyof RetentionRules;
const RULES: Array<{ rule: Rule; label: string; unit: string; hint: string }> = [
  {
    rule: 'unconfirmed_days',
    label: 'Unconfirmed sign-ups',
    unit: 'days',
    hint: 'A contact that a double opt-in sign-up made and that never confirmed is erased, when nothing else happened to it: no other sign-up, import, edit or tag.',
  },
  { rule: 'page_view_months', label: 'Page-view figures', unit: 'months', hint: 'The landing pages’ daily view counts.' },
  {
    rule: 'job_history_days',
    label: 'Job history',
    unit: 'days',
    hint: 'Finished syncs to Kit, bulk actions, imports, processed deliveries from Kit and confirmed unsubscribes.',
  },
];

/** How long data is kept: a daily run deletes what is older, and the card shows its last run. */
export function RetentionCard() {
  const state = useRetention();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Retention</CardTitle>
        <p className="mt-1 text-sm text-gray-600">Every night at 03:30 UTC, what is older than these periods is deleted.</p>
      </CardHeader>
      <CardContent>
        {state.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="size-5" /> Loading retention...
          </div>
        ) : state.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-sm text-red-700">Failed to load the retention settings. Please try again.</p>
            <Button variant="secondary" onClick={() => state.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : (
          <RetentionForm state={state.data} />
        )}
      </CardContent>
    </Card>
  );
}

function RetentionForm({ state }: { state: RetentionState }) {
  const save = useSaveRetention();
  const [values, setValues] = useState(() => Object.fromEntries(RULES.map(({ rule }) => [rule, String(state.rules[rule] ?? '')])) as Record<Rule, string>);
  const [forever, setForever] = useState(() => Object.fromEntries(RULES.map(({ rule }) => [rule, state.rules[rule] === null])) as Record<Rule, boolean>);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rules = Object.fromEntries(RULES.map(({ rule }) => [rule, forever[rule] ? null : values[rule].trim() === '' ? Number.NaN : Number(values[rule])]));
    const checked = retentionRulesSchema.safeParse(rules);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => notifySuccess('Retention saved.'),
      onError: (error) => setErrors(error instanceof ApiError ? { ...error.fields, form: error.message } : { form: String(error) }),
    });
  };

  const last = state.last_run;
  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      {RULES.map(({ rule, label, unit, hint }) => (
        <div key={rule} className="space-y-2">
          <Field label={`${label}: ${unit} kept`} error={errors[rule]} hint={hint}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              className="max-w-40"
              value={forever[rule] ? '' : values[rule]}
              disabled={forever[rule]}
              onChange={(e) => setValues((v) => ({ ...v, [rule]: e.target.value }))}
            />
          </Field>
          <Checkbox label={`Keep ${label.toLowerCase()} forever`} checked={forever[rule]} onChange={(e) => setForever((f) => ({ ...f, [rule]: e.target.checked }))} />
        </div>
      ))}
      <FormError message={errors.form ?? null} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-600">
          {last ? (
            <>
              Last run <DateText value={last.at} format="datetime" />: deleted {last.deleted.unconfirmed_contacts} unconfirmed {last.deleted.unconfirmed_contacts === 1 ? 'contact' : 'contacts'},{' '}
              {last.deleted.page_view_days} page-view {last.deleted.page_view_days === 1 ? 'day' : 'days'}, {last.deleted.job_rows} job {last.deleted.job_rows === 1 ? 'record' : 'records'}.
            </>
          ) : (
            'Not run yet.'
          )}
        </p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-white" /> : null} Save retention
        </Button>
      </div>
    </form>
  );
}
