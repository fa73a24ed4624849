import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { Brand } from './brand.tsx';

/** The top bar of the main site pages; its right edge leaves room for the floating language switch. */
export function SiteHeader() {
  const { nav, skipToContent } = useContent<CommonContent>('common');
  return (
    <header className="relative z-20">
      <a href="#main" className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2">
        {skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 pr-32 sm:h-20 sm:px-6 sm:pr-40 lg:px-8 lg:pr-44">
        <Brand />
        <nav aria-label={nav.home} className="hidden items-center gap-6 text-sm font-medium text-gray-700 md:flex">
          <a href="/#about" className="hover:text-brand-700">
            {nav.about}
          </a>
          <a href="/learning-ecosystem-mastery" className="hover:text-brand-700">
            {nav.program}
          </a>
          <a href="/learning-ecosystem-webinar" className="hover:text-brand-700">
            {nav.webinar}
          </a>
          <a href="/appointments" className="rounded-full bg-gray-900 px-4 py-2 text-white hover:bg-brand-700">
            {nav.book}
          </a>
        </nav>
      </div>
    </header>
  );
}
