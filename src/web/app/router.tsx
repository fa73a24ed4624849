import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { CookieBanner } from '@web/features/site/consent/cookie-banner.tsx';
import { loadSiteSettings } from '@web/features/site/content/site-store.ts';
import { loadNamespaces } from '@web/lib/i18n.ts';

/**
 * Every page, each loaded on demand: the public site never downloads CRM or builder code.
 * Paths match src/shared/routes.ts, which the server uses to answer unknown paths with 404.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** What the prerender needs to know about a public page: the text namespaces it shows. */
export interface SitePageHandle {
  namespaces: string[];
  webinarContent?: boolean;
}

/** A public page: its code, its texts and the site settings, all loaded before it renders. */
const sitePage = (path: string, load: () => Promise<{ default: React.ComponentType }>, handle: SitePageHandle): RouteObject => ({
  path,
  handle,
  lazy: async () => {
    const [module] = await Promise.all([load(), loadNamespaces(['common', ...handle.namespaces]), loadSiteSettings()]);
    return { Component: module.default };
  },
});

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

/** The public site (bilingual; prerendered at build time and hydrated in the browser), one file of code. */
const sitePages = () => import('@web/features/site/site-pages.ts');
const siteRoutes: RouteObject[] = [
  sitePage('/', async () => ({ default: (await sitePages()).HomePage }), { namespaces: ['home'] }),
  sitePage('/impressum', async () => ({ default: (await sitePages()).ImpressumPage }), { namespaces: ['impressum'] }),
  sitePage('/cookie-policy', async () => ({ default: (await sitePages()).CookiePolicyPage }), { namespaces: ['cookiePolicy'] }),
  sitePage('/appointments', async () => ({ default: (await sitePages()).AppointmentsPage }), { namespaces: ['appointments'] }),
  sitePage('/subscription-confirmed', async () => ({ default: (await sitePages()).SubscribedPage }), { namespaces: ['subscribed'] }),
  sitePage('/learning-ecosystem-webinar', async () => ({ default: (await sitePages()).WebinarPage }), {
    namespaces: ['webinar'],
    webinarContent: true,
  }),
  sitePage('/webinar-danke', async () => ({ default: (await sitePages()).ThanksPage }), { namespaces: ['thanks'] }),
  sitePage('/2025-09-23-e3webinar', async () => ({ default: (await sitePages()).ReplayPage }), { namespaces: ['replay'] }),
  sitePage('/learning-ecosystem-mastery', async () => ({ default: (await sitePages()).MasteryPage }), { namespaces: ['mastery'] }),
  // A landing page of type react shows the waiting-list page (the server sends its prerendered HTML).
  sitePage('/lp/:slug', async () => ({ default: (await sitePages()).MasteryPage }), { namespaces: ['mastery'] }),
  sitePage('*', () => import('@web/features/not-found/not-found-page.tsx'), { namespaces: ['notFound'] }),
];

// Loaded only when a screen fails, which keeps it (and its button styles) out of every page's start-up.
const RouteError = lazy(async () => ({ default: (await import('./route-error.tsx')).RouteError }));

/** The cookie banner shows on every page (spec 002, section 2), first in the document so it is the first stop of Tab. */
function Root() {
  return (
    <>
      <CookieBanner />
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
      { lazy: async () => ({ Component: (await sitePages()).SiteLayout }), children: siteRoutes },
      // The page behind the download URL in newsletters: public, standalone, without the staff data layer.
      { path: '/api/calendar/ics/:eventId', lazy: page(() => import('@web/features/calendar/public-download-page.tsx')) },
      {
        // Staff screens bring their own data layer (TanStack Query, toasts): public pages never load it.
        lazy: async () => {
          const { Providers } = await import('./providers.tsx');
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
              const [{ default: BuilderPage }, { RequireSession }, { ImageLibrary }] = await Promise.all([
                import('@web/features/builder/builder-page.tsx'),
                import('./require-session.tsx'),
                import('@web/features/images/image-library.tsx'),
              ]);
              return {
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
              const [{ default: CrmLayout }, { RequireSession }] = await Promise.all([
                import('@web/features/crm-shell/crm-layout.tsx'),
                import('./require-session.tsx'),
              ]);
              return {
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
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
// For main.tsx, which loads this module on demand: named here, so the bundler keeps only what is used.
export { RouterProvider } from 'react-router';
