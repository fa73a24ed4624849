/** Contact enumerations and their labels: one source for the database, the API and the forms. */

export const CONTACT_STATUSES = ['lead', 'prospect', 'customer'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const DEFAULT_CONTACT_STATUS: ContactStatus = 'lead';

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  lead: 'Lead',
  prospect: 'Prospect',
  customer: 'Customer',
};

/** lem_landing is the waiting-list page's source. */
export const CONTACT_SOURCES = [
  'manual',
  'landing_page',
  'webinar_signup',
  'lem_landing',
  'referral',
  'social',
  'email',
] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const DEFAULT_CONTACT_SOURCE: ContactSource = 'manual';

export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  manual: 'Manual Entry',
  landing_page: 'Landing Page',
  webinar_signup: 'Webinar Signup',
  lem_landing: 'Waiting List',
  referral: 'Referral',
  social: 'Social Media',
  email: 'Email',
};

export const EMAIL_MAX = 320;

/**
 * The one email rule of every form (staff, sign-in, public sign-up): name@domain.tld with letters,
 * digits and `_ ' + - .` before the @ (no leading, trailing or doubled dot) and a dotted host name.
 * Stricter than RFC 5322 on purpose: an address is shown, exported and sent to Kit, so no markup
 * characters (`"<>()/=`) ever get in.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[\w'+.-]*[\w+-]@(?:[a-z\d][a-z\d-]*\.)+[a-z]{2,}$/i;

/** Whether a (trimmed) email follows the rule above and fits EMAIL_MAX. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

/** Contacts are unique by lower-cased, trimmed email. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
