/** Texts and paths of the public landing-page viewer (spec 002, "Landing-page viewer" and its error texts). */

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
} as const;

export const VIEWER_PATHS = {
  page: (slug: string) => `/lp/${slug}`,
  /** An html page's own HTML, served sandboxed for the page's iframe. */
  rawHtml: (slug: string) => `/lp/${slug}/content`,
  /** Where a page's forms send sign-ups. */
  leads: (slug: string) => `/api/public/lp/${slug}/leads`,
} as const;
