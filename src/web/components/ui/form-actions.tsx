import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/**
 * A dialog form's footer: Cancel, and the submit button with its busy state. `disabled` blocks the
 * submit while the form says why next to the field concerned (e.g. a slug still being checked).
 */
export function FormActions({ onCancel, busy, submitLabel, disabled = false }: { onCancel: () => void; busy: boolean; submitLabel: string; disabled?: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? <Spinner className="size-4 text-white" /> : null}
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
