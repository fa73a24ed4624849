import { CheckCircle2, XCircle } from 'lucide-react';
import type { ConnectionResult } from '@shared/kit/api.ts';

/** How a connection test went: the Kit account, or "HTTP {status}: {statusText}". */
export function ConnectionLine({ result }: { result: ConnectionResult }) {
  return result.ok ? (
    <p role="status" className="flex items-start gap-2 text-sm text-emerald-700">
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Connection OK: {result.account.name} ({result.account.email})
      </span>
    </p>
  ) : (
    <p role="alert" className="flex items-start gap-2 text-sm text-red-700">
      <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">Connection failed: {result.error}</span>
    </p>
  );
}
