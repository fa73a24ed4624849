import { LANDING_PAGE_MESSAGES, type LandingPage } from '@shared/landing-pages/api.ts';
import { SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';

/** 'This page was changed at {time} by {name}': the save that came in between, as stored now. */
const changedMessage = (current: LandingPage) =>
  LANDING_PAGE_MESSAGES.pageChanged(current.updated_at.toLocaleString(), current.updated_by?.email ?? null);

/**
 * A save was refused because someone (another tab, another user) saved the page since this editor
 * loaded it. The user picks whose work stays: theirs (Reload) or this editor's (Overwrite).
 */
export function ConflictDialog({
  current,
  onReload,
  onOverwrite,
  onClose,
}: {
  current: LandingPage | null;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(next) => !next && onClose()}
      title={current ? changedMessage(current) : ''}
      description={SAFETY_MESSAGES.conflictHint}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onReload}>
          {SAFETY_MESSAGES.reloadLoseMine}
        </Button>
        <Button onClick={onOverwrite}>{SAFETY_MESSAGES.overwriteKeepMine}</Button>
      </div>
    </Dialog>
  );
}
