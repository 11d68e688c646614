import {
  type adminProductList,
  type adminProductReply,
  type communesReply,
  type deliveryQuote,
  type ManualOrderBody,
  type orderPage,
  type OrderEditBody,
  type orderEditReply,
  type OrderEditReply,
} from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { orderKeys } from './order-keys.ts'

function putEdit(id: string, body: OrderEditBody, signal?: AbortSignal): Promise<OrderEditReply> {
  return api<typeof orderEditReply>(`/admin/orders/${encodeURIComponent(id)}`, { method: 'PUT', body, signal })
}

/**
 * The new totals of an edit before it is saved: the server prices it (fee, coupon, stock) and writes
 * nothing. Asked again whenever the draft changes (`draft` null: nothing to ask yet).
 */
export function useEditPreview(id: string, draft: OrderEditBody | null) {
  const key = draft ? JSON.stringify(draft) : ''
  return useQuery({
    queryKey: orderKeys.editPreview(id, key),
    queryFn: ({ signal }) => putEdit(id, { ...(draft as OrderEditBody), preview: true }, signal),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })
}

/** Saves the edit; the order, the lists and the dashboard are read again after it. */
export function useSaveEdit(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OrderEditBody) => putEdit(id, { ...body, preview: false }),
    onSuccess: async (reply) => {
      if (reply.page) queryClient.setQueryData(orderKeys.detail(id), reply.page)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
      ])
    },
  })
}

/** A product's variants with their stock (`GET /admin/products/:id`). */
export function useOrderProduct(productId: string | null) {
  return useQuery({
    queryKey: orderKeys.product(productId ?? ''),
    queryFn: ({ signal }) => api<typeof adminProductReply>(`/admin/products/${encodeURIComponent(productId ?? '')}`, { signal }).then((d) => d.product),
    enabled: Boolean(productId),
    staleTime: 30_000,
  })
}

/** Active products whose name matches, to add a line (two letters at least). */
export function useProductSearch(term: string) {
  const trimmed = term.trim()
  return useQuery({
    queryKey: orderKeys.productSearch(trimmed),
    queryFn: ({ signal }) =>
      api<typeof adminProductList>(`/admin/products?${new URLSearchParams({ search: trimmed, active: 'true', limit: '8' })}`, { signal }).then(
        (d) => d.products,
      ),
    enabled: trimmed.length >= 2,
  })
}

/** The communes of a wilaya of the shop's division. */
export function useCommunes(wilaya: number | null) {
  return useQuery({
    queryKey: orderKeys.communes(wilaya ?? 0),
    queryFn: ({ signal }) => api<typeof communesReply>(`/location/states/${wilaya}/cities`, { signal }).then((d) => d.cities),
    enabled: wilaya !== null && wilaya > 0,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** The delivery fee checkout would charge for a wilaya and delivery type (`GET /shipping/one`). */
export function useDeliveryFee(wilaya: number | null, type: string) {
  return useQuery({
    queryKey: orderKeys.deliveryFee(wilaya ?? 0, type),
    queryFn: ({ signal }) => api<typeof deliveryQuote>(`/shipping/one?${new URLSearchParams({ wilaya: String(wilaya), type })}`, { signal }),
    enabled: wilaya !== null && wilaya > 0,
    retry: false,
  })
}

/** `POST /admin/orders`: an order taken by staff for a customer; the lists and the dashboard are read again. */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ManualOrderBody) => api<typeof orderPage>('/admin/orders', { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
      ])
    },
  })
}
