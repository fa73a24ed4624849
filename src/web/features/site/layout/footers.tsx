import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { Brand } from './brand.tsx';

/** The footer's copyright year: fixed, as the site has always shown it. */
const COPYRIGHT_YEAR = 2025;

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
const linkClass = 'text-gray-300 hover:text-white';

/** The full footer, in the visitor's language: company, programs, contact and legal links. */
export function FullFooter() {
  const { footer: t } = useContent<CommonContent>('common');
  const { links, legal, contactEmail, brand } = useSiteSettings();
  return (
    <footer className="bg-gray-950 text-sm text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Brand inverted />
          <p className="max-w-xs leading-relaxed text-gray-400">{t.about}</p>
        </div>
        <nav aria-label={t.programsTitle} className="space-y-3">
          <h2 className="text-xs font-semibold tracking-widest text-white uppercase">{t.programsTitle}</h2>
          <ul className="space-y-2">
            <li>
              <a href="/learning-ecosystem-mastery" className={linkClass}>
                {t.program}
              </a>
            </li>
            <li>
              <a href="/learning-ecosystem-webinar" className={linkClass}>
                {t.webinar}
              </a>
            </li>
            <li>
              <a href={links.program} className={linkClass} {...external}>
                {t.programExternal}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t.companyTitle} className="space-y-3">
          <h2 className="text-xs font-semibold tracking-widest text-white uppercase">{t.companyTitle}</h2>
          <ul className="space-y-2">
            <li>
              <a href="/#about" className={linkClass}>
                {t.aboutLink}
              </a>
            </li>
            <li>
              <a href="/appointments" className={linkClass}>
                {t.appointments}
              </a>
            </li>
            <li>
              <a href="/impressum" className={linkClass}>
                {t.impressum}
              </a>
            </li>
            <li>
              <a href="/cookie-policy" className={linkClass}>
                {t.cookiePolicy}
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <h2 className="text-xs font-semibold tracking-widest text-white uppercase">{t.contactTitle}</h2>
          <ul className="space-y-2">
            <li>
              <a href={links.booking} className={linkClass} {...external}>
                {t.book}
              </a>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className={linkClass}>
                {contactEmail}
              </a>
            </li>
            <li className="text-gray-400">{t.reply}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-xs text-gray-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {COPYRIGHT_YEAR} {legal.company || brand}. {t.rights}
          </p>
          <nav aria-label={t.legalTitle} className="flex flex-wrap gap-x-5 gap-y-2">
            <a href="/impressum" className="hover:text-white">
              {t.impressum}
            </a>
            <a href={links.privacy} className="hover:text-white" {...external}>
              {t.privacy}
            </a>
            <a href={links.terms} className="hover:text-white" {...external}>
              {t.terms}
            </a>
            <a href="/cookie-policy" className="hover:text-white">
              {t.cookiePolicy}
            </a>
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** The short legal footer of the webinar pages: always German, whatever the page's language. */
export function ShortGermanFooter() {
  const { links, legal, brand, shortFooter: t } = useSiteSettings();
  return (
    <footer lang="de" className="border-t border-gray-200 bg-white text-xs text-gray-600">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-3 px-4 py-8 sm:flex-row sm:justify-between">
        <p>
          © {COPYRIGHT_YEAR} {legal.company || brand}. {t.rights}
        </p>
        <nav aria-label="Rechtliches" className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          <a href="/impressum" className="hover:text-gray-900">
            {t.impressum}
          </a>
          <a href={links.privacy} className="hover:text-gray-900" {...external}>
            {t.privacy}
          </a>
          <a href={links.terms} className="hover:text-gray-900" {...external}>
            {t.terms}
          </a>
          <a href="/cookie-policy" className="hover:text-gray-900">
            {t.cookiePolicy}
          </a>
        </nav>
      </div>
    </footer>
  );
}
