import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSiteLanguage, type SiteLanguage } from '@shared/site/languages.ts';
import { rememberLanguage } from './language-choice.ts';

/**
 * The public site's translations (react-i18next). Texts live in public/content/{en,de}/{namespace}.json,
 * files an owner edits without touching code; a page loads the namespaces it shows. The language is
 * the visitor's choice (a cookie the server reads too), else the browser's.
 */

export type { SiteLanguage };
// For main.tsx, which loads this module on demand: named here, so the bundler keeps only what is used.
export { I18nextProvider } from 'react-i18next';

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
 * A translation instance for one language, with the namespaces already at hand (from the page's
 * prerendered data, or read from disk at build time); others are fetched when first needed.
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
  active = instance;
  return instance;
}

let active: I18n | undefined;

/** The instance the pages render with (one per page render at build time, one in the browser). */
export function activeI18n(): I18n {
  if (!active) throw new Error('createI18n() has not run');
  return active;
}

/** Loads namespaces for the current language before a page renders, so it never shows raw keys. */
export async function loadNamespaces(namespaces: string[]): Promise<void> {
  const instance = activeI18n();
  await instance.loadNamespaces(namespaces);
  const missing = namespaces.filter((ns) => !instance.hasResourceBundle(instance.language, ns));
  if (missing.length) throw new Error(`Could not load the page's texts (${missing.join(', ')})`);
}

/** Switches the whole site, remembers the choice, and tells assistive technology the new language. */
export async function changeLanguage(language: SiteLanguage): Promise<void> {
  await activeI18n().changeLanguage(language);
  rememberLanguage(language);
}

/**
 * A namespace's texts as one typed object (the content files are structured: lists of testimonials,
 * steps, links). Re-renders when the language changes.
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
