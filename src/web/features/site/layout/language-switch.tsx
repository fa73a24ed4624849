import { Languages } from 'lucide-react';
import { clsx } from 'clsx';
import { LANGUAGE_QUERY } from '@shared/site/languages.ts';
import { useContent, useLanguage, type SiteLanguage } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';

const OPTIONS: SiteLanguage[] = ['en', 'de'];

/**
 * Floats at the top right of every page but the webinar page. Plain links that work without a
 * script: the server stores the choice in the language cookie and sends the same page again in that
 * language (src/server/spa/site-pages.ts); the consent island adds the address's other parameters.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const { languageSwitch: t } = useContent<CommonContent>('common');
  return (
    <div
      role="group"
      aria-label={t.label}
      className="language-switch fixed top-3 right-3 z-30 flex items-center gap-1 rounded-full border border-gray-200 bg-white/90 p-1 shadow-lg backdrop-blur sm:top-4 sm:right-4"
    >
      <Languages className="mx-1 size-4 text-gray-500" aria-hidden />
      {OPTIONS.map((option) => (
        <a
          key={option}
          href={`?${LANGUAGE_QUERY}=${option}`}
          {...{ [A.languageLink]: option }}
          hrefLang={option}
          lang={option}
          aria-current={language === option ? 'true' : undefined}
          // The visible code, then the language's own name: the name holds what is seen (label in name, WCAG 2.5.3).
          aria-label={`${option.toUpperCase()} ${t[option]}`}
          className={clsx(
            'min-w-10 rounded-full px-3 py-1.5 text-center text-xs font-semibold uppercase tracking-wide transition-colors',
            language === option ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100',
          )}
        >
          {option}
        </a>
      ))}
    </div>
  );
}
