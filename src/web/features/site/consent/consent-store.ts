import { useSyncExternalStore } from 'react';
import { LANGUAGE_COOKIE } from '@shared/site/languages.ts';

/** The visitor's cookie choice, stored locally under a product-specific key (spec 002, section 3). */
export const CONSENT_STORAGE_KEY = 'mycrm.cookie-consent';
export type Consent = 'accepted' | 'declined';

const CHANGE_EVENT = 'mycrm:consent';

function read(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

function write(value: Consent | null): void {
  try {
    if (value) localStorage.setItem(CONSENT_STORAGE_KEY, value);
    else localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // storage blocked: the choice holds for this page view
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange); // a choice made in another tab
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The stored choice: null while none is made, undefined while unknown (the prerendered HTML and the
 * render that hydrates it, which cannot read storage).
 */
export function useConsent(): Consent | null | undefined {
  return useSyncExternalStore<Consent | null | undefined>(subscribe, read, () => undefined);
}

export const hasConsent = () => read() === 'accepted';

export function acceptCookies(): void {
  write('accepted');
}

/** Declining stores the choice and deletes every other cookie this site can reach but the visitor's language (a preference, not tracking). */
export function declineCookies(): void {
  write('declined');
  deleteReachableCookies();
}

/** Forget the choice, so the banner asks again (cookie policy page). */
export function resetConsent(): void {
  write(null);
}

function deleteReachableCookies(): void {
  const host = window.location.hostname;
  const parts = host.split('.');
  // A cookie may have been set for the host or any parent domain (e.g. .example.com by an ad pixel).
  const domains = [undefined, ...parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'))];
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (!name || name === LANGUAGE_COOKIE) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
}
