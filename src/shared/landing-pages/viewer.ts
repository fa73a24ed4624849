import { routePath } from '../http/route-path.ts';
/** Texts and paths of the public landing-page viewer, and its error texts. */

export const VIEWER_MESSAGES = {
  notFoundTitle: 'Page Not Found',
  notFound: 'Landing page not found',
  loadError: 'Error loading landing page',
  noContent: 'No content to display',
  invalidContent: 'This page could not be displayed',
  unknownType: (type: string) => `Unknown component type: ${type}`,
  getStarted: 'Get Started',
  submitSucceeded: "Thank you for your interest! We'll be in touch soon.",
  submitFailed: 'There was an error submitting your information. Please try again',
  tooLarge: (units: number, max: number) =>
    `This page has ${units.toLocaleString('en')} parts (sections, components and list items); a page can show at most ${max.toLocaleString('en')}`,
  busy: 'Too many pages are being prepared for you at once. Please try again in a moment.',
} as const;

/**
 * What rendering a published page may cost, so that no page and no visitor can keep the server busy:
 * a page over the budget shows an error instead of being rendered, and one client address can have
 * only a few renders of uncached pages running or waiting at a time.
 */
export const RENDER_LIMITS = {
  /** Each section and component is one unit, and each item of a list-like prop (a list's items) one more. */
  units: 5_000,
  perClient: 2,
} as const;

/** A form's result after a plain POST, announced by the page it returns to (`/lp/{slug}?lead=ok`). */
export const LEAD_OUTCOMES = ['ok', 'error'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

export const VIEWER_PATHS = {
  page: /* @__PURE__ */ routePath('/lp/:slug'),
  /** An html page's own HTML, served sandboxed for the page's iframe. */
  rawHtml: /* @__PURE__ */ routePath('/lp/:slug/content'),
  /** Where a page's forms send sign-ups. */
  leads: /* @__PURE__ */ routePath('/api/public/lp/:slug/leads'),
  /** Where a plain form post sends the visitor back to. */
  outcome: (slug: string, outcome: LeadOutcome) => `${VIEWER_PATHS.page.path({ slug })}?lead=${outcome}`,
} as const;
