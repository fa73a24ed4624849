import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { safeText } from '../text/safe-text.ts';
import { CONSENT_ERROR_CODE_OUTDATED } from './paths.ts';
import { CONSENT_LANGUAGES, SIGNUP_KINDS } from './sources.ts';

/*
 * Consent statements and the Kit form of each sign-up source: the privacy feature's HTTP contract
 * (src/server/privacy/routes.ts) and the consent fields every public sign-up sends.
 */

export const CONSENT_LIMITS = {
  /** A statement in one language: a few sentences, never a whole privacy policy. */
  statementText: 2_000,
  /** A page address kept with a consent record. */
  pageUrl: 2_000,
} as const;

export const CONSENT_MESSAGES = {
  statementRequired: 'Write the statement in both languages: an empty statement cannot be shown next to a form.',
  statementTooLong: `A statement can be at most ${CONSENT_LIMITS.statementText.toLocaleString('en')} characters.`,
  pageUrlInvalid: "The page address must be an http(s) address of this site's pages.",
  pageUrlTooLong: `The page address can be at most ${CONSENT_LIMITS.pageUrl.toLocaleString('en')} characters.`,
  versionInvalid: 'The consent statement version must be a whole number.',
  versionUnknown: 'No consent statement has this version.',
  versionOutdated: 'The consent statement changed while the page was open. Please read the new one and send the form again.',
  languageInvalid: 'The language must be en or de.',
  statementSaved: (version: number) => `Saved as version ${version}.`,
  noStatement: 'No consent statement has been written for this form yet.',
  sourceUnknown: 'This sign-up source does not exist (a deleted landing page?).',
  noStatementForPublish: 'This page has a form, and a form must show a consent statement in both languages: write it under Settings → Privacy first.',
} as const;

/** The error codes of consent problems in a sign-up; the forms pick their text by code. */
export const CONSENT_ERROR_CODES = { outdated: CONSENT_ERROR_CODE_OUTDATED } as const;

const statementText = () =>
  safeText({ multiline: true })
    .trim()
    .min(1, CONSENT_MESSAGES.statementRequired)
    .max(CONSENT_LIMITS.statementText, CONSENT_MESSAGES.statementTooLong);

export const consentStatementSchema = z.object({
  id: z.string(),
  kind: z.enum(SIGNUP_KINDS),
  version: z.number().int(),
  text_en: z.string(),
  text_de: z.string(),
  created_at: timestamp,
});
export type ConsentStatement = z.output<typeof consentStatementSchema>;

/** Every version, newest first within each kind. */
export const consentStatementListSchema = z.object({ statements: z.array(consentStatementSchema) });

export const saveStatementBodySchema = z.object({ text_en: statementText(), text_de: statementText() });
export type SaveStatementBody = z.input<typeof saveStatementBodySchema>;

export const statementKindParamsSchema = z.object({ kind: z.enum(SIGNUP_KINDS) });

/** What a public form needs to show its statement (no staff data). */
export const publicStatementSchema = z.object({ kind: z.enum(SIGNUP_KINDS), version: z.number().int(), text_en: z.string(), text_de: z.string() });
export type PublicStatement = z.output<typeof publicStatementSchema>;

/** A sign-up source and the Kit form its sign-ups join (null: added directly, as single opt-in). */
export const signupFormSchema = z.object({
  source: z.string(),
  kind: z.enum(SIGNUP_KINDS),
  /** The source's name on the screen: the form's, or the landing page's title. */
  label: z.string(),
  kit_form: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SignupForm = z.output<typeof signupFormSchema>;
export const signupFormListSchema = z.object({ sources: z.array(signupFormSchema) });

export const saveSignupFormBodySchema = z.object({
  source: safeText().max(100),
  /** Null: no form, sign-ups are added directly. */
  kit_form: z.object({ id: z.number().int().positive(), name: safeText().trim().min(1).max(200) }).nullable(),
});
export type SaveSignupFormBody = z.input<typeof saveSignupFormBodySchema>;

/**
 * The consent fields a public sign-up sends with its answers: the version of the statement it
 * showed, the page's language and its address (http(s), at most CONSENT_LIMITS.pageUrl; the server
 * also requires this site's origin).
 */
export const consentFieldsSchema = {
  consent_version: z.coerce.number({ error: CONSENT_MESSAGES.versionInvalid }).int(CONSENT_MESSAGES.versionInvalid).min(1, CONSENT_MESSAGES.versionInvalid).max(1_000_000, CONSENT_MESSAGES.versionInvalid),
  language: z.enum(CONSENT_LANGUAGES, { error: CONSENT_MESSAGES.languageInvalid }),
  page_url: safeText({ error: CONSENT_MESSAGES.pageUrlInvalid })
    .max(CONSENT_LIMITS.pageUrl, CONSENT_MESSAGES.pageUrlTooLong)
    .refine(isHttpUrl, CONSENT_MESSAGES.pageUrlInvalid),
};

/** An absolute http(s) address without user or password. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}
