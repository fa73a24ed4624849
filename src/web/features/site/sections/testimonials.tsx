import { Quote } from 'lucide-react';
import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { Section } from './section.tsx';
import { StarRating } from './star-rating.tsx';

/** The six testimonials, each rated 5, shared by the home and program pages. */
export function Testimonials({ tone = 'muted' }: { tone?: 'white' | 'muted' }) {
  const { testimonials: t } = useContent<CommonContent>('common');
  return (
    <Section id="testimonials" eyebrow="★★★★★" title={t.title} subtitle={t.subtitle} tone={tone}>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {t.items.map((item) => (
          <li key={item.name} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <div className="flex items-center justify-between">
              <StarRating rating={item.rating} label={t.ratingLabel.replace('{{rating}}', String(item.rating))} />
              <Quote className="size-6 text-brand-200" aria-hidden />
            </div>
            <blockquote className="mt-4 flex-1 text-[0.95rem] leading-relaxed text-gray-700">“{item.content}”</blockquote>
            <figure className="mt-6 flex items-center gap-3">
              <img src={item.image} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-12 rounded-full bg-brand-100" />
              <figcaption>
                <p className="font-semibold text-gray-900">{item.name}</p>
                <p className="text-sm text-gray-600">
                  {item.role}, {item.company}
                </p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
