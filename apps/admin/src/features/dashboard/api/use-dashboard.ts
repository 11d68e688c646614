import { queryOptions, useQuery } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import type { DashboardFigures } from '../types.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.figures(),
  queryFn: ({ signal }) => legacyApi<DashboardFigures>('/admin/dashboard', { signal }),
  // The dashboard stays open on a laptop while orders come in; TanStack pauses this in a hidden tab.
  refetchInterval: 60_000,
})

export function useDashboard() {
  return useQuery(dashboardQuery)
}
