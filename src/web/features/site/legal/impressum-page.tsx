import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { ImpressumContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { ContentPage, LegalSections } from '@web/features/site/layout/content-page.tsx';

/** The legal notice; the legal details themselves come from public/content/site.json. */
export default function ImpressumPage() {
  const t = useContent<ImpressumContent>('impressum');
  const { legal } = useSiteSettings();
  usePageMeta(t.meta);
  // Empty details (e.g. no register entry for a sole trader) are left out.
  const rows = [
    { label: t.representedBy, value: legal.representative },
    { label: t.phone, value: legal.phone, href: `tel:${legal.phone.replace(/[^+\d]/g, '')}` },
    { label: t.email, value: legal.email, href: `mailto:${legal.email}` },
    { label: t.register, value: legal.register },
    { label: t.vatId, value: legal.vatId },
  ].filter((row) => row.value);
  return (
    <ContentPage>
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{t.title}</h1>
      <section className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 className="text-sm font-semibold tracking-widest text-brand-600 uppercase">{t.provider}</h2>
        <address className="mt-3 leading-relaxed text-gray-900 not-italic">
          <strong>{legal.company}</strong>
          <br />
          {legal.street}
          <br />
          {legal.postalCode} {legal.city}
          <br />
          {legal.country}
        </address>
        <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-medium text-gray-600">{row.label}</dt>
              <dd className="text-gray-900">
                {row.href ? (
                  <a href={row.href} className="text-brand-700 underline underline-offset-2">
                    {row.value}
                  </a>
                ) : (
                  row.value
                )}
              </dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-8 text-sm font-semibold tracking-widest text-brand-600 uppercase">{t.responsible}</h2>
        <p className="mt-2 whitespace-pre-line text-gray-900">{legal.responsible}</p>
      </section>
      <LegalSections sections={t.sections} />
    </ContentPage>
  );
}
