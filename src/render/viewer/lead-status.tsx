import { VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';

/** Where a form's result is announced: filled by the server after a plain POST, or by the form island. */
export function LeadStatus({ outcome }: { outcome?: 'ok' | 'error' }) {
  return (
    <p data-lead-status role="status" aria-live="polite" className={outcome === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-emerald-700'}>
      {outcome === 'ok' ? VIEWER_MESSAGES.submitSucceeded : outcome === 'error' ? VIEWER_MESSAGES.submitFailed : null}
    </p>
  );
}
