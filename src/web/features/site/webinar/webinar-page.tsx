import { AlertTriangle, ArrowRight, CalendarDays, CheckCircle2, Clock, Gift, Globe, Ticket } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent, useLanguage } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { CommonContent, WebinarContent, WebinarPageContent } from '@web/features/site/content/types.ts';
import { useSiteSettings, useWebinarContent, webinarContentPath } from '@web/features/site/content/site-store.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';
import { Brand } from '@web/features/site/layout/brand.tsx';
import { ShortGermanFooter } from '@web/features/site/layout/footers.tsx';
import { YoutubeVideo } from '@web/features/site/media/youtube-video.tsx';
import { Section } from '@web/features/site/sections/section.tsx';
import { SignupDialog } from '@web/features/site/signup/signup-dialog.tsx';
import { WebinarEventData } from './webinar-event-data.tsx';

const SIGNUP_DIALOG_ID = 'webinar-signup';
const SIGNUP_HASH = '#signup';
const WEBINAR_THANKS_PATH = '/webinar-danke';

/**
 * The free webinar's sign-up page, rendered from the webinar content file at build time (its island
 * checks the file on each visit). The sign-up modal opens whenever the address ends in #signup, and
 * closing it removes the hash.
 */
export default function WebinarPage() {
  const page = useContent<WebinarPageContent>('webinar');
  const { signup: common } = useContent<CommonContent>('common');
  usePageMeta(page.meta);
  const language = useLanguage();
  const content = useWebinarContent(language);
  const signupLink = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <a href={SIGNUP_HASH} className={buttonVariants({ size: 'lg', variant })}>
      {label}
      <ArrowRight aria-hidden />
    </a>
  );
  const t = content.modal;

  return (
    <>
      <WebinarEventData />
      <div {...{ [A.webinarContent]: webinarContentPath(language) }}>
        <header className="border-b border-gray-100 bg-white">
          <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6 lg:px-8">
            <Brand />
          </div>
        </header>
        <main id="main">
          <Hero content={content.hero} page={page} signup={signupLink(content.hero.ctaButton)} />
          <Bonus t={page.bonus} />
          <Problems t={content.problems} />
          <Section title={content.targetAudience.title} tone="muted">
            <CheckList items={content.targetAudience.items} />
          </Section>
          <Section title={content.benefits.title} tone="white">
            <CheckList items={content.benefits.items} />
          </Section>
          <section className="bg-gradient-to-br from-brand-700 to-brand-900 py-16 text-center text-white sm:py-20">
            <div className="mx-auto max-w-3xl px-4 sm:px-6">
              <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{content.cta.title}</h2>
              <div className="mt-8">{signupLink(content.cta.button, 'secondary')}</div>
              <p className="mt-4 text-sm text-brand-100">{content.cta.details}</p>
            </div>
          </section>
          <Founder t={page.founder} />
        </main>
        <ShortGermanFooter />
      </div>
      <main role="alert" hidden className="flex min-h-screen flex-col items-center justify-center gap-3 bg-gray-50 px-4 text-center" {...{ [A.webinarError]: '' }}>
        <AlertTriangle className="size-10 text-amber-500" aria-hidden />
        <h1 className="text-2xl font-semibold text-gray-900">{page.error.title}</h1>
        <p className="max-w-md text-gray-600">{page.error.hint}</p>
        <button type="button" className={buttonVariants({ className: 'mt-2' })}>
          {page.error.reload}
        </button>
      </main>
      <SignupDialog
        id={SIGNUP_DIALOG_ID}
        endpoint="webinar"
        hash={SIGNUP_HASH}
        done={WEBINAR_THANKS_PATH}
        texts={{
          title: t.title,
          description: t.description,
          close: common.close,
          fields: { full_name: t.form.name, email: t.form.email, phone: t.form.phone },
          optional: common.optional,
          submit: t.buttons.submit,
          submitting: t.buttons.loading,
          syncing: common.syncing,
          privacy: common.privacy,
        }}
        success={{ title: content.success.title, description: content.success.description, button: { label: content.success.button, href: WEBINAR_THANKS_PATH } }}
      />
    </>
  );
}

