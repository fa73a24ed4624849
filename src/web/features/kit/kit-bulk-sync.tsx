import { RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import type { ContactSelectionInput } from '@shared/contacts/bulk.ts';
import { bulkSyncSkippedMessage, KIT_MESSAGES } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { FormError } from '@web/components/ui/form-error.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { followBatch } from './active-batch.ts';
import { formatNumber } from './format.ts';
import { isKeyMissing, startSyncBatch, useBatchPreview, useKitTags } from './kit-api.ts';
import { initialTagSelection, TagPicker } from './tag-picker.tsx';

/**
 * The contacts screen's bulk action: "Sync N to Kit" opens a tag picker whose "Sync Selected"
 * queues the selected contacts on the server (paced under Kit's rate limit, retried on failure).
 * The batch's progress is then followed by KitSyncProgress, which stays on screen after the
 * selection is gone and after a reload.
 */
export function KitBulkSync({
  selection,
  count,
  capped,
  clearSelection,
}: {
  selection: ContactSelectionInput;
  count: number;
  capped: boolean;
  clearSelection: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  // "3", "all 12,345", "all 1,000+": all that match the view, counted by the server when the sync starts.
  const figure = `${selection.kind === 'matching' ? 'all ' : ''}${formatNumber(count)}${capped ? '+' : ''}`;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Send aria-hidden /> Sync {figure} to Kit
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Sync ${figure} ${count === 1 && !capped ? 'contact' : 'contacts'} to Kit`}
        description="Each contact becomes a Kit subscriber with the tags you pick. The sync runs in the background."
      >
        {open ? (
          <PickTags
            selection={selection}
            onCancel={() => setOpen(false)}
            onStarted={(batchId) => {
              setOpen(false);
              followBatch(batchId);
              clearSelection();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function PickTags({
  selection,
  onCancel,
  onStarted,
}: {
  selection: ContactSelectionInput;
  onCancel: () => void;
  onStarted: (batchId: string) => void;
}) {
  const tags = useKitTags();
  const preview = useBatchPreview(selection);
  const [selected, setSelected] = useState(initialTagSelection);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (tags.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-gray-600">
        <Spinner /> Loading Kit tags...
      </div>
    );
  }
  if (tags.isError) {
    return (
      <div role="alert" className="space-y-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{isKeyMissing(tags.error) ? KIT_MESSAGES.keyMissingAlert : KIT_MESSAGES.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => void tags.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      onStarted((await startSyncBatch(selection, [...selected])).batch_id);
    } catch (e) {
      setError(isKeyMissing(e) ? KIT_MESSAGES.keyMissingAlert : (e as Error).message || KIT_MESSAGES.syncFailed);
      setStarting(false);
    }
  };

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <TagPicker tags={tags.data} selected={selected} onChange={setSelected} />
      {preview.data && preview.data.skipped > 0 ? (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {bulkSyncSkippedMessage(preview.data.skipped)}
        </p>
      ) : null}
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={starting}>
          Cancel
        </Button>
        <Button type="submit" disabled={starting}>
          {starting ? <Spinner className="size-4 text-white" /> : null} Sync Selected
        </Button>
      </div>
    </form>
  );
}
