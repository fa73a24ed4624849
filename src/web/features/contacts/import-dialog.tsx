import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { autoMapColumns, IMPORT_FILE_NAME_MAX, type ImportDuplicatePolicy, type ImportErasedPolicy, type ImportMapping } from '@shared/contacts/csv.ts';
import type { ImportJob } from '@shared/contacts/import-job.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError } from '@web/lib/notify.tsx';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { useImportContacts, useImportErasedCount, useImportJob, useRefreshContacts } from './contacts-api.ts';
import type { CsvFile } from './csv-file.ts';
import { useCheckSummary } from './import-checks.ts';
import { ImportFileStep } from './import-file-step.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportProgressView } from './import-progress.tsx';
import { ImportReportView } from './import-report.tsx';
import { ImportReviewStep } from './import-review-step.tsx';

/** The last step shows the import: its progress while it runs, then its report. */
type Step = 'file' | 'map' | 'review' | 'import';

/** Nothing to check before step 3. */
const NO_ROWS: ReadonlyArray<Record<string, string>> = [];

const DESCRIPTIONS: Record<Exclude<Step, 'import'>, string> = {
  file: 'Step 1 of 3: choose a CSV file.',
  map: 'Step 2 of 3: match the file’s columns to contact fields.',
  review: 'Step 3 of 3: check the rows and choose what happens to existing contacts.',
};
const IMPORT_DESCRIPTIONS: Record<ImportJob['status'], string> = {
  running: 'The import is running.',
  done: 'The import is finished.',
  failed: 'The import stopped.',
};

/** Only the mapped columns travel to the server: less to send, and nothing it would ignore anyway. */
function mappedRows(file: CsvFile, mapping: Partial<ImportMapping>) {
  const headers = [...new Set(Object.values(mapping).filter((h): h is string => Boolean(h)))];
  return file.rows.map((row) => Object.fromEntries(headers.map((h) => [h, row[h] ?? ''])));
}

/**
 * Imports contacts from a CSV file: read and checked in the browser with the server's own rules, then
 * sent in one request. The server imports a batch of rows per transaction: a small file comes back
 * imported, a larger one shows its progress here, and goes on if the dialog is closed (the screen
 * follows it: `followed`, kept across reloads). Opened while an import is followed, the dialog shows
 * that import; once its report has been shown, it is no longer followed. Closing and reopening
 * otherwise starts over; a failed request keeps the file, mapping and choice on screen.
 */
export function ImportDialog({
  open,
  onClose,
  tagNames,
  followed,
  onFollow,
}: {
  open: boolean;
  onClose: () => void;
  tagNames: string[];
  /** The import the contacts screen follows, if any. */
  followed: string | null;
  onFollow: (jobId: string | null) => void;
}) {
  const importContacts = useImportContacts();
  // While the rows are on their way the dialog stays, so the import has somewhere to appear.
  const close = () => !importContacts.isPending && onClose();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()} title="Import Contacts" className="sm:max-w-4xl">
      {open ? <ImportFlow onClose={close} tagNames={tagNames} importContacts={importContacts} followed={followed} onFollow={onFollow} /> : null}
    </Dialog>
  );
}

