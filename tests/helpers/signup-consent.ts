/**
 * The consent fields every public sign-up sends (the statement version its form showed, the page's
 * language and address), for tests that post sign-ups: version 1 is the one the migration adds, and
 * the address is on the origin `inject` requests come to (http://localhost) unless one is given.
 */
export const signupConsent = (origin = 'http://localhost', version = 1) => ({ consent_version: version, language: 'en', page_url: `${origin}/signup` }) as const;

/** A landing page form's hidden consent field (its value as a form sends it). */
export const LP_SIGNUP_CONSENT = { consent_version: '1' } as const;
