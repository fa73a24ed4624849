import type { LeadField, LeadFieldProblem } from './form.ts';

/**
 * Every text the sign-up flows show when something goes wrong. The English waiting-list texts and
 * the German webinar text are the ones visitors have always seen; tests pin them.
 */
export const LEAD_MESSAGES = {
  en: {
    emailRegistered: 'This email is already registered. Please use a different email address.',
    invalidData: 'Invalid data provided. Please check your information and try again.',
    generic: 'An error occurred. Please try again. If the problem persists, please contact support.',
    webinarFailed: 'An error occurred. Please try again.',
    rateLimited: 'Too many sign-ups from your network in a short time. Please wait a minute and try again.',
    fields: {
      full_name: { required: 'Full name is required', too_long: 'Full name is too long', invalid: 'Full name is not valid' },
      email: { required: 'Email is required', too_long: 'Email is too long', invalid: 'Please enter a valid email address' },
      phone: { required: 'Phone is required', too_long: 'Phone number is too long', invalid: 'Phone number is not valid' },
    },
  },
  de: {
    emailRegistered: 'Diese E-Mail-Adresse ist bereits registriert. Bitte verwende eine andere E-Mail-Adresse.',
    invalidData: 'Ungültige Angaben. Bitte prüfe deine Eingaben und versuche es erneut.',
    generic: 'Ein Fehler ist aufgetreten. Bitte versuche es erneut. Wenn das Problem bestehen bleibt, kontaktiere bitte den Support.',
    webinarFailed: 'Ein Fehler ist aufgetreten. Bitte versuche es erneut.',
    rateLimited: 'Zu viele Anmeldungen aus deinem Netzwerk in kurzer Zeit. Bitte warte eine Minute und versuche es erneut.',
    fields: {
      full_name: {
        required: 'Bitte gib deinen vollständigen Namen ein',
        too_long: 'Der Name ist zu lang',
        invalid: 'Der Name ist ungültig',
      },
      email: {
        required: 'Bitte gib deine E-Mail-Adresse ein',
        too_long: 'Die E-Mail-Adresse ist zu lang',
        invalid: 'Bitte gib eine gültige E-Mail-Adresse ein',
      },
      phone: { required: 'Bitte gib deine Telefonnummer ein', too_long: 'Die Telefonnummer ist zu lang', invalid: 'Die Telefonnummer ist ungültig' },
    },
  },
} as const satisfies Record<'en' | 'de', LeadMessageSet>;

interface LeadMessageSet {
  emailRegistered: string;
  invalidData: string;
  generic: string;
  webinarFailed: string;
  rateLimited: string;
  fields: Record<LeadField, Record<LeadFieldProblem, string>>;
}

export type LeadLanguage = keyof typeof LEAD_MESSAGES;

/** The error codes of the public sign-up endpoints; the forms pick their text by code. */
export const LEAD_ERROR_CODES = {
  emailRegistered: 'email_registered',
  invalidData: 'invalid_data',
  validation: 'validation',
  rateLimited: 'rate_limited',
  failed: 'signup_failed',
} as const;

/** The waiting-list form's text for a failed sign-up, by the error's code. */
export function waitingListErrorText(code: string, language: LeadLanguage): string {
  const m = LEAD_MESSAGES[language];
  switch (code) {
    case LEAD_ERROR_CODES.emailRegistered:
      return m.emailRegistered;
    case LEAD_ERROR_CODES.invalidData:
    case LEAD_ERROR_CODES.validation:
      return m.invalidData;
    case LEAD_ERROR_CODES.rateLimited:
      return m.rateLimited;
    default:
      return m.generic;
  }
}
