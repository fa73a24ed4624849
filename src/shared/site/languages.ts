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
