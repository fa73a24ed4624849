import { FlaskConical, LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AB_SPLIT, AB_TEST_MESSAGES, significanceInWords, type AbTest, type AbVariant } from '@shared/landing-pages/ab-test.ts';
import type { LandingPageSummary } from '@shared/landing-pages/api.ts';
import { builderPath } from '@shared/landing-pages/builder.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useEndAbTest, useStartAbTest } from './ab-test-api.ts';

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/** The card's line while a test runs: both rates and the verdict so far. */
export function abTestSummary(test: AbTest): string {
  return `A ${percent(test.a.rate)} · B ${percent(test.b.rate)} — ${significanceInWords(test.significance)}`;
}

/** Starts a test: the share of visitors for B, then a confirmation of what starting does. */
export function StartAbTestDialog({ page, open, onOpenChange }: { page: LandingPageSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [split, setSplit] = useState(String(AB_SPLIT.default));
  const start = useStartAbTest();
  const value = Number(split);
  const valid = Number.isInteger(value) && value >= AB_SPLIT.min && value <= AB_SPLIT.max;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`A/B test: ${page.title}`} description={valid ? AB_TEST_MESSAGES.startConfirm(value) : undefined}>
      <form
        className="mt-6 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          start.mutateAsync({ pageId: page.id, split: value }).then(
            () => {
              notifySuccess('A/B test started');
              onOpenChange(false);
            },
            (error: unknown) => notifyError('The A/B test could not be started', error),
          );
        }}
      >
        <Field label="Share of visitors who see B (%)" error={valid ? undefined : AB_TEST_MESSAGES.splitRange}>
          <Input type="number" inputMode="numeric" min={AB_SPLIT.min} max={AB_SPLIT.max} step={1} value={split} onChange={(e) => setSplit(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!valid || start.isPending}>
            {start.isPending ? <Spinner className="size-4" /> : <FlaskConical aria-hidden />} {AB_TEST_MESSAGES.start}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function VariantRow({ name, figures }: { name: string; figures: AbTest['a'] }) {
  return (
    <tr className="border-t border-gray-200">
      <th scope="row" className="py-2 pr-4 text-left font-medium text-gray-900">
        {name}
      </th>
      <td className="py-2 pr-4 text-right tabular-nums">{figures.views.toLocaleString('en')}</td>
      <td className="py-2 pr-4 text-right tabular-nums">{figures.signups.toLocaleString('en')}</td>
      <td className="py-2 text-right tabular-nums">{percent(figures.rate)}</td>
    </tr>
  );
}

/** Both variants' figures, the difference and its significance in words, and ending the test keeping one. */
export function AbTestResultsDialog({ page, test, open, onOpenChange }: { page: LandingPageSummary; test: AbTest; open: boolean; onOpenChange: (open: boolean) => void }) {
  const end = useEndAbTest();
  const keep = (variant: AbVariant) => {
    if (!window.confirm(AB_TEST_MESSAGES.keepConfirm(variant))) return;
    end.mutateAsync({ pageId: page.id, keep: variant }).then(
      () => {
        notifySuccess(`A/B test ended: ${variant.toUpperCase()} kept`);
        onOpenChange(false);
      },
      (error: unknown) => notifyError('The A/B test could not be ended', error),
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`A/B test results: ${page.title}`}
      description={`${test.split_percent} % of visitors see B. Figures since the test started.`}
    >
      <table className="mt-6 w-full text-sm text-gray-700">
        <thead>
          <tr className="text-xs text-gray-500">
            <th scope="col" className="pb-2 text-left font-medium">
              Variant
            </th>
            <th scope="col" className="pb-2 pr-4 text-right font-medium">
              Views
            </th>
            <th scope="col" className="pb-2 pr-4 text-right font-medium">
              Sign-ups
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Conversion
            </th>
          </tr>
        </thead>
        <tbody>
          <VariantRow name="A (original)" figures={test.a} />
          <VariantRow name="B (variant)" figures={test.b} />
        </tbody>
      </table>
      <p className="mt-4 rounded-lg bg-gray-50 px-3 py-2 text-sm font-medium text-gray-900" role="status">
        {significanceInWords(test.significance)}
      </p>
      <div className="mt-6 flex flex-wrap justify-between gap-2">
        <Button asChild variant="secondary">
          <Link to={builderPath(test.variant_page_id)}>
            <LayoutTemplate aria-hidden /> Edit B in the builder
          </Link>
        </Button>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={end.isPending} onClick={() => keep('a')}>
            Keep A
          </Button>
          <Button disabled={end.isPending} onClick={() => keep('b')}>
            {end.isPending ? <Spinner className="size-4" /> : null} Keep B
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
