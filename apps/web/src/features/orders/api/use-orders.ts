import { type clientOrdersReply, type placedOrderReply, type returnRequestBody } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { ordersKeys } from '../../../lib/query-keys.ts'

export const ORDERS_PAGE_SIZE = 10

export interface OrderFilters {
  status: string
  startDate: string
  endDate: string
  search: string
  page: number
}

/** GET /order/client: newest first, 10 a page; empty filters are left out of the query. */
export function useOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: ordersKeys.list(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: String(ORDERS_PAGE_SIZE), sort: '-createdAt' })
      if (filters.status) query.set('status', filters.status)
      if (filters.startDate) query.set('startDate', filters.startDate)
      if (filters.endDate) query.set('endDate', filters.endDate)
      if (filters.search.trim()) query.set('searchOrders', filters.search.trim())
      return api<typeof clientOrdersReply>(`/order/client?${query}`, { signal })
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useRequestReturn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      api<typeof placedOrderReply>(`/order/client/${orderId}/return`, { method: 'POST', body: { reason } satisfies z.input<typeof returnRequestBody> }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.all() }),
  })
}
