import { DownloadCloud } from 'lucide-react';
import { useRef, useState } from 'react';
import { KIT_IMPORT_MESSAGES, KIT_IMPORT_PHASE_LABELS, type KitImportJob } from '@shared/kit/import.ts';
import { ERASED_IMPORT_MESSAGES as E } from '@shared/privacy/erasure.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { FormError } from '@web/components/ui/form-error.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { formatNumber } from './format.ts';
import { useKitImport, useStartKitImport } from './kit-api.ts';
import { KitCard, LoadError, Loading } from './kit-card.tsx';

/**
 * "Import from Kit": takes in every subscriber the account has, as a background job on the server.
 * Starting asks first (it writes contacts); while it runs the card shows its phase, how many of how
 * many, and a pause on Kit's rate limit; at the end, its summary. Below, the last reconciliation
 * pass, which keeps the CRM right without webhooks.
 */
export function ImportCard() {
  const state = useKitImport();
  const start = useStartKitImport();
  const [confirming, setConfirming] = useState(false);
  // Asked again at each start: people erased before stay out unless chosen this time.
  const [includeErased, setIncludeErased] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const job = state.data?.import ?? null;
  const running = job?.status === 'running' || state.data?.reconciliation?.status === 'running';

  return (
    <KitCard
      title="Import from Kit"
      icon={DownloadCloud}
      description="Bring the subscribers you already have in Kit into the CRM, with their state, first name, custom fields and tags."
      actions={
        <Button
          ref={startButton}
          disabled={running || start.isPending || !state.data}
          onClick={() => {
            setIncludeErased(false);
            setConfirming(true);
          }}
        >
          <DownloadCloud aria-hidden /> Import from Kit
        </Button>
      }
    >
      {state.isPending ? <Loading text="Loading the last import..." /> : null}
      {state.isError ? <LoadError message={state.error.message} onRetry={() => void state.refetch()} /> : null}
      {state.data && !job ? <p className="text-sm text-gray-600">No import yet.</p> : null}
      {job ? <ImportProgress job={job} /> : null}
      {state.data?.reconciliation ? <LastPass pass={state.data.reconciliation} /> : null}

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) startButton.current?.focus();
        }}
        title="Import every subscriber from Kit?"
        description={KIT_IMPORT_MESSAGES.confirm}
      >
        <div className="mb-4 space-y-3">
          <label className="flex cursor-pointer gap-3 rounded-lg border border-gray-200 p-3 text-sm">
            <input
              type="checkbox"
              checked={includeErased}
              onChange={(event) => setIncludeErased(event.target.checked)}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-gray-900">{E.kitInclude}</span>
              <span className="text-gray-600">{E.kitIncludeHint}</span>
            </span>
          </label>
          <FormError message={start.isError ? start.error.message : null} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={start.isPending}>
            Cancel
          </Button>
          <Button
            disabled={start.isPending}
            onClick={() =>
              start.mutate({ include_erased: includeErased }, {
                onSuccess: () => {
                  setConfirming(false);
                  startButton.current?.focus();
                },
              })
            }
          >
            {start.isPending ? <Spinner className="size-4 text-white" /> : null} Start import
          </Button>
        </div>
      </Dialog>
    </KitCard>
  );
}

function ImportProgress({ job }: { job: KitImportJob }) {
  // The server clears it once the pause is over (the job's heartbeat).
  const paused = job.paused_until !== null;
  if (job.status === 'running') {
    return (
      <div role="status" aria-live="polite" className="space-y-2 text-sm text-gray-700">
        <p className="flex items-center gap-2 font-medium">
          <Spinner className="size-4" /> {KIT_IMPORT_PHASE_LABELS[job.phase]}
          {job.total !== null ? `: ${formatNumber(job.done)} of ${formatNumber(job.total)}` : ''}
        </p>
        {job.total !== null ? <ProgressBar value={job.done} max={Math.max(job.total, 1)} label="Subscribers imported" /> : null}
        {paused ? <p className="text-amber-800">Paused on Kit&apos;s rate limit; it goes on by itself.</p> : null}
      </div>
    );
  }
  return (
    <div className="space-y-3 text-sm">
      {job.status === 'failed' ? <LoadError message={`The import failed: ${job.error ?? 'unknown error'}`} /> : null}
      <p className="text-gray-700">
        {job.status === 'done' ? 'Last import finished' : 'Last import stopped'}{' '}
        {job.finished_at ? <DateText value={job.finished_at} format="datetime" /> : null}
      </p>
      <Summary job={job} label="Import summary" />
    </div>
  );
}

function Summary({ job, label }: { job: KitImportJob; label: string }) {
  const figures: Array<[string, number]> = [
    ['Created', job.created],
    ['Updated', job.updated],
    ['Unchanged', job.unchanged],
    ['Skipped', job.skipped],
  ];
  return (
    <>
      <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2">
            <dt className="text-xs text-gray-600">{name}</dt>
            <dd className="text-lg font-semibold text-gray-900">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {job.erased > 0 ? <p className="text-sm text-gray-700">{E.skipped(job.erased)}.</p> : null}
      {job.skipped_items.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-gray-700">Skipped subscribers and why</summary>
          <ul className="mt-2 max-h-48 space-y-1 overflow-auto">
            {job.skipped_items.map((item, i) => (
              <li key={i} className="break-words text-gray-700">
                <span className="font-medium">{item.email || '(no email)'}</span>: {item.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function LastPass({ pass }: { pass: KitImportJob }) {
  return (
    <div className="space-y-2 border-t border-gray-200 pt-4 text-sm">
      <p className="text-gray-700">
        Last reconciliation pass{' '}
        {pass.status === 'running' ? 'running now' : <DateText value={pass.finished_at ?? pass.started_at} format="datetime" />}
        {pass.status === 'failed' ? `: failed (${pass.error ?? 'unknown error'})` : ''}
      </p>
      {pass.status === 'done' ? <Summary job={pass} label="Last reconciliation pass" /> : null}
    </div>
  );
}
