import { TriangleAlert } from 'lucide-react';

/** Shown when the form changed after generating: the link and file describe the old details. */
export function StaleNote() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      The details changed since this was generated. Click “Generate Calendar Link” again to update it.
    </p>
  );
}
