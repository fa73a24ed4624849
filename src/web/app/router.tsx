import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, matchPath, Outlet, useLocation, useMatch, useNavigationType, type DataRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { CALENDAR_DOWNLOAD_ROUTE } from '@shared/calendar/paths.ts';
import { useConsent } from '@web/features/site/consent/use-consent.ts';
import { firstDataRoute, pageLoaded } from './first-screen-data.ts';

/**
 * The staff app's pages, each loaded on demand. The public site is not part of it: its pages are
 * server HTML with small islands (src/web/prerender.tsx), so they never download this app at all.
 * Paths match src/shared/routes.ts, which the server uses to answer unknown paths with 404.
 */
type ScreenModule = { default: React.ComponentType; loader?: LoaderFunction };

/** A screen's lazy route: its component and, if the module has one, the loader that fills its first data. */
const page = (load: () => Promise<ScreenModule>) => async () => {
  const { default: Component, loader } = await load();
  return loader ? { Component, ...firstDataRoute(loader) } : { Component };
};

const crmScreens: RouteObject[] = [
  { index: true, lazy: page(() => import('@web/features/dashboard/dashboard-page.tsx')) },
  { path: 'contacts', lazy: page(() => import('./contacts-route.tsx')) },
  { path: 'contacts/:id', lazy: page(() => import('./contact-route.tsx')) },
  { path: 'tags', lazy: page(() => import('@web/features/tags/tags-page.tsx')) },
  { path: 'landing-pages', lazy: page(() => import('@web/features/landing-pages/landing-pages-page.tsx')) },
  { path: 'images', lazy: page(() => import('@web/features/images/images-page.tsx')) },
  { path: 'kit', lazy: page(() => import('@web/features/kit/kit-page.tsx')) },
  { path: 'calendar-link-creator', lazy: page(() => import('@web/features/calendar/creator-page.tsx')) },
  { path: 'calendar-events', lazy: page(() => import('@web/features/calendar/events-page.tsx')) },
  { path: 'landing-pages/convert', lazy: page(() => import('@web/features/converter/converter-page.tsx')) },
  { path: 'settings', lazy: page(() => import('@web/features/settings/settings-page.tsx')) },
];

/**
 * Any other path is a public page, which the server sends as a document of its own: a link to one
 * from a staff screen loads it from the server. Only the development server (Vite), which has no
 * prerendered pages, ever shows this route itself.
 */
function ServerPage() {
  const navigationType = useNavigationType();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (navigationType !== 'POP') window.location.assign(`${pathname}${search}${hash}`);
  }, [navigationType, pathname, search, hash]);
  return navigationType === 'POP' ? (
    <p className="p-8 text-sm text-gray-700">Public pages are served by the API server from the build: run `npm run build`, then open this address on its port.</p>
  ) : null;
}

// Loaded only when a screen fails, which keeps it (and its button styles) out of every page's start-up.
const RouteError = lazy(async () => ({ default: (await import('./route-error.tsx')).RouteError }));

const PublicPageCookieBanner = lazy(() => import('./public-page-cookie-banner.tsx'));

/**
 * The one public page this app serves (the .ics download page for newsletter readers). Staff screens
 * set no cookies and embed nothing, so the cookie banner belongs to the public pages only.
 */
export const isPublicAppPage = (pathname: string) => matchPath(CALENDAR_DOWNLOAD_ROUTE, pathname) !== null;

/**
 * On the public page, the cookie banner shows until the visitor chooses, first in the document so it is
 * the first stop of Tab (the prerendered pages carry their own). Its space is kept from the first frame
 * (data-consent="pending"), so loading it later moves nothing.
 */
function Root() {
  const consent = useConsent();
  const onPublicPage = useMatch(CALENDAR_DOWNLOAD_ROUTE) !== null;
  return (
    <>
      {onPublicPage && consent === null ? (
        <Suspense>
          <PublicPageCookieBanner />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: (
      <Suspense>
        <RouteError />
      </Suspense>
    ),
    children: [
      // The page behind the download URL in newsletters: public, standalone, without the staff data layer.
      { path: CALENDAR_DOWNLOAD_ROUTE, lazy: page(() => import('@web/features/calendar/public-download-page.tsx')) },
      {
        // Staff screens bring their own data layer (TanStack Query, toasts): public pages never load it.
        lazy: async () => {
          const { Providers } = await import('./staff-shell.ts');
          return {
            element: (
              <Providers>
                <Outlet />
              </Providers>
            ),
          };
        },
        children: [
          { path: '/login', lazy: page(() => import('@web/features/auth/login-page.tsx')) },
          { path: '/setup', lazy: page(() => import('@web/features/auth/setup-page.tsx')) },
          { path: '/invite', lazy: page(() => import('@web/features/auth/invite-page.tsx')) },
          {
            // Full screen, outside the CRM's sidebar layout; its own URL, so a reload stays in the builder.
            path: '/crm/landing-pages/:id/builder',
            lazy: async () => {
              const [{ default: BuilderPage }, { loadSession, RequireSession }, { ImageLibrary }] = await Promise.all([
                import('@web/features/builder/builder-page.tsx'),
                import('./staff-shell.ts'),
                import('@web/features/images/image-library.tsx'),
              ]);
              return {
                ...firstDataRoute(loadSession),
                element: (
                  <RequireSession>
                    <BuilderPage imagePicker={ImageLibrary} />
                  </RequireSession>
                ),
              };
            },
          },
          {
            path: '/crm',
            lazy: async () => {
              const { CrmLayout, loadSession, RequireSession } = await import('./staff-shell.ts');
              return {
                ...firstDataRoute(loadSession),
                element: (
                  <RequireSession>
                    <CrmLayout />
                  </RequireSession>
                ),
              };
            },
            children: crmScreens,
          },
        ],
      },
      { path: '*', Component: ServerPage },
    ],
  },
];

/**
 * The app's router, once its first screen is ready: the screen's code and, on a page load, its first
 * data (first-screen-data.ts). Rendering only then makes the first render that screen, whole, in one
 * pass; rendered at once, the app shows nothing until then either, and then draws the screen as a
 * transition, in 5 ms slices, each a task of its own.
 */
export function startRouter(): Promise<DataRouter> {
  const router = createBrowserRouter(routes);
  return new Promise((resolve) => {
    const ready = () => {
      pageLoaded();
      resolve(router);
    };
    if (router.state.initialized) return ready();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      ready();
    });
  });
}

export { RouterProvider } from 'react-router';