function ImportFlow({
  onClose,
  tagNames,
  importContacts,
  followed,
  onFollow,
}: {
  onClose: () => void;
  tagNames: string[];
  importContacts: ReturnType<typeof useImportContacts>;
  followed: string | null;
  onFollow: (jobId: string | null) => void;
}) {
  const [step, setStep] = useState<Step>(followed ? 'import' : 'file');
  const [file, setFile] = useState<CsvFile | null>(null);
  const [mapping, setMapping] = useState<Partial<ImportMapping>>({});
  const [policy, setPolicy] = useState<ImportDuplicatePolicy>('skip');
  const [erasedPolicy, setErasedPolicy] = useState<ImportErasedPolicy>('skip');
  const [jobId, setJobId] = useState<string | null>(followed);
  const knownTags = useMemo(() => new Set(tagNames), [tagNames]);
  // Counted here, for the Import button: it names the rows that will be imported, not every row of the file.
  const summary = useCheckSummary(step === 'review' && file ? file.rows : NO_ROWS, mapping, knownTags);
  // Once every row is checked, the server counts the people erased before among the ready rows.
  const erased = useImportErasedCount(step === 'review' && summary.checked === summary.total && summary.emails.length > 0 ? summary.emails : null);
  const checking = summary.checked < summary.total || erased.isLoading;
  const job = useImportJob(step === 'import' ? jobId : null, importContacts.data).data;
  const refresh = useRefreshContacts();

  // An import that ends while shown here has been seen: the screen stops following it, and shows its contacts.
  const ended = job !== undefined && job.status !== 'running';
  useEffect(() => {
    if (!ended) return;
    if (followed === jobId) {
      onFollow(null);
      void refresh();
    }
  }, [ended, followed, jobId, onFollow, refresh]);

  const start = () => {
    if (!file || !mapping.email) return;
    importContacts.mutate(
      {
        rows: mappedRows(file, mapping),
        mapping: mapping as ImportMapping,
        on_duplicate: policy,
        // Brought back only when the owner saw the warning and chose so.
        on_erased: erased.data ? erasedPolicy : 'skip',
        file_name: file.name.slice(0, IMPORT_FILE_NAME_MAX),
      },
      {
        onSuccess: (started) => {
          setJobId(started.id);
          if (started.status === 'running') onFollow(started.id);
          setStep('import');
        },
        onError: (error) => notifyError(M.importFailed, error),
      },
    );
  };
  const startOver = () => {
    setFile(null);
    setJobId(null);
    if (followed) onFollow(null);
    setStep('file');
  };
  const busy = importContacts.isPending;
  const rows = summary.ready;

  return (
    <div className="space-y-6">
      <p className="-mt-3 text-sm text-gray-600">{step === 'import' ? (job ? IMPORT_DESCRIPTIONS[job.status] : '') : DESCRIPTIONS[step]}</p>
      {step === 'file' ? (
        <ImportFileStep
          onRead={(read) => {
            setFile(read);
            setMapping(autoMapColumns(read.headers));
            setStep('map');
          }}
        />
      ) : null}
      {step === 'map' && file ? <ImportMappingStep file={file} mapping={mapping} onChange={setMapping} /> : null}
      {step === 'review' && file ? (
        <ImportReviewStep
          file={file}
          mapping={mapping}
          knownTags={knownTags}
          policy={policy}
          onPolicy={setPolicy}
          summary={summary}
          erased={{ count: erased.data ?? 0, failed: erased.isError }}
          erasedPolicy={erasedPolicy}
          onErasedPolicy={setErasedPolicy}
        />
      ) : null}
      {step === 'import' ? (
        job?.report ? (
          <ImportReportView report={job.report} />
        ) : job ? (
          <ImportProgressView job={job} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="size-4" /> Loading the import...
          </p>
        )
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          {step === 'map' || step === 'review' ? (
            <Button variant="ghost" disabled={busy} onClick={() => setStep(step === 'map' ? 'file' : 'map')}>
              <ArrowLeft aria-hidden /> Back
            </Button>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step === 'import' ? (
            ended ? (
              <>
                <Button variant="secondary" onClick={startOver}>
                  Import another file
                </Button>
                <Button onClick={onClose}>Done</Button>
              </>
            ) : (
              <Button onClick={onClose}>Continue in background</Button>
            )
          ) : (
            <>
              <Button variant="secondary" disabled={busy} onClick={onClose}>
                Cancel
              </Button>
              {step === 'map' ? (
                <Button disabled={!mapping.email} onClick={() => setStep('review')}>
                  Review rows
                </Button>
              ) : null}
              {step === 'review' ? (
                <Button disabled={busy || checking || rows === 0} onClick={start}>
                  {busy || checking ? <Spinner className="size-4 text-white" /> : null}
                  {checking
                    ? 'Checking rows...'
                    : busy
                      ? `Importing ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}...`
                      : `Import ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`}
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
