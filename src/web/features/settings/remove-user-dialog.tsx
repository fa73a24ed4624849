import type { StaffUser } from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';

/** Asks before removing a user, naming them; removal signs them out at once. */
export function RemoveUserDialog({
  user,
  isYou,
  busy,
  onConfirm,
  onClose,
}: {
  user: StaffUser;
  isYou: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={isYou ? 'Remove your own account?' : `Remove ${user.email}?`}
      description={
        isYou
          ? `${user.email} is signed out at once, here and everywhere, and can no longer sign in.`
          : 'They are signed out at once, on every device, and can no longer sign in. Their contacts, pages and events stay.'
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner className="size-4 text-white" /> : null}
          {isYou ? 'Remove my account' : 'Remove user'}
        </Button>
      </div>
    </Dialog>
  );
}
