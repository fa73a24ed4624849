import type { SiteLanguage } from '@web/lib/i18n.ts';
import type { SiteSettings, WebinarContent } from './types.ts';

/**
 * The language-neutral settings (public/content/site.json: links, media, legal details) and the
 * webinar content, read from disk by the prerender and held for the page it renders.
 */

let settings: SiteSettings | undefined;
const webinar = new Map<SiteLanguage, WebinarContent>();

export function primeSiteContent(data: { settings: SiteSettings; webinar: Record<SiteLanguage, WebinarContent> }): void {
  settings = data.settings;
  for (const [language, content] of Object.entries(data.webinar)) webinar.set(language as SiteLanguage, content);
}

export function useSiteSettings(): SiteSettings {
  if (!settings) throw new Error('The site settings are not loaded');
  return settings;
}

export function useWebinarContent(language: SiteLanguage): WebinarContent {
  const content = webinar.get(language);
  if (!content) throw new Error(`The webinar content (${language}) is not loaded`);
  return content;
}

/** The German file keeps the address it has always had; the English one has the same shape. */
export const webinarContentPath = (language: SiteLanguage) => (language === 'de' ? '/webinar-content.json' : '/webinar-content.en.json');
