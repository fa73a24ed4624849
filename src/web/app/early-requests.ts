import { staffPageRequests } from '@shared/early-requests.ts';
import { requestEarly } from '@web/lib/early-requests.ts';

/**
 * On a staff page, asks for the session at once and, once it is known to be signed in (a signed-out
 * visitor only gets the sign-in page), for the screen's first data: all while the screen's code
 * loads. The server named the same requests as preloads, so the browser may already have them.
 */
export function startEarlyRequests({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  const requests = staffPageRequests(pathname, search);
  if (!requests) return;
  requestEarly(requests.session).then(
    (session) => {
      if (session.ok) requests.screen.forEach(requestEarly);
    },
    () => undefined,
  );
}
