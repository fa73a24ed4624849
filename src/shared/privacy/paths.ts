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

/** The error code of a sign-up that showed a statement version no longer current (CONSENT_ERROR_CODES.outdated). */
export const CONSENT_ERROR_CODE_OUTDATED = 'consent_outdated';


/** What a public form says about its statement, in the page's language. */
export const CONSENT_FORM_MESSAGES = {
  en: {
    outdated: 'The statement above changed while this page was open. Please read it and send the form again.',
    unavailable: 'The consent statement could not be loaded. Please reload the page and try again.',
  },
  de: {
    outdated: 'Der Hinweis oben wurde geändert, während diese Seite offen war. Bitte lies ihn und sende das Formular erneut.',
    unavailable: 'Der Einwilligungshinweis konnte nicht geladen werden. Bitte lade die Seite neu und versuche es erneut.',
  },
} as const;

/** The statement a public form shows, checked without zod (the island stays small); null for anything else. */
export function readPublicStatement(body: unknown): { version: number; text_en: string; text_de: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { version, text_en, text_de } = body as Record<string, unknown>;
  return typeof version === 'number' && typeof text_en === 'string' && typeof text_de === 'string' ? { version, text_en, text_de } : null;
}
