import { ArrowRight, BookOpen, Bot, CalendarHeart, MailCheck } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { SubscribedContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { ContentPage } from '@web/features/site/layout/content-page.tsx';

const ICONS = { articles: BookOpen, booking: CalendarHeart, aiAssistants: Bot };

/** After confirming the newsletter: articles to read, a get-to-know-you call, the AI assistants. */
export default function SubscribedPage() {
  const t = useContent<SubscribedContent>('subscribed');
  const { links } = useSiteSettings();
  usePageMeta(t.meta);
  return (
    <ContentPage wide>
      <div className="text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <MailCheck className="size-7" aria-hidden />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-widest text-green-700 uppercase">{t.badge}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">{t.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-gray-600">{t.text}</p>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {t.cards.map((card) => {
          const Icon = ICONS[card.link];
          return (
            <li key={card.title} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <Icon className="size-7 text-brand-600" aria-hidden />
              <h2 className="mt-4 text-lg font-semibold text-gray-900">{card.title}</h2>
              <p className="mt-2 flex-1 leading-relaxed text-gray-600">{card.description}</p>
              <a href={links[card.link]} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary', className: 'mt-6' })}>
                  {card.button}
                  <ArrowRight aria-hidden />
                </a>
            </li>
          );
        })}
      </ul>
      <p className="mt-10 text-center">
        <a href="/" className="font-medium text-brand-700 hover:underline">
          {t.back}
        </a>
      </p>
    </ContentPage>
  );
}
