import type { SiteLanguage } from '@web/lib/i18n.ts';
import type { SiteSettings, WebinarContent } from './types.ts';

/**
 * The language-neutral settings (public/content/site.json: links, media, legal details) and the
 * webinar content, held once per page load. A prerendered page brings them along; otherwise they
 * are fetched before the first site page renders.
 */

let settings: SiteSettings | undefined;
const webinar = new Map<SiteLanguage, WebinarContent>();
let settingsRequest: Promise<SiteSettings> | undefined;

export function primeSiteContent(data: { settings?: SiteSettings; webinar?: WebinarContent; language?: SiteLanguage }): void {
  if (data.settings) settings = data.settings;
  if (data.webinar && data.language) webinar.set(data.language, data.webinar);
}

export function loadSiteSettings(): Promise<SiteSettings> {
  if (settings) return Promise.resolve(settings);
  settingsRequest ??= fetch('/content/site.json')
    .then((response) => (response.ok ? (response.json() as Promise<SiteSettings>) : Promise.reject(new Error(`site.json: ${response.status}`))))
    .then((loaded) => (settings = loaded))
    .finally(() => (settingsRequest = undefined));
  return settingsRequest;
}

export function useSiteSettings(): SiteSettings {
  if (!settings) throw new Error('The site settings are not loaded');
  return settings;
}

/** The webinar content a prerendered page came with, to render before the fresh copy arrives. */
export const initialWebinarContent = (language: SiteLanguage): WebinarContent | undefined => webinar.get(language);

/** The German file is the one the specification names; the English one has the same shape. */
export const webinarContentPath = (language: SiteLanguage) => (language === 'de' ? '/webinar-content.json' : '/webinar-content.en.json');

/** Reads the webinar content file afresh (cache-busting query), through its `webinar` field. */
export async function fetchWebinarContent(language: SiteLanguage): Promise<WebinarContent> {
  const response = await fetch(`${webinarContentPath(language)}?t=${Date.now()}`);
  if (!response.ok) throw new Error(`webinar content: ${response.status}`);
  const data = (await response.json()) as { webinar?: WebinarContent };
  if (!data.webinar?.hero) throw new Error('webinar content: no "webinar" field');
  webinar.set(language, data.webinar);
  return data.webinar;
}
