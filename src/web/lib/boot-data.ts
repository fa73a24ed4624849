import type { ResourceLanguage } from 'i18next';
import type { SiteLanguage } from './i18n.ts';

/**
 * What a prerendered page carries for its first render in the browser: its language, the texts it
 * was rendered with, and its content. Hydration then renders exactly what the HTML shows.
 */
export interface BootData {
  language: SiteLanguage;
  namespaces: Record<string, ResourceLanguage>;
  settings?: unknown;
  webinar?: unknown;
}

export const BOOT_DATA_ID = 'boot-data';

export function readBootData(): BootData | undefined {
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return undefined;
  }
}

/** JSON that is safe inside a <script type="application/json"> element. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
