import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/dashboard.ts';
import { get } from '@web/lib/api.ts';

/** The dashboard's counts and recent contacts (src/server/dashboard/routes.ts), in one request. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => get<DashboardResponse>('/api/dashboard'),
  });
}
