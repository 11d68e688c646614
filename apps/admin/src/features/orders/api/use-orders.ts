import { type adminOrderList, type wilayasReply } from '@shop/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
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
