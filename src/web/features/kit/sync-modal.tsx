import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, RefreshCw } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { KIT_MESSAGES, SYNC_SUCCESS_CLOSE_MS } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { FormError } from '@web/components/ui/form-error.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { queryKeys } from '@web/lib/query-keys.ts';
import type { SyncResult } from '@shared/kit/api.ts';
import { syncContactToKit, useCrmTags, useKitForms, useKitTags } from './kit-api.ts';
import { contactTagSelection, TagPicker } from './tag-picker.tsx';

export interface SyncModalContact {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** The contact's CRM tags: those linked to Kit are preselected. */
  tags: string[];
}

/**
 * "Sync to Kit" for one contact: loading Kit's forms and tags → ready (a tag
 * picker, via_mycrm and the contact's own Kit-linked tags preselected) → syncing → success; 2000 ms later (or when the person closes it
 * first) `onSynced` runs and the modal closes.
 */
export function SyncModal({ contact, open, onClose, onSynced }: { contact: SyncModalContact; open: boolean; onClose: () => void; onSynced: () => void }) {
  // Set once the sync succeeded: closing then runs the success callback, by the timer or by hand.
  const synced = useRef(false);
  const close = () => {
    if (synced.current) {
      synced.current = false;
      onSynced();
    }
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Sync to Kit"
      description={
        <>
          {[contact.first_name, contact.last_name].filter(Boolean).join(' ') || 'This contact'}{' '}
          <span className="font-medium text-gray-900">({contact.email})</span> becomes a Kit subscriber with the tags you pick.
        </>
      }
    >
      {/* Mounted only while open: every opening starts over with fresh provider data and the default tag. */}
      {open ? <SyncForm contactId={contact.id} contactTags={contact.tags} onClose={close} onSucceeded={() => (synced.current = true)} /> : null}
    </Dialog>
  );
}

type Phase = { name: 'ready' } | { name: 'syncing' } | { name: 'success'; result: SyncResult } | { name: 'error'; message: string };

function SyncForm({
  contactId,
  contactTags,
  onClose,
  onSucceeded,
}: {
  contactId: string;
  contactTags: string[];
  onClose: () => void;
  onSucceeded: () => void;
}) {
  const queryClient = useQueryClient();
  const forms = useKitForms();
  const tags = useKitTags();
  const crmTags = useCrmTags();
  // The contact's Kit tags until the person changes the selection (CRM tags unavailable: the default tag only).
  const preselected = contactTagSelection(contactTags, crmTags.data ?? []);
  const [changed, setSelected] = useState<Set<string> | null>(null);
  const selected = changed ?? preselected;
  const [phase, setPhase] = useState<Phase>({ name: 'ready' });
  const succeeded = phase.name === 'success';

  const closeLater = useEffectEvent(onClose);
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => closeLater(), SYNC_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const sync = async () => {
    setPhase({ name: 'syncing' });
    try {
      const result = await syncContactToKit(contactId, [...selected]);
      onSucceeded();
      setPhase({ name: 'success', result });
    } catch (error) {
      setPhase({ name: 'error', message: (error as Error).message || KIT_MESSAGES.syncFailed });
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.kit.syncState(contactId) });
    }
  };

  if (forms.isPending || tags.isPending || crmTags.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-gray-600">
        <Spinner /> Loading Kit forms and tags...
      </div>
    );
  }
  if (forms.isError || tags.isError) {
    return (
      <div role="alert" className="space-y-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="flex items-start gap-2">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {KIT_MESSAGES.loadFailed}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (forms.isError) void forms.refetch();
            if (tags.isError) void tags.refetch();
          }}
        >
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  if (phase.name === 'success') {
    return (
      <div role="status" className="space-y-1 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-800">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          {KIT_MESSAGES.syncSucceeded}
        </p>
        <p className="pl-7">Kit ID: {phase.result.kit_id}</p>
      </div>
    );
  }

  const syncing = phase.name === 'syncing';
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void sync();
      }}
    >
      <TagPicker tags={tags.data} offered={[...preselected]} selected={selected} onChange={setSelected} />
      <FormError message={phase.name === 'error' ? phase.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={syncing}>
          Cancel
        </Button>
        <Button type="submit" disabled={syncing}>
          {syncing ? (
            <>
              <Spinner className="text-white" /> Syncing...
            </>
          ) : (
            'Sync to Kit'
          )}
        </Button>
      </div>
    </form>
  );
}
