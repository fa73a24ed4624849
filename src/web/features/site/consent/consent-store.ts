import { LANGUAGE_COOKIE } from '@shared/site/languages.ts';
import { CONSENT_ACCEPTED, CONSENT_DECLINED, CONSENT_PENDING, CONSENT_PENDING_ATTRIBUTE, CONSENT_STORAGE_KEY } from '@shared/site/consent.ts';

/**
 * The visitor's cookie choice, stored locally under a key of this product's own.
 * Plain DOM code: the public pages' islands use it, and the staff app's banner through use-consent.ts.
 */
export { CONSENT_STORAGE_KEY };
export type Consent = typeof CONSENT_ACCEPTED | typeof CONSENT_DECLINED;

const CHANGE_EVENT = 'mycrm:consent';

export function readConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === CONSENT_ACCEPTED || value === CONSENT_DECLINED ? value : null;
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
  markPending(value === null);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Shows or hides the banner and the space kept for it (the stylesheet follows <html data-consent>). */
function markPending(pending: boolean): void {
  if (pending) document.documentElement.setAttribute(CONSENT_PENDING_ATTRIBUTE, CONSENT_PENDING);
  else document.documentElement.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
}

/** Calls `onChange` on every change of the choice, here or in another tab; returns the unsubscribe. */
export function onConsentChange(onChange: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
    markPending(readConsent() === null);
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', fromOtherTab);
  };
}

export const hasConsent = () => readConsent() === CONSENT_ACCEPTED;

export function acceptCookies(): void {
  write(CONSENT_ACCEPTED);
}

/** Declining stores the choice and deletes every other cookie this site can reach but the visitor's language (a preference, not tracking). */
export function declineCookies(): void {
  write(CONSENT_DECLINED);
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

/**
 * Keeps exactly the banner's height (and its distance from the bottom) free below the page while it
 * shows: the stylesheet's estimate covers the first frame; this follows the real size, which depends
 * on the language and the width.
 */
export function keepBannerSpace(banner: HTMLElement): () => void {
  const root = document.documentElement;
  const measure = () => {
    const { top, height } = banner.getBoundingClientRect();
    if (height === 0) return;
    root.style.setProperty('--cookie-banner-space', `${Math.ceil(window.innerHeight - top)}px`);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(banner);
  return () => observer.disconnect();
}
