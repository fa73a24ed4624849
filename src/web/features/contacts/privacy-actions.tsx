import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Eraser } from 'lucide-react';
import { useState } from 'react';
import type { ContactDto } from '@shared/contacts/api.ts';
import { ERASURE_MESSAGES, PRIVACY_PATHS } from '@shared/privacy/erasure.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { FormError } from '@web/components/ui/form-error.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { post } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { queryKeys } from '@web/lib/query-keys.ts';

/**
 * A person's rights on their contact page: a copy of their data (one JSON file), and erasure after
 * a confirmation that names them and says it cannot be undone.
 */
export function PrivacyActions({ contact, name, onErased }: { contact: ContactDto; name: string; onErased: () => void }) {
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const erase = useMutation({
    mutationFn: () => post<void>(PRIVACY_PATHS.erase.path({ id: contact.id })),
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(ERASURE_MESSAGES.erased(name));
      // The page and its timeline are gone: not asked for again while the page leaves (the cache drops them later).
      const gone = (key: readonly unknown[]) => key.includes(contact.id);
      onErased();
      void client.invalidateQueries({ queryKey: queryKeys.contacts.all, predicate: (query) => !gone(query.queryKey) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });

  const exportData = () => {
    setExporting(true);
    downloadFile(PRIVACY_PATHS.personExport.path({ id: contact.id }), ERASURE_MESSAGES.exportFileName(contact.id))
      .catch((error: unknown) => notifyError('The data could not be exported. Please try again.', error))
      .finally(() => setExporting(false));
  };

  return (
    <>
      <Button variant="secondary" onClick={exportData} disabled={exporting}>
        {exporting ? <Spinner className="size-4" /> : <Download aria-hidden />} Export data
      </Button>
      <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
        <Eraser aria-hidden /> Erase
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!erase.isPending) setConfirming(open);
          if (!open) erase.reset();
        }}
        title={ERASURE_MESSAGES.confirmTitle(name)}
        description={ERASURE_MESSAGES.confirmBody}
      >
        <form
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            erase.mutate();
          }}
        >
          <p className="text-sm text-gray-600">{ERASURE_MESSAGES.differsFromDelete}</p>
          <FormError message={erase.error ? erase.error.message || 'The contact could not be erased.' : null} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={erase.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={erase.isPending}>
              {erase.isPending ? <Spinner className="size-4 text-white" /> : null} Erase permanently
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
