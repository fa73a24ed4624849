import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATH, dashboardResponseSchema, SITE_CHECKLIST_PATH, siteChecklistResponseSchema } from '@shared/dashboard/api.ts';
import { apiParsed } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The dashboard's counts and recent contacts (src/server/dashboard/routes.ts), in one request. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => apiParsed(dashboardResponseSchema, 'GET', DASHBOARD_PATH),
  });
}

/** What the public site still shows from the shipped sample; it changes only with a build and a restart. */
export function useSiteChecklist() {
  return useQuery({
    queryKey: queryKeys.siteChecklist,
    queryFn: () => apiParsed(siteChecklistResponseSchema, 'GET', SITE_CHECKLIST_PATH),
    staleTime: Infinity,
  });
}
