import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/dashboard.ts';
import { get } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The dashboard's counts and recent contacts (src/server/dashboard/routes.ts), in one request. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => get<DashboardResponse>('/api/dashboard'),
  });
}
