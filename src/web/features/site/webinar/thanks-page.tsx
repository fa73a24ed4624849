import { CalendarPlus, CheckCircle2, Download, ExternalLink, Gift, Sparkles } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { ThanksContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { Brand } from '@web/features/site/layout/brand.tsx';
import { ShortGermanFooter } from '@web/features/site/layout/footers.tsx';
import { YoutubeVideo } from '@web/features/site/media/youtube-video.tsx';
import { BackToWebinar } from './back-to-webinar.tsx';

/** How far along the registration is once the sign-up is done. */
const THANKS_PROGRESS_PERCENT = 80;

/** After the webinar sign-up: the video, add to calendar, the AI assistants with their credits, the bonus. */
export default function ThanksPage() {
  const t = useContent<ThanksContent>('thanks');
  const settings = useSiteSettings();
  usePageMeta(t.meta);
  return (
    <>
      <header className="border-b border-gray-100 bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" className="bg-gray-50 pb-16">
        <section className="bg-gradient-to-b from-green-50 to-gray-50">
          <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 text-center sm:px-6">
            <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden />
            <p className="mt-4 text-sm font-semibold tracking-widest text-green-700 uppercase">{t.badge}</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">{t.title}</h1>
            <p className="mt-4 text-lg leading-relaxed text-gray-600">{t.text}</p>
            <div className="mx-auto mt-8 max-w-md text-left">
              <div className="flex justify-between text-sm font-medium text-gray-700">
                <span id="progress-label">{t.progress.label}</span>
                <span>{THANKS_PROGRESS_PERCENT}%</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby="progress-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={THANKS_PROGRESS_PERCENT}
                className="mt-2 h-3 overflow-hidden rounded-full bg-gray-200"
              >
                <div className="h-full rounded-full bg-gradient-to-r from-green-500 to-green-600" style={{ width: `${THANKS_PROGRESS_PERCENT}%` }} />
              </div>
              <p className="mt-2 text-sm text-gray-600">{t.progress.hint}</p>
            </div>
          </div>
        </section>

        <div className="mx-auto max-w-3xl space-y-8 px-4 sm:px-6">
          <YoutubeVideo videoId={settings.media.thanksVideoId} title={t.video.title} />

          <Step number={1} title={t.step1.title}>
            <p className="text-gray-600">{t.step1.text}</p>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <a href={t.step1.googleCalendarUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg' })}>
                  <CalendarPlus aria-hidden />
                  {t.step1.google}
                </a>
              <a href={settings.webinarEvent.icsUrl} download className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
                  <Download aria-hidden />
                  {t.step1.ics}
                </a>
            </div>
          </Step>

          <Step number={2} title={t.step2.title}>
            <p className="text-gray-600">{t.step2.text}</p>
            <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
              <Sparkles className="size-4" aria-hidden />
              {t.step2.credits}
            </p>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              {t.step2.assistants.map((a) => (
                <li key={a.title} className="rounded-xl border border-gray-200 p-4">
                  <p className="font-semibold text-gray-900">{a.title}</p>
                  <p className="mt-1 text-sm text-gray-600">{a.description}</p>
                </li>
              ))}
            </ul>
            <div className="mt-5 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
              <p className="text-sm text-gray-700">
                {t.step2.couponLabel}{' '}
                <code className="rounded-md bg-gray-900 px-2 py-1 font-mono text-sm font-bold tracking-wider text-white">{settings.coupon}</code>
              </p>
              <a href={settings.links.coupon} target="_blank" rel="noopener noreferrer" className={buttonVariants({ className: 'sm:ml-auto' })}>
                  {t.step2.button}
                  <ExternalLink aria-hidden />
                </a>
            </div>
          </Step>

          <section className="flex gap-4 rounded-2xl border-2 border-dashed border-brand-500 bg-brand-50 p-6">
            <Gift className="size-8 shrink-0 text-brand-600" aria-hidden />
            <div>
              <h2 className="text-lg font-bold text-gray-900">{t.bonus.title}</h2>
              <p className="mt-1 text-gray-700">{t.bonus.text}</p>
            </div>
          </section>

          <BackToWebinar label={t.back} />
        </div>
      </main>
      <ShortGermanFooter />
    </>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
      <h2 className="flex items-center gap-3 text-xl font-bold text-gray-900">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-base text-white">{number}</span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
