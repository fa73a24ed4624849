import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { CookiePolicyContent } from '@web/features/site/content/types.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';
import { ContentPage, LegalSections } from '@web/features/site/layout/content-page.tsx';

/** What the site stores and loads, and a way to change the cookie choice (last updated February 2025). */
export default function CookiePolicyPage() {
  const t = useContent<CookiePolicyContent>('cookiePolicy');
  usePageMeta(t.meta);
  return (
    <ContentPage>
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 text-sm font-medium text-gray-500">{t.lastUpdated}</p>
      <p className="mt-6 text-lg leading-relaxed text-gray-700">{t.intro}</p>
      <LegalSections sections={t.sections} />
      <section className="mt-10">
        <h2 className="text-xl font-semibold text-gray-900">{t.table.title}</h2>
        {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
        <div tabIndex={0} role="region" aria-label={t.table.title} className="mt-4 overflow-x-auto rounded-xl border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
            <thead className="bg-gray-50">
              <tr>
                {t.table.headers.map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-semibold text-gray-900">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 bg-white">
              {t.table.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, i) => (
                    <td key={i} className={`px-4 py-3 align-top ${i === 0 ? 'font-mono text-xs text-gray-900' : 'text-gray-700'}`}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="mt-10 rounded-2xl bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-gray-900">{t.settings.title}</h2>
        <p className="mt-2 text-gray-700">{t.settings.text}</p>
        {/* The stored choice lives in the browser: the consent island fills this in and keeps it current. */}
        <p hidden className="mt-3 text-sm text-gray-700">
          {t.settings.current}{' '}
          <strong {...{ [A.consentCurrent]: '' }} data-accepted={t.settings.accepted} data-declined={t.settings.declined} data-none={t.settings.none} />
        </p>
        <button type="button" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })} {...{ [A.consentReset]: '' }}>
          {t.settings.button}
        </button>
      </section>
    </ContentPage>
  );
}
