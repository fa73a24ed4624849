/*
 * A staff page's first screen renders once, with its data. On a page load the session and the
 * screen's first data are already on their way (early requests), so the routes' loaders wait for
 * them before the first render: the screen appears with its rows instead of a spinner, then a
 * second render and layout. Later navigations inside the app start the same queries at once but
 * do not wait: the next screen shows at once, with its own loading state.
 */

import type { LoaderFunction } from 'react-router';

let pageLoading = true;

/** Called by the router when its first navigation (the page load) is done. */
export function pageLoaded(): void {
  pageLoading = false;
}

/** For a route's loader: starts `prefetch` (a query client's prefetch, which never fails) and, while the page loads, waits for it. */
export function loadFirstData(prefetch: () => Promise<void>): Promise<null> | null {
  const done = prefetch();
  return pageLoading ? done.then(() => null) : null;
}

/**
 * A route's part for such a loader. The loaders only fill the query cache, whose queries keep
 * themselves fresh: a changed search never runs them again.
 */
export const firstDataRoute = (loader: LoaderFunction) => ({ loader, shouldRevalidate: () => false });
