import type { BulkJob } from '@shared/contacts/bulk.ts';
import { useBulkJob } from './bulk-api.ts';
import { jobSummary } from './bulk-selection.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { JobBanner } from './job-banner.tsx';

/** A bulk action running in the background, followed on the contacts screen until dismissed. */
export function BulkJobProgress({ jobId, onFinished, onDismiss }: { jobId: string; onFinished: (job: BulkJob) => void; onDismiss: () => void }) {
  return (
    <JobBanner
      query={useBulkJob(jobId)}
      label="Bulk action progress"
      summary={jobSummary}
      loadFailed={M.bulkProgressFailed}
      onFinished={onFinished}
      onDismiss={onDismiss}
    />
  );
}
