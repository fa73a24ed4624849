import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { acceptCookies, useConsent } from '@web/features/site/consent/consent-store.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';

/**
 * Third-party content (video, booking) loads only after cookie consent. Until then a placeholder of
 * the same size says what would load, with a button that gives consent.
 */
export function ConsentGate({
  title,
  text,
  className,
  children,
}: {
  title: string;
  text: string;
  className?: string;
  children: () => ReactNode;
}) {
  const consent = useConsent();
  const { consent: t } = useContent<CommonContent>('common');
  if (consent === 'accepted') return <>{children()}</>;
  return (
    <div
      className={clsx(
        'flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-gray-900 via-brand-900 to-gray-900 p-6 text-center text-white',
        className,
      )}
      data-consent-placeholder
    >
      <ShieldCheck className="size-8 text-brand-200" aria-hidden />
      <p className="text-base font-semibold">{title}</p>
      <p className="max-w-md text-sm text-gray-200">{text}</p>
      <button type="button" className={buttonVariants({ variant: 'secondary' })} onClick={acceptCookies}>
        {t.accept}
      </button>
    </div>
  );
}
