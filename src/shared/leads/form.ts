import { EMAIL_MAX, isValidEmail } from '../contacts.ts';
import { textProblem } from '../text/characters.ts';

/**
 * The sign-up form's rules, shared by the modals and the server. No zod here: the public pages
 * import this file and must stay light.
 */

export const LEAD_LIMITS = {
  fullName: 200,
  email: EMAIL_MAX,
  phone: 50,
  urlParameters: 20,
  urlParameterKey: 100,
  urlParameterValue: 500,
} as const;

/** A hidden field people never see or fill; bots that fill every field give themselves away. */
export const LEAD_HONEYPOT_FIELD = 'website';

export interface LeadFormValues {
  full_name: string;
  email: string;
  phone: string;
}

export type LeadField = keyof LeadFormValues;
export type LeadFieldProblem = 'required' | 'invalid' | 'too_long';

/**
 * Full name required, email required and well-formed (the staff form's rule), phone optional; each
 * within its length and free of control characters.
 */
export function leadFormProblems(values: LeadFormValues): Partial<Record<LeadField, LeadFieldProblem>> {
  const problems: Partial<Record<LeadField, LeadFieldProblem>> = {};
  const name = values.full_name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (!name) problems.full_name = 'required';
  else if (name.length > LEAD_LIMITS.fullName) problems.full_name = 'too_long';
  else if (textProblem(name)) problems.full_name = 'invalid';
  if (!email) problems.email = 'required';
  else if (email.length > LEAD_LIMITS.email) problems.email = 'too_long';
  else if (!isValidEmail(email)) problems.email = 'invalid';
  if (phone.length > LEAD_LIMITS.phone) problems.phone = 'too_long';
  else if (textProblem(phone)) problems.phone = 'invalid';
  return problems;
}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King"; one word is a first name only. */
export function splitFullName(fullName: string): { first_name: string; last_name: string | null } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.length ? rest.join(' ') : null };
}

/**
 * The query parameters worth keeping from a page address (utm_* and any others), within the
 * limits the server accepts: at most 20, keys and values trimmed to their maximum length.
 */
export function pickUrlParameters(search: string | URLSearchParams): Record<string, string> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const picked: Record<string, string> = {};
  for (const [rawKey, rawValue] of params) {
    const key = rawKey.trim().slice(0, LEAD_LIMITS.urlParameterKey);
    if (!key || key in picked) continue;
    if (Object.keys(picked).length >= LEAD_LIMITS.urlParameters) break;
    picked[key] = rawValue.trim().slice(0, LEAD_LIMITS.urlParameterValue);
  }
  return picked;
}
