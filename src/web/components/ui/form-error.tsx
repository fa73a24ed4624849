import { AlertCircle } from 'lucide-react';

/** A dialog form's failure from the server, kept in view above its buttons (nothing when there is none). */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{message}</span>
    </p>
  ) : null;
}
