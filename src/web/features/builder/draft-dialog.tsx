import { SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import type { DraftOffer } from './draft-offer.ts';

/**
 * 'Restore unsaved changes from {time}?': work an earlier tab kept in this browser. Closing the
 * dialog decides nothing: the kept work stays until this editor keeps work of its own.
 */
export function DraftDialog({
  offer,
  lastSaved,
  onRestore,
  onDiscard,
  onDismiss,
}: {
  offer: DraftOffer | null;
  lastSaved: Date | null;
  onRestore: () => void;
  onDiscard: () => void;
  onDismiss: () => void;
}) {
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(next) => !next && onDismiss()}
      title={offer ? SAFETY_MESSAGES.draftOffer(offer.keptAt.toLocaleString()) : ''}
      description={offer?.olderThanSave && lastSaved ? SAFETY_MESSAGES.draftOlder(lastSaved.toLocaleString()) : undefined}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
        <Button onClick={onRestore}>Restore</Button>
      </div>
    </Dialog>
  );
}
