import { Cookie } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { acceptCookies, declineCookies, useConsent } from './consent-store.ts';

/**
 * Shown until the visitor chooses. Accept stores "accepted"; Decline stores "declined" and deletes
 * the other cookies. Third-party embeds and the pixel wait for "accepted".
 */
export function CookieBanner() {
  const consent = useConsent();
  const { ready } = useTranslation('common');
  // undefined: not known before hydration; a stored choice: nothing to ask.
  if (consent !== null || !ready) return null;
  return <Banner />;
}

function Banner() {
  const { cookieBanner: t } = useContent<CommonContent>('common');
  return (
    <section
      aria-label={t.title}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl border border-gray-200 bg-white/95 p-4 shadow-xl backdrop-blur sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Cookie className="hidden size-8 shrink-0 text-brand-600 sm:block" aria-hidden />
        <p className="text-sm leading-relaxed text-gray-700">
          <strong className="font-semibold text-gray-900">{t.title}.</strong> {t.text}{' '}
          <Link to="/cookie-policy" className="font-medium text-brand-700 underline underline-offset-2">
            {t.policyLink}
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <button type="button" className={buttonVariants({ variant: 'secondary', className: 'flex-1 sm:flex-none' })} onClick={declineCookies}>
            {t.decline}
          </button>
          <button type="button" className={buttonVariants({ className: 'flex-1 sm:flex-none' })} onClick={acceptCookies}>
            {t.accept}
          </button>
        </div>
      </div>
    </section>
  );
}
