import { ArrowRight, Brain, CalendarCheck, CheckCircle2, Compass, Layers, Network, Sparkles } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { HomeContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { FullFooter } from '@web/features/site/layout/footers.tsx';
import { SiteHeader } from '@web/features/site/layout/site-header.tsx';
import { FounderStory } from '@web/features/site/sections/founder-story.tsx';
import { Section } from '@web/features/site/sections/section.tsx';
import { Stats } from '@web/features/site/sections/stats.tsx';
import { Testimonials } from '@web/features/site/sections/testimonials.tsx';

const BENEFIT_ICONS = [Brain, Network, Sparkles, Layers, Compass, CalendarCheck];

/** Home: hero with the figures, about, programs, benefits, testimonials, final call to action. */
export default function HomePage() {
  const t = useContent<HomeContent>('home');
  usePageMeta(t.meta);
  return (
    <>
      <div className="bg-[linear-gradient(to_bottom,var(--color-brand-50),white_42rem)]">
        <SiteHeader />
        <main id="main">
          <Hero t={t.hero} />
          <About t={t.about} />
          <Programs t={t.programs} />
          <Section id="benefits" eyebrow={t.benefits.eyebrow} title={t.benefits.title} subtitle={t.benefits.subtitle} tone="muted">
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {t.benefits.items.map((item, i) => {
                const Icon = BENEFIT_ICONS[i % BENEFIT_ICONS.length]!;
                return (
                  <li key={item.title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
                    <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <h3 className="mt-4 text-lg font-semibold text-gray-900">{item.title}</h3>
                    <p className="mt-2 leading-relaxed text-gray-600">{item.description}</p>
                  </li>
                );
              })}
            </ul>
          </Section>
          <Testimonials tone="white" />
          <FinalCta t={t.finalCta} />
        </main>
      </div>
      <FullFooter />
    </>
  );
}

function Hero({ t }: { t: HomeContent['hero'] }) {
  return (
    <section className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 sm:pt-16 sm:pb-24 lg:px-8">
      <div className="grid grid-cols-1 items-center gap-12 lg:grid-cols-[3fr_2fr]">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Sparkles className="size-4" aria-hidden />
            {t.eyebrow}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl xl:text-6xl">
            {t.title} <span className="text-brand-600">{t.highlight}</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-gray-600 sm:text-xl">{t.subtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="/learning-ecosystem-mastery" className={buttonVariants({ size: 'lg' })}>
                {t.primaryCta}
                <ArrowRight aria-hidden />
              </a>
            <a href="/learning-ecosystem-webinar" className={buttonVariants({ size: 'lg', variant: 'secondary' })}>{t.secondaryCta}</a>
          </div>
          <p className="mt-4 text-sm text-gray-500">{t.note}</p>
        </div>
        <EcosystemPanel t={t.panel} />
      </div>
      <Stats className="mt-12 sm:mt-16" />
    </section>
  );
}

const PANEL_ICONS = [Sparkles, Network, Brain];

/** The method in three steps, beside the hero on wide screens. */
function EcosystemPanel({ t }: { t: HomeContent['hero']['panel'] }) {
  return (
    <aside className="hidden rounded-3xl bg-white p-6 shadow-xl ring-1 ring-brand-100 lg:block">
      <p className="text-sm font-semibold text-gray-900">{t.title}</p>
      <ol className="mt-5 space-y-5">
        {t.steps.map((step, i) => {
          const Icon = PANEL_ICONS[i % PANEL_ICONS.length]!;
          return (
            <li key={step.title} className="flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <p className="font-semibold text-gray-900">{step.title}</p>
                <p className="mt-0.5 text-sm leading-relaxed text-gray-600">{step.description}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="mt-6 rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">{t.footer}</p>
    </aside>
  );
}

function About({ t }: { t: HomeContent['about'] }) {
  return (
    <FounderStory id="about" t={t}>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {t.highlights.map((h) => (
          <li key={h} className="flex gap-2 text-gray-700">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            {h}
          </li>
        ))}
      </ul>
    </FounderStory>
  );
}

function Programs({ t }: { t: HomeContent['programs'] }) {
  const { links } = useSiteSettings();
  return (
    <Section id="programs" eyebrow={t.eyebrow} title={t.title} subtitle={t.subtitle} tone="brand">
      <ul className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {t.items.map((item, i) => {
          const href = item.href === 'booking' ? links.booking : item.href;
          const external = /^https?:/.test(href);
          const cta = buttonVariants({ variant: i === 0 ? 'primary' : 'secondary', className: 'mt-6' });
          return (
            <li
              key={item.title}
              className={`flex flex-col rounded-2xl p-6 shadow-sm ring-1 sm:p-8 ${i === 0 ? 'bg-gray-950 text-white ring-gray-900' : 'bg-white ring-gray-200'}`}
            >
              <p className={`text-xs font-semibold tracking-widest uppercase ${i === 0 ? 'text-brand-200' : 'text-brand-600'}`}>{item.badge}</p>
              <h3 className="mt-3 text-2xl font-bold tracking-tight">{item.title}</h3>
              <p className={`mt-3 leading-relaxed ${i === 0 ? 'text-gray-300' : 'text-gray-600'}`}>{item.description}</p>
              <ul className="mt-5 flex-1 space-y-2 text-sm">
                {item.facts.map((fact) => (
                  <li key={fact} className="flex gap-2">
                    <CheckCircle2 className={`size-4 shrink-0 ${i === 0 ? 'text-brand-200' : 'text-brand-600'}`} aria-hidden />
                    {fact}
                  </li>
                ))}
              </ul>
              {external ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className={cta}>
                  {item.cta}
                </a>
              ) : (
                <a href={href} className={cta}>
                  {item.cta}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function FinalCta({ t }: { t: HomeContent['finalCta'] }) {
  return (
    <section className="bg-gradient-to-br from-brand-700 to-brand-900 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t.title}</h2>
        <p className="mt-4 text-lg leading-relaxed text-brand-100">{t.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="/appointments" className={buttonVariants({ size: 'lg', variant: 'secondary' })}>{t.button}</a>
          <a href="/learning-ecosystem-mastery" className={buttonVariants({ size: 'lg', variant: 'inverse' })}>{t.secondary}</a>
        </div>
        <p className="mt-4 text-sm text-brand-200">{t.note}</p>
      </div>
    </section>
  );
}
