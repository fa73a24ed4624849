import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { BulkJob } from '@shared/contacts/bulk.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { cn } from '@web/lib/cn.ts';
import { useBulkJob } from './bulk-api.ts';
import { jobSummary } from './bulk-selection.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';

/**
 * A bulk job that runs in the background: its progress while it runs (polled), then what it did.
 * `onFinished` runs once when it ends (the screen reloads its contacts); the banner stays until
 * dismissed, so the outcome is read, not missed.
 */
export function BulkJobProgress({ jobId, onFinished, onDismiss }: { jobId: string; onFinished: (job: BulkJob) => void; onDismiss: () => void }) {
  const query = useBulkJob(jobId);
  const job = query.data;
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const reported = useRef(false);

  useEffect(() => {
    if (gone) onDismiss();
  }, [gone, onDismiss]);
  useEffect(() => {
    if (job && job.status !== 'running' && !reported.current) {
      reported.current = true;
      onFinished(job);
    }
  }, [job, onFinished]);

  if (!job) {
    return query.isError && !gone ? (
      <p role="alert" className="mb-4 text-sm text-red-700">
        {M.bulkProgressFailed}
      </p>
    ) : null;
  }
  const failed = job.status === 'failed';
  return (
    <section
      aria-label="Bulk action progress"
      className={cn('mb-4 flex flex-col gap-3 rounded-xl border bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center', failed ? 'border-red-200' : 'border-brand-200')}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <p className="flex items-center gap-2 text-sm font-medium text-gray-900" aria-live="polite">
          {job.status === 'running' ? (
            <Spinner className="size-4" />
          ) : failed ? (
            <AlertCircle aria-hidden className="size-4 shrink-0 text-red-600" />
          ) : (
            <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-600" />
          )}
          <span className="min-w-0 break-words">{jobSummary(job)}</span>
        </p>
        <ProgressBar value={job.done} max={job.total} label="Bulk action progress" />
      </div>
      {job.status === 'running' ? null : (
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      )}
    </section>
  );
}
