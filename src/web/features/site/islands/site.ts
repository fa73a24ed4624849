import { LANGUAGE_QUERY } from '@shared/site/languages.ts';
import { acceptCookies, declineCookies, hasConsent, keepBannerSpace, onConsentChange, readConsent, resetConsent } from '@web/features/site/consent/consent-store.ts';
import { startPixel, trackPixel } from '@web/features/site/consent/meta-pixel.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';
import { rememberUrlParameters } from '@web/features/site/signup/url-parameters.ts';

/**
 * The island of every public page (a few kB): the cookie banner's buttons, the consent-gated embeds
 * (videos, booking calendars), the Meta pixel after consent, the cookie policy's "ask again", and the
 * URL parameters a visitor arrived with. Everything else on the page is server HTML.
 */

const banner = document.querySelector<HTMLElement>(`[${A.banner}]`);
if (banner) keepBannerSpace(banner);

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(`[${A.accept}]`)) acceptCookies();
  else if (target?.closest(`[${A.decline}]`)) declineCookies();
  else if (target?.closest(`[${A.consentReset}]`)) {
    resetConsent();
    banner?.querySelector('button')?.focus();
  }
});

/** Swaps each gated embed's placeholder for the embed waiting in its template. */
function openGates() {
  for (const gate of document.querySelectorAll(`[${A.consentGate}]`)) {
    const template = gate.querySelector('template');
    if (template) gate.replaceChildren(template.content.cloneNode(true));
  }
}

function followConsent() {
  const choice = readConsent();
  const reset = document.querySelector<HTMLButtonElement>(`[${A.consentReset}]`);
  if (reset) reset.disabled = choice === null;
  const current = document.querySelector<HTMLElement>(`[${A.consentCurrent}]`);
  if (current) {
    current.textContent = current.dataset[choice ?? 'none'] ?? '';
    current.parentElement!.hidden = false;
  }
  if (!hasConsent()) return;
  openGates();
  void startPixel().then((running) => {
    const viewed = document.body.getAttribute(A.viewContent);
    if (running && viewed) trackPixel('ViewContent', { content_name: viewed });
  });
}

/** The language links keep the address's other parameters (utm_… and the like) when a script can add them. */
function keepParametersOnLanguageLinks() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[${A.languageLink}]`)) {
    const search = new URLSearchParams(location.search);
    search.set(LANGUAGE_QUERY, link.getAttribute(A.languageLink)!);
    link.search = search.toString();
  }
}

onConsentChange(followConsent);
followConsent();
rememberUrlParameters(location.search);
keepParametersOnLanguageLinks();
