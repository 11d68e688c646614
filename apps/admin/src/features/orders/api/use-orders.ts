import { type adminOrderList, type BulkOrdersBody, type bulkOrdersReply, type orderExportCheck, type staffAssigneesReply, type wilayasReply } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { orderKeys } from './order-keys.ts'

/** One page of the list; the previous page stays on screen while the next loads, so the table never blanks. */
export function useOrders(query: string) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => api<typeof adminOrderList>(`/admin/orders?${query}`, { signal }),
    placeholderData: keepPreviousData,
    // Orders come in all day: the list refreshes itself every minute (paused in a hidden tab).
    refetchInterval: 60_000,
  })
}

/** The wilayas of the division the shop shows, for the filter. */
export function useWilayas() {
  return useQuery({
    queryKey: orderKeys.wilayas(),
    queryFn: ({ signal }) => api<typeof wilayasReply>('/location/states', { signal }).then((data) => data.states),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** `POST /admin/orders/bulk`: one action on the ticked orders, each on its own; the lists and dashboard are read again. */
/** Which ticked orders the courier CSV leaves out, and why (managers: the export is theirs). */
export function useExportCheck(ids: readonly string[], enabled: boolean) {
  const list = ids.join(',')
  return useQuery({
    queryKey: orderKeys.exportCheck(list),
    queryFn: ({ signal }) => api<typeof orderExportCheck>(`/admin/orders/export-check?ids=${list}`, { signal }).then((d) => d.orders),
    enabled: enabled && ids.length > 0,
  })
}

/** Who orders can be given to (managers only: the bulk "assign" action). */
export function useAssignees(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.assignees(),
    queryFn: ({ signal }) => api<typeof staffAssigneesReply>('/admin/staff/assignees', { signal }).then((d) => d.staff),
    enabled,
    staleTime: 60_000,
  })
}

export function useBulkOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BulkOrdersBody) => api<typeof bulkOrdersReply>('/admin/orders/bulk', { method: 'POST', body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
      ])
    },
  })
}
