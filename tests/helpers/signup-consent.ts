/**
 * The consent fields every public sign-up sends (the statement version its form showed, the page's
 * language and address), for tests that post sign-ups: version 1 is the one the migration adds, and
 * the address is on the origin `inject` requests come to (http://localhost) unless one is given.
 */
export const signupConsent = (origin = 'http://localhost', version = 1) => ({ consent_version: version, language: 'en', page_url: `${origin}/signup` }) as const;

/** A landing page form's hidden consent field (its value as a form sends it). */
export const LP_SIGNUP_CONSENT = { consent_version: '1' } as const;

/** A sign-up body with its consent fields: a landing page's (`fields`) gets the hidden field, a site form's the three fields. */
export function withSignupConsent<T extends object>(payload: T): T {
  if ('fields' in payload && typeof payload.fields === 'object') return { ...payload, fields: { ...payload.fields, ...LP_SIGNUP_CONSENT } };
  return { ...signupConsent(), ...payload };
}
