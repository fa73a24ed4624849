import { SITE_LANGUAGES, type SiteLanguage } from './languages.ts';

/** What search engines read about the site as a whole: where the sitemap and the crawling rules are. */
export const SEO_PATHS = { sitemap: '/sitemap.xml', robots: '/robots.txt' } as const;

/**
 * `?hl=de`: the page in one language, whatever the visitor's cookie or browser says, without storing
 * a choice (unlike the language switch's `?lang=`, which redirects). The address search engines and
 * shared links use for each language.
 */
export const LANGUAGE_VIEW_QUERY = 'hl';

/** The site's pages search engines should find; thank-you pages, sign-in and the 404 page are not among them. */
export const INDEXED_SITE_PAGES = [
  '/',
  '/impressum',
  '/cookie-policy',
  '/appointments',
  '/learning-ecosystem-webinar',
  '/2025-09-23-e3webinar',
  '/learning-ecosystem-mastery',
] as const;

export const isIndexedSitePage = (path: string) => (INDEXED_SITE_PAGES as readonly string[]).includes(path);

/** Kept out of search engines: the staff app, the API (landing-page previews among it) and sign-in. */
export const ROBOTS_DISALLOWED = ['/crm', '/api', '/login', '/setup', '/invite'] as const;

/** Open Graph writes a language with its region. */
export const OG_LOCALES: Record<SiteLanguage, string> = { en: 'en_US', de: 'de_DE' };

/** A site page's address in one language. */
export const siteLanguageUrl = (origin: string, path: string, language: SiteLanguage) => `${origin}${path}?${LANGUAGE_VIEW_QUERY}=${language}`;

/** The `hreflang` alternates of a site page: each language, and the plain address (the visitor's language) as x-default. */
export function siteAlternates(origin: string, path: string): Array<{ hreflang: string; href: string }> {
  return [...SITE_LANGUAGES.map((language) => ({ hreflang: language, href: siteLanguageUrl(origin, path, language) })), { hreflang: 'x-default', href: `${origin}${path}` }];
}

/**
 * Written by the build where a prerendered page needs the site's own address (it is known only when
 * the server starts, from PUBLIC_URL); the server puts the address in when it loads the pages.
 */
export const ORIGIN_SLOT = '__MYCRM_PUBLIC_ORIGIN__';
