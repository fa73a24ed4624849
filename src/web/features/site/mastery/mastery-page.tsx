import { ArrowRight, CalendarDays, CheckCircle2, Clock, Link2, PartyPopper, Sparkles, Users, Video, XCircle } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { CommonContent, MasteryContent } from '@web/features/site/content/types.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';
import { FullFooter } from '@web/features/site/layout/footers.tsx';
import { SiteHeader } from '@web/features/site/layout/site-header.tsx';
import { FounderStory } from '@web/features/site/sections/founder-story.tsx';
import { Section } from '@web/features/site/sections/section.tsx';
import { Testimonials } from '@web/features/site/sections/testimonials.tsx';
import { SignupDialog } from '@web/features/site/signup/signup-dialog.tsx';

const DIALOG_ID = 'waiting-list';
const JOINED_ID = 'waiting-list-joined';

const STEP_ICONS = [Sparkles, Link2, Users];
const COMPONENT_ICONS = [Video, Clock, Users, CalendarDays];

/**
 * The waiting list for Learning Ecosystem Mastery (cohort 3). Every call to action opens the
 * sign-up modal (the sign-up island); after joining, a confirmation replaces the page until the
 * visitor goes back.
 */
export default function MasteryPage() {
  const t = useContent<MasteryContent>('mastery');
  const { waitingList } = useContent<CommonContent>('common');
  usePageMeta(t.meta);
  const cta = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <button type="button" className={buttonVariants({ size: 'lg', variant })} {...{ [A.signupOpen]: DIALOG_ID }}>
      {label}
      <ArrowRight aria-hidden />
    </button>
  );

  return (
    <>
      <div className="bg-[linear-gradient(to_bottom,var(--color-brand-50),white_40rem)]">
        <SiteHeader />
        <main id="main" {...{ [A.signupPage]: '' }}>
          <section className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 sm:pb-24 lg:grid-cols-[3fr_2fr] lg:px-8">
            <div className="max-w-3xl">
              <p className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white">{t.hero.badge}</p>
              <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl xl:text-6xl">
                {t.hero.title} <span className="text-brand-600">{t.hero.highlight}</span>
              </h1>
              <p className="mt-6 max-w-2xl text-lg leading-relaxed text-gray-600 sm:text-xl">{t.hero.subtitle}</p>
              <ul className="mt-8 flex flex-wrap gap-2">
                {t.hero.facts.map((fact) => (
                  <li key={fact} className="rounded-full bg-white px-3 py-1.5 text-sm font-medium text-gray-800 shadow-sm ring-1 ring-gray-200">
                    {fact}
                  </li>
                ))}
              </ul>
              <div className="mt-8">{cta(t.hero.cta)}</div>
              <p className="mt-3 text-sm text-gray-500">{t.hero.note}</p>
            </div>
            <aside className="hidden rounded-3xl bg-gray-950 p-6 text-white shadow-xl lg:block">
              <p className="text-sm font-semibold text-brand-200">{t.hero.glanceTitle}</p>
              <ol className="mt-5 space-y-4">
                {t.path.steps.map((step, i) => (
                  <li key={step.title} className="flex items-center gap-4 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
                    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold">{i + 1}</span>
                    <div>
                      <p className="font-semibold">{step.title}</p>
                      <p className="text-sm text-gray-300">{step.weeks}</p>
                    </div>
                  </li>
                ))}
              </ol>
              <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
                {t.hero.glance.map((d) => (
                  <div key={d.label} className="rounded-xl bg-white/5 px-3 py-2 ring-1 ring-white/10">
                    <dt className="text-gray-400">{d.label}</dt>
                    <dd className="font-semibold">{d.value}</dd>
                  </div>
                ))}
              </dl>
            </aside>
          </section>

          <Section id="problem" eyebrow={t.problem.eyebrow} title={t.problem.title} subtitle={t.problem.intro} tone="white">
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
              {t.problem.items.map((item) => (
                <li key={item.title} className="rounded-2xl border border-gray-200 bg-gray-50 p-6">
                  <h3 className="text-lg font-semibold text-gray-900">{item.title}</h3>
                  <p className="mt-2 leading-relaxed text-gray-600">{item.description}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="audience" eyebrow={t.audience.eyebrow} title={t.audience.title} tone="muted">
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[3fr_2fr]">
              <ul className="space-y-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
                {t.audience.items.map((item) => (
                  <li key={item} className="flex gap-3 text-gray-700">
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
              <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
                <h3 className="font-semibold text-gray-900">{t.audience.notFor.title}</h3>
                <ul className="mt-4 space-y-3">
                  {t.audience.notFor.items.map((item) => (
                    <li key={item} className="flex gap-3 text-gray-600">
                      <XCircle className="mt-0.5 size-5 shrink-0 text-gray-400" aria-hidden />
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </Section>

          <Section id="path" eyebrow={t.path.eyebrow} title={t.path.title} subtitle={t.path.subtitle} tone="white">
            <ol className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              {t.path.steps.map((step, i) => {
                const Icon = STEP_ICONS[i % STEP_ICONS.length]!;
                return (
                  <li key={step.title} className="relative rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
                    <div className="flex items-center gap-3">
                      <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
                      <span className="text-sm font-semibold text-brand-700">{step.weeks}</span>
                      <Icon className="ml-auto size-6 text-brand-500" aria-hidden />
                    </div>
                    <h3 className="mt-5 text-xl font-bold text-gray-900">{step.title}</h3>
                    <p className="mt-2 leading-relaxed text-gray-700">{step.description}</p>
                    <ul className="mt-4 space-y-2 text-sm text-gray-700">
                      {step.outcomes.map((o) => (
                        <li key={o} className="flex gap-2">
                          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                          {o}
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ol>
          </Section>

          <Section id="program" eyebrow={t.program.eyebrow} title={t.program.title} subtitle={t.program.subtitle} tone="dark">
            <div className="grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {t.program.components.map((item, i) => {
                  const Icon = COMPONENT_ICONS[i % COMPONENT_ICONS.length]!;
                  return (
                    <li key={item.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                      <Icon className="size-6 text-brand-200" aria-hidden />
                      <h3 className="mt-3 text-lg font-semibold text-white">{item.title}</h3>
                      <p className="mt-1 text-sm leading-relaxed text-gray-300">{item.description}</p>
                    </li>
                  );
                })}
              </ul>
              <div className="rounded-2xl bg-white p-6 text-gray-900 sm:p-8">
                <dl className="divide-y divide-gray-100">
                  {t.program.details.map((d) => (
                    <div key={d.label} className="flex justify-between gap-4 py-3 text-sm">
                      <dt className="text-gray-600">{d.label}</dt>
                      <dd className="text-right font-semibold">{d.value}</dd>
                    </div>
                  ))}
                </dl>
                <div className="mt-6 [&>button]:w-full">{cta(t.program.cta)}</div>
              </div>
            </div>
          </Section>

          <Testimonials />
          <Founder t={t.founder} />

          <section className="bg-gradient-to-br from-brand-700 to-brand-900 py-16 text-center text-white sm:py-24">
            <div className="mx-auto max-w-3xl px-4 sm:px-6">
              <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t.closing.title}</h2>
              <p className="mt-4 text-lg leading-relaxed text-brand-100">{t.closing.text}</p>
              <div className="mt-8">{cta(t.closing.button, 'secondary')}</div>
              <p className="mt-4 text-sm text-brand-200">{t.closing.note}</p>
            </div>
          </section>
        </main>
        <Confirmation />
      </div>
      <FullFooter />
      <SignupDialog
        id={DIALOG_ID}
        endpoint="waiting-list"
        done={`#${JOINED_ID}`}
        texts={{
          title: waitingList.title,
          description: waitingList.description,
          close: waitingList.close,
          fields: { full_name: waitingList.fullName, email: waitingList.email, phone: waitingList.phone },
          optional: waitingList.phone.optional,
          submit: waitingList.submit,
          submitting: waitingList.joining,
          syncing: waitingList.syncing,
          privacy: waitingList.privacy,
        }}
      />
    </>
  );
}

function Founder({ t }: { t: MasteryContent['founder'] }) {
  return (
    <FounderStory id="founder" t={t}>
      <p className="mt-6 font-semibold text-gray-900">{t.signature}</p>
    </FounderStory>
  );
}

/** Shown by the sign-up island instead of the page once the visitor joined; its button goes back to the program. */
function Confirmation() {
  const { waitingList } = useContent<CommonContent>('common');
  const t = waitingList.confirmation;
  return (
    <main id={JOINED_ID} hidden className="flex min-h-[80vh] items-center bg-gradient-to-b from-brand-50 to-white px-4 py-20">
      <div role="status" className="mx-auto w-full max-w-xl rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-gray-200 sm:p-10">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <PartyPopper className="size-7" aria-hidden />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-widest text-brand-600 uppercase">{t.badge}</p>
        <h1 tabIndex={-1} className="mt-2 text-3xl font-bold tracking-tight text-gray-900">{t.title}</h1>
        <p className="mt-4 leading-relaxed text-gray-600">{t.text}</p>
        <ol className="mt-6 space-y-3 text-left">
          {t.steps.map((step, i) => (
            <li key={step} className="flex gap-3 text-gray-700">
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">{i + 1}</span>
              {step}
            </li>
          ))}
        </ol>
        <button type="button" className={buttonVariants({ size: 'lg', className: 'mt-8 w-full' })} {...{ [A.signupBack]: '' }}>
          {t.button}
        </button>
      </div>
    </main>
  );
}
