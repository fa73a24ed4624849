import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSiteLanguage, type SiteLanguage } from '@shared/site/languages.ts';

/**
 * The public site's translations (react-i18next). Texts live in public/content/{en,de}/{namespace}.json,
 * files an owner edits without touching code. The prerender renders each public page with them; in
 * the staff app only the cookie banner uses them ('common', fetched). The language is the visitor's
 * choice (a cookie the server reads too), else the browser's.
 */

export type { SiteLanguage };

/** Where a namespace's texts come from; the prerender reads the same files from disk. */
export const contentUrl = (language: SiteLanguage, namespace: string) => `/content/${language}/${namespace}.json`;

const contentBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetch(contentUrl(language as SiteLanguage, namespace))
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status} ${response.url}`))))
      .then((data: ResourceLanguage) => callback(null, data))
      .catch((error: Error) => callback(error, false));
  },
};

/**
 * A translation instance for one language, with the namespaces already at hand (read from disk by
 * the prerender); others are fetched when first needed (the staff app's banner).
 */
export function createI18n(language: SiteLanguage, namespaces: Record<string, ResourceLanguage> = {}): I18n {
  const instance = i18next.createInstance();
  instance.use(contentBackend).init({
    lng: language,
    supportedLngs: ['en', 'de'],
    fallbackLng: false,
    // Staff screens start with none; the cookie banner needs the common texts everywhere.
    ns: Object.keys(namespaces).length ? Object.keys(namespaces) : ['common'],
    defaultNS: 'common',
    resources: { [language]: namespaces },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * A namespace's texts as one typed object (the content files are structured: lists of testimonials,
 * steps, links).
 */
export function useContent<T>(namespace: string): T {
  const { i18n } = useTranslation(namespace);
  const bundle = i18n.getResourceBundle(i18n.language, namespace) as T | undefined;
  if (!bundle) throw new Error(`The texts "${namespace}" (${i18n.language}) are not loaded`);
  return bundle;
}

export function useLanguage(): SiteLanguage {
  const { i18n } = useTranslation();
  return isSiteLanguage(i18n.language) ? i18n.language : 'en';
}
