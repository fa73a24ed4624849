import { LP_CONSENT_VERSION_FIELD } from '../../shared/landing-pages/lead-form.ts';
import type { LpConsent } from '../render-context.ts';

/**
 * The consent statement next to a public form's submit button, and the version it is: the form
 * sends it back, so the sign-up records the words the person was shown.
 */
export function ConsentStatement({ consent }: { consent: LpConsent | undefined }) {
  if (!consent) return null;
  return (
    <>
      <p className="text-xs leading-relaxed text-gray-600" data-consent-statement>
        {consent.text}
      </p>
      <input type="hidden" name={LP_CONSENT_VERSION_FIELD} value={consent.version} />
    </>
  );
}
