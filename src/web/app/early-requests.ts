import { AUTH_PATHS } from '@shared/auth/api.ts';
import { contactsScreenRequests } from '@web/features/contacts/contact-view.ts';
import { requestEarly } from '@web/lib/early-requests.ts';

/** Per staff screen (its path), the requests it makes first. */
const SCREEN_REQUESTS: Record<string, (search: string) => string[]> = {
  '/crm/contacts': contactsScreenRequests,
};

/**
 * On a staff page, asks for the session at once and, once it is known to be signed in (a signed-out
 * visitor only gets the sign-in page), for the screen's first data: all while the screen's code loads.
 */
export function startEarlyRequests({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  if (!pathname.startsWith('/crm')) return;
  const screen = SCREEN_REQUESTS[pathname.replace(/\/+$/, '')];
  requestEarly(AUTH_PATHS.session).then(
    (session) => {
      if (session.ok) screen?.(search).forEach(requestEarly);
    },
    () => undefined,
  );
}
