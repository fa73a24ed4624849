import { VIEWER_MESSAGES, type LeadOutcome } from '../../shared/landing-pages/viewer.ts';

/**
 * Where a form's result is announced: filled by the server after a plain POST, or by the form island.
 * The colour follows data-outcome, so the page's CSS holds both colours whichever the server rendered.
 */
export function LeadStatus({ outcome }: { outcome?: LeadOutcome }) {
  return (
    <p data-lead-status data-outcome={outcome} role="status" aria-live="polite" className="text-sm font-medium text-emerald-700 data-[outcome=error]:text-red-700">
      {outcome === 'ok' ? VIEWER_MESSAGES.submitSucceeded : outcome === 'error' ? VIEWER_MESSAGES.submitFailed : null}
    </p>
  );
}

/** After a form was sent without JavaScript (a plain POST and a redirect back): its result, atop the page. */
export function LeadOutcomeBanner({ outcome }: { outcome: LeadOutcome }) {
  return (
    <div role={outcome === 'ok' ? 'status' : 'alert'} className={outcome === 'ok' ? 'bg-emerald-50 px-4 py-3 text-center font-medium text-emerald-800' : 'bg-red-50 px-4 py-3 text-center font-medium text-red-800'}>
      {outcome === 'ok' ? VIEWER_MESSAGES.submitSucceeded : VIEWER_MESSAGES.submitFailed}
    </div>
  );
}
