import { pickUrlParameters } from '@shared/leads/form.ts';

/**
 * The URL parameters a visitor arrived with (utm_* and the rest), kept for the visit: someone who
 * lands on / from a newsletter and signs up two pages later still brings the newsletter's tags.
 */
const STORAGE_KEY = 'mycrm.url-parameters';

export function rememberUrlParameters(search: string): void {
  const fresh = pickUrlParameters(search);
  if (Object.keys(fresh).length === 0) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pickUrlParameters(new URLSearchParams({ ...readStored(), ...fresh }))));
  } catch {
    // storage blocked: the current page's parameters are still sent
  }
}

function readStored(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** What a sign-up sends: the remembered parameters, the current page's on top. */
export function urlParametersForSignup(): Record<string, string> {
  return pickUrlParameters(new URLSearchParams({ ...readStored(), ...pickUrlParameters(window.location.search) }));
}
