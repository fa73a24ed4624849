import { isSiteLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, languageFromBrowser, type SiteLanguage } from '@shared/site/languages.ts';

/**
 * The visitor's choice of language, kept in the cookie the server reads to send each page in it
 * (src/shared/site/languages.ts). No i18next here: the public .ics page uses it too.
 */
export function chosenLanguage(): SiteLanguage | null {
  for (const entry of document.cookie.split(';')) {
    const [name, value] = entry.trim().split('=');
    if (name === LANGUAGE_COOKIE && isSiteLanguage(value)) return value;
  }
  return null;
}

/** The choice, else the browser's language. */
export function visitorLanguage(): SiteLanguage {
  return chosenLanguage() ?? languageFromBrowser(typeof navigator === 'undefined' ? undefined : navigator.language);
}

export function rememberLanguage(language: SiteLanguage): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  document.documentElement.lang = language;
}
