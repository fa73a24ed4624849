/** The public site's languages. The first one a visitor's browser lists decides, German or else English. */
export const SITE_LANGUAGES = ['en', 'de'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const isSiteLanguage = (value: unknown): value is SiteLanguage => value === 'en' || value === 'de';

/** navigator.language in the browser, the first entry of Accept-Language on the server. */
export function languageFromBrowser(preferred: string | undefined | null): SiteLanguage {
  return preferred?.trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** The language a browser prefers, from its Accept-Language header (highest weight first). */
export function languageFromAcceptLanguage(header: string | undefined): SiteLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, weight: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return languageFromBrowser(ranked[0]?.tag);
}

/**
 * The visitor's choice of language, in a cookie the server reads, so a page's first byte is already
 * in that language (no flash of the other one, nothing for hydration to disagree with). A preference,
 * not tracking: it needs no consent and declining cookies keeps it.
 */
export const LANGUAGE_COOKIE = 'mycrm_language';
/** A year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** `?lang=de` on a public page's address stores that choice (the language switch's links work without a script). */
export const LANGUAGE_QUERY = 'lang';

/** The language a page is sent in: the visitor's stored choice, else the browser's preference. */
export function requestLanguage(choice: string | undefined, acceptLanguage: string | undefined): SiteLanguage {
  return isSiteLanguage(choice) ? choice : languageFromAcceptLanguage(acceptLanguage);
}
