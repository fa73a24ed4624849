import type { PendingInvite } from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';

/** Asks before revoking an invite, naming its address; Cancel is the safe default. */
export function RevokeInviteDialog({
  invite,
  busy,
  onConfirm,
  onClose,
}: {
  invite: PendingInvite;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Revoke the invite for ${invite.email}?`}
      description="The link stops working at once: nobody can create an account with it. You can invite them again later."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner className="size-4 text-white" /> : null}
          Revoke invite
        </Button>
      </div>
    </Dialog>
  );
}
