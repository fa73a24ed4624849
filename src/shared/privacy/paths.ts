import { routePath } from '../http/route-path.ts';

/**
 * The privacy feature's endpoints (src/server/privacy/routes.ts). Plain TypeScript without zod: the
 * public sign-up island asks for the statement it shows, and must stay small.
 */
export const CONSENT_PATHS = {
  /** GET every statement version, newest first per kind (staff). */
  statements: '/api/privacy/statements',
  /** POST a new version of a kind's statement (staff). */
  statementVersions: /* @__PURE__ */ routePath('/api/privacy/statements/:kind'),
  /** GET the Kit form each sign-up source joins; PUT one source's choice (staff). */
  signupForms: '/api/privacy/signup-forms',
  /** GET the statement a public form shows now (its version and both texts). */
  publicStatement: /* @__PURE__ */ routePath('/api/public/consent-statements/:kind'),
} as const;

/** The sign-up body's consent fields: the statement version shown, the page's language and address. */
export const CONSENT_FIELDS = { version: 'consent_version', language: 'language', pageUrl: 'page_url' } as const;
