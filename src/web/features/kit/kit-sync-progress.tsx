import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, RefreshCw, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { KIT_MESSAGES } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { cn } from '@web/lib/cn.ts';
import { queryKeys } from '@web/lib/query-keys.ts';
import { showBatchDetails, stopFollowingBatch, useFollowedBatch } from './active-batch.ts';
import { formatNumber } from './format.ts';
import type { BatchProgress } from '@shared/kit/api.ts';
import { isKeyMissing } from './kit-api.ts';
import { useBatchProgress, useRetryBatch } from './use-batch-progress.ts';

const summary = (p: BatchProgress) =>
  p.finished
    ? p.failed > 0
      ? `Kit sync finished: ${formatNumber(p.done)} synced, ${formatNumber(p.failed)} failed`
      : `Kit sync finished: all ${formatNumber(p.done)} synced`
    : `Syncing to Kit: ${formatNumber(p.done + p.failed)} of ${formatNumber(p.total)}`;

/**
 * The bulk sync this browser follows (see active-batch.ts): a banner with its progress bar, and a
 * dialog with done / failed / total, each failure and a retry. Polls until the batch is over,
 * refreshing the screen's data as contacts reach Kit.
 */
export function KitSyncProgress() {
  const { batchId, showDetails, startedHere } = useFollowedBatch();
  return batchId ? <Followed key={batchId} batchId={batchId} showDetails={showDetails} startedHere={startedHere} /> : null;
}

function Followed({ batchId, showDetails, startedHere }: { batchId: string; showDetails: boolean; startedHere: boolean }) {
  const queryClient = useQueryClient();
  const progress = useBatchProgress(batchId);
  const data = progress.data;
  const unknown = progress.error instanceof ApiError && progress.error.status === 404;

  // A batch the server does not know (another database, cleaned up) is not followed any more.
  useEffect(() => {
    if (unknown) stopFollowingBatch();
  }, [unknown]);

  // Each contact handled changes its row's sync state; a batch that ends (also after a retry)
  // has changed the contacts themselves (their Kit IDs), so then the screen's other data is
  // refreshed too. The progress of a batch resumed after a reload is news only once it changes.
  const signature = data ? `${data.done}/${data.failed}/${data.finished}` : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!data || signature === seen.current) return;
    const firstLook = seen.current === null;
    seen.current = signature;
    if (firstLook && !startedHere) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.kit.syncStates });
    if (data.finished) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.kit.all[0] });
  }, [signature, data, startedHere, queryClient]);

  if (!data) return null;
  return (
    <>
      <section
        aria-label="Kit sync progress"
        className={cn(
          'mb-6 flex flex-col gap-3 rounded-xl border bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center',
          data.failed > 0 ? 'border-red-200' : 'border-brand-200',
        )}
      >
        <div className="min-w-0 flex-1 space-y-2">
          <p className="flex items-center gap-2 text-sm font-medium text-gray-900" aria-live="polite">
            <StatusIcon progress={data} />
            {summary(data)}
          </p>
          <ProgressBar value={data.done} failed={data.failed} max={data.total} label="Kit sync" />
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => showBatchDetails(true)}>
            Details
          </Button>
          {data.finished ? (
            <Button variant="ghost" size="icon" className="size-8" aria-label="Dismiss Kit sync progress" onClick={stopFollowingBatch}>
              <X aria-hidden />
            </Button>
          ) : null}
        </div>
      </section>
      <Dialog open={showDetails} onOpenChange={showBatchDetails} title="Sync to Kit">
        <Details batchId={batchId} progress={data} />
      </Dialog>
    </>
  );
}

function StatusIcon({ progress }: { progress: BatchProgress }) {
  if (!progress.finished) return <Spinner className="size-4" />;
  return progress.failed > 0 ? (
    <AlertCircle aria-hidden className="size-4 shrink-0 text-red-600" />
  ) : (
    <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" />
  );
}

/** Done / failed / total, each failure as "Failed to sync {email}: {message}", and a retry of the failed ones. */
function Details({ batchId, progress }: { batchId: string; progress: BatchProgress }) {
  const retry = useRetryBatch(batchId);
  const hiddenFailures = progress.failed - progress.failures.length;
  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm font-medium text-gray-900">
          <StatusIcon progress={progress} />
          {summary(progress)}
        </p>
        <ProgressBar value={progress.done} failed={progress.failed} max={progress.total} label="Kit sync progress" />
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          <Count label="Done" value={progress.done} className="text-brand-700" />
          <Count label="Failed" value={progress.failed} className={progress.failed > 0 ? 'text-red-700' : 'text-gray-900'} />
          <Count label="Total" value={progress.total} className="text-gray-900" />
        </dl>
      </div>

      {progress.failures.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-gray-900">Failed syncs</h3>
          <ul aria-label="Failed syncs" className="max-h-48 space-y-1.5 overflow-y-auto rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {progress.failures.map((f) => (
              <li key={f.contact_id} className="break-words">
                {f.message}
              </li>
            ))}
          </ul>
          {hiddenFailures > 0 ? <p className="text-xs text-gray-500">and {formatNumber(hiddenFailures)} more</p> : null}
        </div>
      ) : null}
      {retry.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {isKeyMissing(retry.error) ? KIT_MESSAGES.keyMissingAlert : retry.error.message}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {progress.failed > 0 ? (
          <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate()}>
            {retry.isPending ? <Spinner className="size-4" /> : <RefreshCw aria-hidden />} Retry
          </Button>
        ) : null}
        <Button onClick={() => showBatchDetails(false)}>{progress.finished ? 'Done' : 'Keep running in background'}</Button>
      </div>
    </div>
  );
}

function Count({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className="rounded-lg bg-gray-50 px-2 py-2">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', className)}>{formatNumber(value)}</dd>
    </div>
  );
}
