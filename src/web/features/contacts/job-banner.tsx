import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { cn } from '@web/lib/cn.ts';

interface BackgroundJob {
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
}

/**
 * On the contacts screen, a job that runs in the background (a bulk action, an import): its progress
 * while it runs (the query polls), then its outcome, kept until dismissed so it is read, not missed.
 * `onFinished` runs once when it ends (the screen reloads its contacts); a job the server no longer
 * knows is dismissed. `actions` are the job's own buttons, shown beside Dismiss once it has ended.
 */
export function JobBanner<Job extends BackgroundJob>({
  query,
  label,
  summary,
  loadFailed,
  onFinished,
  onDismiss,
  actions,
}: {
  query: UseQueryResult<Job>;
  label: string;
  summary: (job: Job) => string;
  loadFailed: string;
  onFinished: (job: Job) => void;
  onDismiss: () => void;
  actions?: (job: Job) => ReactNode;
}) {
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
        {loadFailed}
      </p>
    ) : null;
  }
  const running = job.status === 'running';
  const failed = job.status === 'failed';
  return (
    <section
      aria-label={label}
      className={cn('mb-4 flex flex-col gap-3 rounded-xl border bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center', failed ? 'border-red-200' : 'border-brand-200')}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <p className="flex items-center gap-2 text-sm font-medium text-gray-900" aria-live="polite">
          {running ? (
            <Spinner className="size-4" />
          ) : failed ? (
            <AlertCircle aria-hidden className="size-4 shrink-0 text-red-600" />
          ) : (
            <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-600" />
          )}
          <span className="min-w-0 break-words">{summary(job)}</span>
        </p>
        <ProgressBar value={job.done} max={job.total} label={label} />
      </div>
      <div className="flex gap-2">
        {actions?.(job)}
        {running ? null : (
          <Button variant="secondary" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
    </section>
  );
}
