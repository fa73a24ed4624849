import { createBrowserRouter, type RouteObject } from 'react-router';
import { CRM_NAV } from '../../shared/routes.ts';
import { ScreenTitle } from '../features/crm-shell/screen-title.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every page, each loaded on demand: the public site never downloads CRM or builder code.
 * Paths come from src/shared/routes.ts, which the server also uses to answer unknown paths with 404.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

const crmTitle = (path: string) => CRM_NAV.find((n) => n.path === path)!.label;

const crmScreens: RouteObject[] = [
  { index: true, element: <ScreenTitle title={crmTitle('/crm')} /> },
  { path: 'contacts', element: <ScreenTitle title={crmTitle('/crm/contacts')} /> },
  { path: 'tags', element: <ScreenTitle title={crmTitle('/crm/tags')} /> },
  { path: 'landing-pages', element: <ScreenTitle title={crmTitle('/crm/landing-pages')} /> },
  { path: 'kit', element: <ScreenTitle title={crmTitle('/crm/kit')} /> },
  { path: 'calendar-link-creator', element: <ScreenTitle title={crmTitle('/crm/calendar-link-creator')} /> },
  { path: 'calendar-events', element: <ScreenTitle title={crmTitle('/crm/calendar-events')} /> },
];

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: page(() => import('../features/site/home-page.tsx')) },
      { path: '/login', lazy: page(() => import('../features/auth/login-page.tsx')) },
      { path: '/setup', lazy: page(() => import('../features/auth/setup-page.tsx')) },
      {
        path: '/crm',
        lazy: async () => {
          const { default: CrmLayout } = await import('../features/crm-shell/crm-layout.tsx');
          return { element: <RequireSession><CrmLayout /></RequireSession> };
        },
        children: crmScreens,
      },
      { path: '*', lazy: page(() => import('../features/not-found/not-found-page.tsx')) },
    ],
  },
]);
