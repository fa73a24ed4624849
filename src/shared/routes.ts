import { CALENDAR_DOWNLOAD_ROUTE } from './calendar/paths.ts';

/**
 * Every page path the browser app knows. The router is built from these, and the server answers
 * any other path with the 404 page and a 404 status (and logs it).
 */
export const CRM_NAV = [
  { path: '/crm', label: 'Dashboard' },
  { path: '/crm/contacts', label: 'Contacts' },
  { path: '/crm/tags', label: 'Tags' },
  { path: '/crm/landing-pages', label: 'Landing Pages' },
  { path: '/crm/images', label: 'Images' },
  { path: '/crm/kit', label: 'Kit Integration' },
  { path: '/crm/calendar-link-creator', label: 'Calendar Links' },
  { path: '/crm/calendar-events', label: 'Calendar Events' },
  { path: '/crm/settings', label: 'Settings' },
] as const;

/**
 * The staff shell's and each CRM screen's code, by source module (as src/web/app/router.tsx loads
 * them). The server names these chunks in each screen's Link header (server/spa/module-preloads.ts),
 * so the browser fetches the screen's code alongside the app's first script instead of after it has run.
 */
export const CRM_SHELL_MODULES = ['src/web/app/staff-shell.ts'] as const;
export const CRM_SCREEN_MODULES: Record<string, string> = {
  '/crm': 'src/web/features/dashboard/dashboard-page.tsx',
  '/crm/contacts': 'src/web/app/contacts-route.tsx',
  '/crm/tags': 'src/web/features/tags/tags-page.tsx',
  '/crm/landing-pages': 'src/web/features/landing-pages/landing-pages-page.tsx',
  '/crm/images': 'src/web/features/images/images-page.tsx',
  '/crm/kit': 'src/web/features/kit/kit-page.tsx',
  '/crm/calendar-link-creator': 'src/web/features/calendar/creator-page.tsx',
  '/crm/calendar-events': 'src/web/features/calendar/events-page.tsx',
  '/crm/landing-pages/convert': 'src/web/features/converter/converter-page.tsx',
  '/crm/settings': 'src/web/features/settings/settings-page.tsx',
};

/** CRM screens reached from another screen rather than from the navigation. */
export const CRM_SCREENS = [
  /** The HTML to JSON converter ('Convert HTML' in the landing pages admin). */
  '/crm/landing-pages/convert',
] as const;

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/setup',
  '/invite',
  '/impressum',
  '/cookie-policy',
  '/appointments',
  '/subscription-confirmed',
  '/learning-ecosystem-webinar',
  '/webinar-danke',
  '/2025-09-23-e3webinar',
  '/learning-ecosystem-mastery',
] as const;

/** Pages with a parameter, as patterns; the parameter is one non-empty path segment. */
const PARAM_PAGES = ['/lp/:slug', CALENDAR_DOWNLOAD_ROUTE, '/crm/landing-pages/:id/builder', '/crm/contacts/:id'] as const;

const exact = new Set<string>([...PUBLIC_PAGES, ...CRM_NAV.map((n) => n.path), ...CRM_SCREENS]);
const patterns = PARAM_PAGES.map((p) => new RegExp(`^${p.replace(/:[a-zA-Z]+/g, '[^/]+')}$`));

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return exact.has(path) || patterns.some((re) => re.test(path));
}
