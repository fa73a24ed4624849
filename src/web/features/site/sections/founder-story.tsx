import type { ReactNode } from 'react';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { Section } from './section.tsx';

/** The founder's portrait beside their story: the home page's About and the waiting list's founder section. */
export function FounderStory({
  id,
  t,
  children,
}: {
  id: string;
  t: { eyebrow: string; title: string; paragraphs: string[]; imageAlt: string };
  /** What follows the story: highlights, a signature. */
  children?: ReactNode;
}) {
  const { founder } = useSiteSettings();
  return (
    <Section id={id} tone="white">
      <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <img
          src={founder.image}
          alt={t.imageAlt}
          width={480}
          height={560}
          loading="lazy"
          decoding="async"
          className="mx-auto aspect-[6/7] w-full max-w-sm rounded-3xl bg-brand-100 object-cover shadow-xl"
        />
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">{t.eyebrow}</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{t.title}</h2>
          {t.paragraphs.map((p) => (
            <p key={p} className="mt-4 text-lg leading-relaxed text-gray-600">
              {p}
            </p>
          ))}
          {children}
        </div>
      </div>
    </Section>
  );
}
