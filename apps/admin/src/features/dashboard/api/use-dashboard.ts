import { type dashboardFigures } from '@shop/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.figures(),
  queryFn: ({ signal }) => api<typeof dashboardFigures>('/admin/dashboard', { signal }),
  // The dashboard stays open on a laptop while orders come in; TanStack pauses this in a hidden tab.
  refetchInterval: 60_000,
})

export function useDashboard() {
  return useQuery(dashboardQuery)
}
