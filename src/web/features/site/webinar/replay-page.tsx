import { ExternalLink, FileText } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { ReplayContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { Brand } from '@web/features/site/layout/brand.tsx';
import { ShortGermanFooter } from '@web/features/site/layout/footers.tsx';
import { BookingWidget } from '@web/features/site/media/booking-widget.tsx';
import { YoutubeVideo } from '@web/features/site/media/youtube-video.tsx';
import { BackToWebinar } from './back-to-webinar.tsx';

/** The replay of the 23.09.2025 webinar: video, booking widget, three PDFs, the AI assistants. */
export default function ReplayPage() {
  const t = useContent<ReplayContent>('replay');
  const { media, links } = useSiteSettings();
  usePageMeta(t.meta);
  const downloads = [
    { label: t.downloads.transcript, href: media.downloads.transcript },
    { label: t.downloads.chat, href: media.downloads.chat },
    { label: t.downloads.summary, href: media.downloads.summary },
  ];
  return (
    <>
      <header className="border-b border-gray-100 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" className="bg-gray-50 pb-16">
        <section className="mx-auto max-w-4xl px-4 pt-12 pb-8 text-center sm:px-6">
          <p className="inline-flex rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white">{t.badge}</p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">{t.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-gray-600">{t.intro}</p>
        </section>
        <div className="mx-auto max-w-4xl space-y-10 px-4 sm:px-6">
          <YoutubeVideo videoId={media.replayVideoId} title={t.video.title} />

          <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
            <h2 className="text-xl font-bold text-gray-900">{t.downloads.title}</h2>
            <p className="mt-2 text-gray-600">{t.downloads.text}</p>
            <ul className="mt-5 grid gap-3 sm:grid-cols-3">
              {downloads.map((d) => (
                <li key={d.href}>
                  <a
                    href={d.href}
                    download
                    className="flex items-center gap-3 rounded-xl border border-gray-200 p-4 font-medium text-gray-900 hover:border-brand-500 hover:bg-brand-50"
                  >
                    <FileText className="size-6 shrink-0 text-brand-600" aria-hidden />
                    <span>
                      {d.label}
                      <span className="block text-xs font-normal text-gray-500">{t.downloads.format}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>

          <section>
            <h2 className="text-center text-2xl font-bold text-gray-900">{t.booking.title}</h2>
            <p className="mx-auto mt-2 mb-6 max-w-2xl text-center text-gray-600">{t.booking.text}</p>
            <BookingWidget calendar="implementationSession" title={t.booking.title} fallback={t.booking.fallback} />
          </section>

          <section className="rounded-2xl bg-gray-950 p-6 text-white sm:p-8">
            <h2 className="text-xl font-bold">{t.assistants.title}</h2>
            <p className="mt-2 text-gray-300">{t.assistants.text}</p>
            <a href={links.aiAssistants} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary', className: 'mt-5' })}>
                {t.assistants.button}
                <ExternalLink aria-hidden />
              </a>
          </section>

          <BackToWebinar label={t.back} />
        </div>
      </main>
      <ShortGermanFooter />
    </>
  );
}
