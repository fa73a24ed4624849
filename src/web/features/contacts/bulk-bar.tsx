import { Download, Eraser, Tag, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { BulkJob } from '@shared/contacts/bulk.ts';
import { ERASURE_MESSAGES } from '@shared/privacy/erasure.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { FormError } from '@web/components/ui/form-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError } from '@web/lib/notify.tsx';
import { downloadSelectionCsv, startBulkJob } from './bulk-api.ts';
import { targetText, type BulkTarget } from './bulk-selection.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import type { ContactView } from './contact-view.ts';
import type { ContactsKitSlots } from './kit-slots.ts';

type Open = null | 'tag' | 'untag' | 'delete' | 'erase';

/**
 * The actions on the selected contacts: add or remove a tag, export, delete, erase, and Kit's sync (a
 * slot). Tagging and deleting run on the server (in the background when there are many); `onJob`
 * gets the job as it starts, finished already when it was small.
 */
export function BulkBar({
  target,
  view,
  tagNames,
  kit,
  onJob,
  clearSelection,
}: {
  target: BulkTarget;
  view: ContactView;
  tagNames: string[];
  kit?: ContactsKitSlots;
  onJob: (job: BulkJob) => void;
  clearSelection: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const [exporting, setExporting] = useState(false);
  const KitBulk = kit?.BulkActions;
  const what = targetText(target);

  const exportSelection = () => {
    setExporting(true);
    downloadSelectionCsv({ selection: target.selection, sort: view.sort, order: view.order })
      .catch((error: unknown) => notifyError(M.exportFailed, error))
      .finally(() => setExporting(false));
  };
  const started = (job: BulkJob) => {
    setOpen(null);
    onJob(job);
  };

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen('tag')}>
        <Tag aria-hidden /> Add tag
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen('untag')}>
        <X aria-hidden /> Remove tag
      </Button>
      <Button size="sm" variant="secondary" onClick={exportSelection} disabled={exporting}>
        {exporting ? <Spinner className="size-4" /> : <Download aria-hidden />} Export selected
      </Button>
      <Button size="sm" variant="secondary" className="text-red-700" onClick={() => setOpen('delete')}>
        <Trash2 aria-hidden /> Delete selected
      </Button>
      <Button size="sm" variant="secondary" className="text-red-700" onClick={() => setOpen('erase')}>
        <Eraser aria-hidden /> Erase selected
      </Button>
      {KitBulk ? <KitBulk selection={target.selection} count={target.count} capped={target.capped} clearSelection={clearSelection} /> : null}

      <Dialog
        open={open === 'tag' || open === 'untag'}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open === 'untag' ? `Remove a tag from ${what}` : `Add a tag to ${what}`}
      >
        {open === 'tag' || open === 'untag' ? (
          <TagForm action={open} target={target} tagNames={tagNames} onCancel={() => setOpen(null)} onStarted={started} />
        ) : null}
      </Dialog>

      <Dialog
        open={open === 'delete'}
        onOpenChange={(next) => !next && setOpen(null)}
        title={`Delete ${what}?`}
        description={`Each contact is deleted with its timeline. This cannot be undone. ${ERASURE_MESSAGES.differsFromDelete}`}
      >
        {open === 'delete' ? <DeleteForm action="delete" target={target} onCancel={() => setOpen(null)} onStarted={started} /> : null}
      </Dialog>

      <Dialog
        open={open === 'erase'}
        onOpenChange={(next) => !next && setOpen(null)}
        title={`Erase ${what}?`}
        description={`${ERASURE_MESSAGES.bulkConfirmBody} ${ERASURE_MESSAGES.differsFromDelete}`}
      >
        {open === 'erase' ? <DeleteForm action="erase" target={target} onCancel={() => setOpen(null)} onStarted={started} /> : null}
      </Dialog>
    </>
  );
}

/** Starts a job from a dialog's form: a pending state, and the server's error kept on screen. */
function useStart(onStarted: (job: BulkJob) => void) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async (request: Parameters<typeof startBulkJob>[0]) => {
    setStarting(true);
    setError(null);
    try {
      onStarted(await startBulkJob(request));
    } catch (e) {
      setError((e as Error).message || M.bulkFailed);
      setStarting(false);
    }
  };
  return { starting, error, start };
}

function TagForm({
  action,
  target,
  tagNames,
  onCancel,
  onStarted,
}: {
  action: 'tag' | 'untag';
  target: BulkTarget;
  tagNames: string[];
  onCancel: () => void;
  onStarted: (job: BulkJob) => void;
}) {
  const [tag, setTag] = useState('');
  const { starting, error, start } = useStart(onStarted);
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start({ action, tag, selection: target.selection });
  };
  if (tagNames.length === 0) {
    return (
      <div className="space-y-5">
        <p className="text-sm text-gray-700">{M.noTags}</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form className="space-y-5" onSubmit={submit}>
      <div className="space-y-2">
        <Label htmlFor={fieldId}>Tag</Label>
        <Select id={fieldId} value={tag} required onChange={(e) => setTag(e.target.value)}>
          <option value="" disabled>
            Choose a tag
          </option>
          {tagNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={starting}>
          Cancel
        </Button>
        <Button type="submit" disabled={starting || !tag}>
          {starting ? <Spinner className="size-4 text-white" /> : null} {action === 'tag' ? 'Add tag' : 'Remove tag'}
        </Button>
      </div>
    </form>
  );
}

function DeleteForm({
  action,
  target,
  onCancel,
  onStarted,
}: {
  action: 'delete' | 'erase';
  target: BulkTarget;
  onCancel: () => void;
  onStarted: (job: BulkJob) => void;
}) {
  const { starting, error, start } = useStart(onStarted);
  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void start({ action, selection: target.selection });
      }}
    >
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={starting}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={starting}>
          {starting ? <Spinner className="size-4 text-white" /> : null} {action === 'erase' ? 'Erase' : 'Delete'} {targetText(target)}
        </Button>
      </div>
    </form>
  );
}
