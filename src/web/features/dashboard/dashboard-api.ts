import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATH, dashboardResponseSchema } from '@shared/dashboard/api.ts';
import { apiParsed } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The dashboard's counts and recent contacts (src/server/dashboard/routes.ts), in one request. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => apiParsed(dashboardResponseSchema, 'GET', DASHBOARD_PATH),
  });
}
