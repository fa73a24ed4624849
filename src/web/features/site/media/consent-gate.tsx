import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { SITE_ISLAND_ATTRIBUTES } from '@web/features/site/islands/attributes.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';

const A = SITE_ISLAND_ATTRIBUTES;

/**
 * Third-party content (video, booking) loads only after cookie consent. Until then a placeholder of
 * the same size says what would load, with a button that gives consent; the embed itself waits in a
 * <template>, which the browser parses but never loads.
 */
export function ConsentGate({ title, text, className, children }: { title: string; text: string; className?: string; children: ReactNode }) {
  const { consent: t } = useContent<CommonContent>('common');
  return (
    <div {...{ [A.consentGate]: '' }} className="contents">
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
        <button type="button" {...{ [A.accept]: '' }} className={buttonVariants({ variant: 'secondary' })}>
          {t.accept}
        </button>
      </div>
      <template>{children}</template>
    </div>
  );
}
