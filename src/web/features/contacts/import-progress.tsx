import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ImportJob } from '@shared/contacts/import-job.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { cn } from '@web/lib/cn.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { useImportJob } from './contacts-api.ts';
import { importJobSummary } from './import-job-summary.ts';
import { ImportFigures } from './import-report.tsx';

/** In the import dialog: how far a running import is and what it has done so far, or where it stopped. */
export function ImportProgressView({ job }: { job: ImportJob }) {
  const failed = job.status === 'failed';
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <p className={cn('flex items-center gap-2 text-sm font-medium', failed ? 'text-red-700' : 'text-gray-900')} role={failed ? 'alert' : undefined} aria-live="polite">
          {failed ? <AlertCircle aria-hidden className="size-4 shrink-0" /> : <Spinner className="size-4" />}
          <span className="min-w-0 break-words">{importJobSummary(job)}</span>
        </p>
        <ProgressBar value={job.done} max={job.total} label="Import progress" />
      </div>
      <ImportFigures label={failed ? 'Imported before it stopped' : 'Imported so far'} figures={job} />
      {failed ? null : <p className="text-sm text-gray-600">{M.importGoesOn}</p>}
    </div>
  );
}

/**
 * On the contacts screen, an import followed while its dialog is closed: its progress (polled), then
 * its outcome, kept until dismissed. `onFinished` runs once when it ends (the screen reloads its contacts).
 */
export function ImportJobBanner({
  jobId,
  onOpen,
  onFinished,
  onDismiss,
}: {
  jobId: string;
  onOpen: () => void;
  onFinished: () => void;
  onDismiss: () => void;
}) {
  const query = useImportJob(jobId);
  const job = query.data;
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const reported = useRef(false);

  useEffect(() => {
    if (gone) onDismiss();
  }, [gone, onDismiss]);
  useEffect(() => {
    if (job && job.status !== 'running' && !reported.current) {
      reported.current = true;
      onFinished();
    }
  }, [job, onFinished]);

  if (!job) {
    return query.isError && !gone ? (
      <p role="alert" className="mb-4 text-sm text-red-700">
        {M.importProgressFailed}
      </p>
    ) : null;
  }
  const failed = job.status === 'failed';
  return (
    <section
      aria-label="Import progress"
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
          <span className="min-w-0 break-words">{importJobSummary(job)}</span>
        </p>
        <ProgressBar value={job.done} max={job.total} label="Import progress" />
      </div>
      <div className="flex gap-2">
        {job.status === 'running' ? (
          <Button variant="secondary" size="sm" onClick={onOpen}>
            Show progress
          </Button>
        ) : (
          <>
            {job.status === 'done' ? (
              <Button variant="secondary" size="sm" onClick={onOpen}>
                View report
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
