/**
 * The markers in the public pages' prerendered HTML that their islands pick up (plain attributes, so
 * the islands import no React). The prerender links an island only to a page holding its marker.
 */
export const SITE_ISLAND_ATTRIBUTES = {
  /** The cookie banner (first in <body>) and its buttons; the accept marker also sits on each embed's placeholder. */
  banner: 'data-cookie-banner',
  accept: 'data-consent-accept',
  decline: 'data-consent-decline',
  /** A consent-gated embed: a placeholder, and the embed in a <template> beside it. */
  consentGate: 'data-consent-gate',
  /** The cookie policy's "Change cookie settings" button, and where it shows the current choice (data-accepted, data-declined, data-none: the texts). */
  consentReset: 'data-consent-reset',
  consentCurrent: 'data-consent-current',
  /** A language switch link, naming its language. */
  languageLink: 'data-language-link',
  /** On <body> of the program and webinar pages: the name the pixel's ViewContent reports after consent. */
  viewContent: 'data-view-content',
  /** A sign-up <dialog>: its endpoint ('waiting-list' | 'webinar'). */
  signup: 'data-signup',
  /** A button that opens the sign-up dialog whose id it names. */
  signupOpen: 'data-signup-open',
  /** The address hash that opens a sign-up dialog (#signup on the webinar page). */
  signupHash: 'data-signup-hash',
  /** Where the sign-up goes after success: a path to open, or the id of a confirmation to show instead of the page. */
  signupDone: 'data-signup-done',
  /** The page content a confirmation replaces, and the confirmation's "back" button. */
  signupPage: 'data-signup-page',
  signupBack: 'data-signup-back',
  /** Inside a sign-up dialog: the form, each field's message, the form's error, the submit button's label, the success panel. */
  signupForm: 'data-signup-form',
  fieldError: 'data-field-error',
  formError: 'data-form-error',
  submitLabel: 'data-submit-label',
  signupSuccess: 'data-signup-success',
  /** Inside a sign-up dialog: where the island puts the consent statement (fetched, so never older than the server's). */
  consentStatement: 'data-consent-statement',
  /** The webinar page: the content file it checks ('/webinar-content.json'), and the error screen shown when that fails. */
  webinarContent: 'data-webinar-content',
  webinarError: 'data-webinar-error',
} as const;

export type SiteIsland = 'site' | 'signup' | 'webinar-content';

/** The islands a prerendered page needs, by the markers in its HTML (`site` on every page: the banner is on every page). */
export function siteIslandsInHtml(html: string): SiteIsland[] {
  const A = SITE_ISLAND_ATTRIBUTES;
  return [
    ['site', new RegExp(`\\s${A.banner}[=\\s/>]`)],
    ['signup', new RegExp(`<dialog[^>]*\\s${A.signup}=`)],
    ['webinar-content', new RegExp(`\\s${A.webinarContent}=`)],
  ]
    .filter(([, marker]) => (marker as RegExp).test(html))
    .map(([island]) => island as SiteIsland);
}
