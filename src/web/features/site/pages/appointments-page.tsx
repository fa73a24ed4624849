import { CheckCircle2 } from 'lucide-react';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { AppointmentsContent } from '@web/features/site/content/types.ts';
import { ContentPage } from '@web/features/site/layout/content-page.tsx';
import { BookingWidget } from '@web/features/site/media/booking-widget.tsx';

/** Book a 20-minute conversation: what to expect, and the booking widget. */
export default function AppointmentsPage() {
  const t = useContent<AppointmentsContent>('appointments');
  usePageMeta(t.meta);
  return (
    <ContentPage wide>
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">{t.eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-gray-600">{t.text}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {t.expectations.map((e) => (
          <li key={e.title} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
            <CheckCircle2 className="size-5 text-brand-600" aria-hidden />
            <h2 className="mt-3 font-semibold text-gray-900">{e.title}</h2>
            <p className="mt-1 text-sm leading-relaxed text-gray-600">{e.description}</p>
          </li>
        ))}
      </ul>
      <section className="mt-10">
        <h2 className="sr-only">{t.widgetTitle}</h2>
        <BookingWidget calendar="booking" title={t.widgetTitle} fallback={t.fallback} />
      </section>
    </ContentPage>
  );
}
