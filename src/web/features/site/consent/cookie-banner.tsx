import { Cookie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { SITE_ISLAND_ATTRIBUTES } from '@web/features/site/islands/attributes.ts';
import { acceptCookies, declineCookies, keepBannerSpace } from './consent-store.ts';
import { useConsent } from './use-consent.ts';

const A = SITE_ISLAND_ATTRIBUTES;

/**
 * The banner of the public page the app serves (React), shown until the visitor chooses. Accept stores "accepted"; Decline
 * stores "declined" and deletes the other cookies. Public pages carry the same markup from the
 * prerender, worked by their island.
 */
export function CookieBanner() {
  const consent = useConsent();
  const { ready } = useTranslation();
  if (consent !== null || !ready) return null;
  return <CookieBannerMarkup onAccept={acceptCookies} onDecline={declineCookies} />;
}

/**
 * Fixed at the bottom, first in the document so it is the first stop of Tab. The stylesheet shows it
 * only while <html data-consent="pending"> and keeps its height free below the page meanwhile.
 */
export function CookieBannerMarkup({ onAccept, onDecline }: { onAccept?: () => void; onDecline?: () => void }) {
  const { cookieBanner: t } = useContent<CommonContent>('common');
  return (
    <section
      ref={keepBannerSpace}
      aria-label={t.title}
      {...{ [A.banner]: '' }}
      className="cookie-banner fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl border border-gray-200 bg-white/95 p-4 shadow-xl backdrop-blur sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Cookie className="hidden size-8 shrink-0 text-brand-600 sm:block" aria-hidden />
        <p className="text-sm leading-relaxed text-gray-700">
          <strong className="font-semibold text-gray-900">{t.title}.</strong> {t.text}{' '}
          <a href="/cookie-policy" className="font-medium text-brand-700 underline underline-offset-2">
            {t.policyLink}
          </a>
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            {...{ [A.decline]: '' }}
            className={buttonVariants({ variant: 'secondary', className: 'flex-1 sm:flex-none' })}
            onClick={onDecline}
          >
            {t.decline}
          </button>
          <button type="button" {...{ [A.accept]: '' }} className={buttonVariants({ className: 'flex-1 sm:flex-none' })} onClick={onAccept}>
            {t.accept}
          </button>
        </div>
      </div>
    </section>
  );
}
