import { Languages } from 'lucide-react';
import { clsx } from 'clsx';
import { changeLanguage, useContent, useLanguage, type SiteLanguage } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';

const OPTIONS: SiteLanguage[] = ['en', 'de'];

/** Floats at the top right of every page but the webinar page; the choice is remembered. */
export function LanguageSwitch() {
  const language = useLanguage();
  const { languageSwitch: t } = useContent<CommonContent>('common');
  return (
    <div
      role="group"
      aria-label={t.label}
      className="fixed top-3 right-3 z-30 flex items-center gap-1 rounded-full border border-gray-200 bg-white/90 p-1 shadow-lg backdrop-blur sm:top-4 sm:right-4"
    >
      <Languages className="mx-1 size-4 text-gray-500" aria-hidden />
      {OPTIONS.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={language === option}
          // The visible code, then the language's own name: the name holds what is seen (label in name, WCAG 2.5.3).
          aria-label={`${option.toUpperCase()} ${t[option]}`}
          onClick={() => void changeLanguage(option)}
          className={clsx(
            'min-w-10 cursor-pointer rounded-full px-3 py-1.5 text-xs font-semibold uppercase tracking-wide transition-colors',
            language === option ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100',
          )}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
