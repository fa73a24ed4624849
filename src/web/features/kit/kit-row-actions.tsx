import { useMutation } from '@tanstack/react-query';
import { Send, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { checkFailedMessage, KIT_MESSAGES } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError, notifyInfo, notifySuccess } from '@web/lib/notify.tsx';
import { checkContactInKit, isKeyMissing } from './kit-api.ts';
import { SyncModal } from './sync-modal.tsx';

export interface KitRowContact {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  tags: string[];
  kit_id: number | null;
}

/** A contact row's Kit actions: "Check in Kit" (finds the subscriber by email) and "Sync to Kit" (the sync modal). */
export function KitRowActions({ contact, onChanged }: { contact: KitRowContact; onChanged: () => void }) {
  const [syncing, setSyncing] = useState(false);
  const check = useMutation({
    mutationFn: () => checkContactInKit(contact.id),
    onSuccess: ({ kit_id }) => {
      if (kit_id === null) notifyInfo('Kit', `${contact.email} is not a Kit subscriber.`);
      else notifySuccess(`${contact.email} is in Kit (Kit ID ${kit_id}).`);
      onChanged();
    },
    onError: (error) => notifyError(isKeyMissing(error) ? KIT_MESSAGES.keyMissingAlert : checkFailedMessage(error.message)),
  });

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Check in Kit"
        title="Check in Kit"
        disabled={check.isPending}
        onClick={() => check.mutate()}
      >
        {check.isPending ? <Spinner className="size-4" /> : <UserSearch aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon" aria-label="Sync to Kit" title="Sync to Kit" onClick={() => setSyncing(true)}>
        <Send aria-hidden />
      </Button>
      <SyncModal contact={contact} open={syncing} onClose={() => setSyncing(false)} onSynced={onChanged} />
    </>
  );
}
