import { adminOrderList } from '@shop/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, legacyApi } from '../../../lib/api.ts'
import { orderKeys } from './order-keys.ts'

/** One page of the list; the previous page stays on screen while the next loads, so the table never blanks. */
export function useOrders(query: string) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => api(`/admin/orders?${query}`, adminOrderList, { signal }),
    placeholderData: keepPreviousData,
    // Orders come in all day: the list refreshes itself every minute (paused in a hidden tab).
    refetchInterval: 60_000,
  })
}

/** A wilaya of the filter (the locations reply has more). */
export interface WilayaOption {
  code: number
  name: string
  nameAr?: string
  nameFr?: string
}

/** The wilayas of the division the shop shows, for the filter. */
export function useWilayas() {
  return useQuery({
    queryKey: orderKeys.wilayas(),
    queryFn: ({ signal }) => legacyApi<{ states: WilayaOption[] }>('/location/states', { signal }).then((data) => data.states),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
