import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { Button } from '@web/components/ui/button.tsx';
import { BuilderDialog } from './builder-dialog.tsx';

/** Reload with unsaved changes asks first; Keep editing (or Escape) leaves everything as it is, focus back where it was. */
export function ReloadDialog({ open, onReload, onClose }: { open: boolean; onReload: () => void; onClose: () => void }) {
  return (
    <BuilderDialog open={open} onClose={onClose} title={BUILDER_MESSAGES.reloadUnsaved} description={BUILDER_MESSAGES.reloadUnsavedHint}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {BUILDER_MESSAGES.keepEditing}
        </Button>
        <Button variant="destructive" onClick={onReload}>
          {BUILDER_MESSAGES.reloadConfirm}
        </Button>
      </div>
    </BuilderDialog>
  );
}