function Hero({ content, page, signup }: { content: WebinarContent['hero']; page: WebinarPageContent; signup: React.ReactNode }) {
  const { media } = useSiteSettings();
  const facts = [
    { icon: CalendarDays, text: page.event.date },
    { icon: Clock, text: page.event.time },
    { icon: Globe, text: page.event.place },
    { icon: Ticket, text: page.event.price },
  ];
  return (
    <section className="bg-[linear-gradient(to_bottom,var(--color-brand-50),white)]">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white">{content.badge}</p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl">{content.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-gray-600">{content.subtitle}</p>
          <p className="mt-4 border-l-4 border-brand-500 pl-4 font-medium text-gray-900">{content.highlightText}</p>
          <div className="mt-8">{signup}</div>
          <p className="mt-3 text-sm text-gray-500">{content.ctaDetails}</p>
        </div>
        <div>
          <YoutubeVideo videoId={media.webinarVideoId} title={page.video.title} />
          <ul className="mt-5 grid grid-cols-2 gap-3 text-sm text-gray-700">
            {facts.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2 rounded-xl bg-white px-3 py-2 shadow-sm ring-1 ring-gray-200">
                <Icon className="size-4 shrink-0 text-brand-600" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Bonus({ t }: { t: WebinarPageContent['bonus'] }) {
  return (
    <section className="bg-white py-12 sm:py-16">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl border-2 border-dashed border-brand-500 bg-brand-50 p-6 sm:p-10">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white">
              <Gift className="size-7" aria-hidden />
            </span>
            <div className="flex-1">
              <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{t.badge}</p>
              <h2 className="mt-1 text-2xl font-bold text-gray-900 sm:text-3xl">{t.title}</h2>
              <p className="mt-3 leading-relaxed text-gray-700">{t.description}</p>
              <ul className="mt-4 space-y-2">
                {t.items.map((item) => (
                  <li key={item} className="flex gap-2 text-gray-700">
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
              <p className="mt-6 flex flex-wrap items-baseline gap-3">
                <span className="text-lg text-gray-600 line-through">{t.regularPrice}</span>
                <span className="rounded-full bg-green-700 px-3 py-1 text-sm font-bold text-white">{t.todayPrice}</span>
              </p>
              <p className="mt-2 text-sm text-gray-600">{t.note}</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function Problems({ t }: { t: WebinarContent['problems'] }) {
  return (
    <Section title={t.title} tone="white">
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {t.items.map((item) => (
          <li key={item.title} className="rounded-2xl border border-gray-200 bg-gray-50 p-6">
            <h3 className="text-lg font-semibold text-gray-900">{item.title}</h3>
            <p className="mt-2 leading-relaxed text-gray-600">{item.description}</p>
          </li>
        ))}
      </ul>
      <div className="mx-auto mt-10 max-w-3xl rounded-2xl bg-gray-950 p-6 text-center text-white sm:p-8">
        <h3 className="text-xl font-bold">{t.summary.title}</h3>
        <p className="mt-2 leading-relaxed text-gray-300">{t.summary.description}</p>
      </div>
    </Section>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3 rounded-2xl bg-white p-5 text-gray-700 shadow-sm ring-1 ring-gray-200">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}

function Founder({ t }: { t: WebinarPageContent['founder'] }) {
  const { founder } = useSiteSettings();
  return (
    <Section tone="muted">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 sm:flex-row sm:items-start">
        <img
          src={founder.image}
          alt={t.imageAlt}
          width={200}
          height={233}
          loading="lazy"
          decoding="async"
          className="aspect-[6/7] w-40 shrink-0 rounded-3xl bg-brand-100 object-cover shadow-lg sm:w-48"
        />
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">{t.eyebrow}</p>
          <h2 className="mt-2 text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{t.title}</h2>
          {t.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-gray-600">
              {p}
            </p>
          ))}
        </div>
      </div>
    </Section>
  );
}
