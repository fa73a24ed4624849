import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@web/components/ui/spinner.tsx';
import { queryClient } from '@web/lib/query-client.ts';
import { sessionQuery, useSession } from '@web/lib/session.ts';
import { loadFirstData } from './first-screen-data.ts';

/** The loader of the routes behind RequireSession: on a page load the check passes or fails in the first render. */
export const loadSession = () => loadFirstData(() => queryClient.prefetchQuery(sessionQuery));

/** For a screen's loader: its first data, asked for only once the visitor is known to be signed in (anyone else is sent to sign in). */
export const loadScreenData = (prefetch: () => Promise<void>) =>
  loadFirstData(async () => {
    const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
    if (user) await prefetch();
  });

/** Renders its children for a signed-in user; sends anyone else to /login, remembering the way back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}
