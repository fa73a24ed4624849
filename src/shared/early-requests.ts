import { AUTH_PATHS } from './auth/api.ts';
import { contactsScreenRequests } from './contacts/view.ts';

/** Per staff screen (its path), the requests it makes first, given the page's query string. */
const SCREEN_REQUESTS: Record<string, (search: string) => string[]> = {
  '/crm/contacts': contactsScreenRequests,
};

/**
 * What a staff page (/crm…) asks the server first: the session, then (once signed in) its screen's
 * first data. The server names them as preloads in the page's response and the app asks for them
 * as its first script runs, so they are on their way while the screen's code still loads.
 */
export function staffPageRequests(pathname: string, search: string): { session: string; screen: string[] } | null {
  if (!/^\/crm(\/|$)/.test(pathname)) return null;
  return { session: AUTH_PATHS.session, screen: SCREEN_REQUESTS[pathname.replace(/\/+$/, '')]?.(search) ?? [] };
}
