import { AlertCircle } from 'lucide-react';
import type { ImportJob } from '@shared/contacts/import-job.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { useImportJob } from './contacts-api.ts';
import { importJobSummary } from './import-job-summary.ts';
import { ErasedSkipped, ImportFigures } from './import-report.tsx';
import { JobBanner } from './job-banner.tsx';

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
      <ErasedSkipped count={job.erased} />
      {failed ? null : <p className="text-sm text-gray-600">{M.importGoesOn}</p>}
    </div>
  );
}

/**
 * On the contacts screen, an import followed while its dialog is closed, until dismissed: "Show
 * progress" reopens the dialog while it runs, "View report" once it is done.
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
  return (
    <JobBanner
      query={useImportJob(jobId)}
      label="Import progress"
      summary={importJobSummary}
      loadFailed={M.importProgressFailed}
      onFinished={onFinished}
      onDismiss={onDismiss}
      actions={(job) =>
        job.status === 'failed' ? null : (
          <Button variant="secondary" size="sm" onClick={onOpen}>
            {job.status === 'running' ? 'Show progress' : 'View report'}
          </Button>
        )
      }
    />
  );
}
