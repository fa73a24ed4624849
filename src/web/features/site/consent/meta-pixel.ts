import { readPixelId } from '@shared/leads/answers.ts';
import { SITE_CONFIG_PATH } from '@shared/leads/paths.ts';
import { hasConsent } from './consent-store.ts';

/**
 * The ad pixel (Meta), only after cookie consent and only when the server has a pixel id
 * (META_PIXEL_ID). Events: PageView on every page, ViewContent on the program and webinar pages,
 * AddToCart when a sign-up form opens, Lead when a sign-up succeeds.
 */
type PixelEvent = 'PageView' | 'ViewContent' | 'AddToCart' | 'Lead';
type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[][]; push: Fbq; loaded: boolean; version: string };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let started: Promise<boolean> | undefined;

/** Loads the pixel once (after consent); resolves whether one is running. */
export function startPixel(): Promise<boolean> {
  if (!hasConsent()) return Promise.resolve(false);
  started ??= fetch(SITE_CONFIG_PATH)
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => {
      const pixelId = readPixelId(body);
      if (!pixelId) return false;
      install(pixelId);
      return true;
    })
    .catch(() => false);
  return started;
}

export function trackPixel(event: PixelEvent, params?: Record<string, unknown>): void {
  if (!hasConsent() || !window.fbq) return;
  window.fbq('track', event, params);
}

/** Meta's standard loader, written out so no inline script is needed (the CSP forbids them). */
function install(pixelId: string): void {
  if (window.fbq) return;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = 'https://connect.facebook.net/en_US/fbevents.js';
  document.head.appendChild(script);
  fbq('init', pixelId);
  fbq('track', 'PageView');
}
