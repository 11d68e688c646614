import {
  type BulkShipBody,
  type ExchangeBody,
  type orderShipmentsReply,
  type ShipOrderBody,
  type shipReply,
  type refreshReply,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { orderKeys } from './order-keys.ts'

/** The address of a parcel's label (a PDF through the store), or of several parcels' (or orders') labels merged. */
export const labelUrl = (shipmentId: string) => `/api/v1/admin/shipments/${encodeURIComponent(shipmentId)}/label`
export const labelsUrl = (ids: readonly string[]) => `/api/v1/admin/shipments/labels?ids=${ids.map(encodeURIComponent).join(',')}`

/** `GET /admin/orders/:id/shipments`: the order's parcels with their courier timelines, and the accounts to ship with. */
export function useOrderShipping(orderId: string) {
  return useQuery({
    queryKey: orderKeys.shipping(orderId),
    queryFn: ({ signal }) => api<typeof orderShipmentsReply>(`/admin/orders/${encodeURIComponent(orderId)}/shipments`, { signal }),
  })
}

/** After a parcel is made or cancelled the order changed too (status, tracking id, history): all read again. */
function useRefreshOrders() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
    ])
}

export type ShippingAction =
  | { kind: 'ship'; accountId?: string | undefined }
  | { kind: 'cancel'; shipmentId: string }
  | { kind: 'exchange'; body: ExchangeBody }

/** Ship, cancel a parcel, or send an exchange parcel; each answers with the result and the order is read again. */
export function useShippingAction(orderId: string) {
  const refresh = useRefreshOrders()
  const base = `/admin/orders/${encodeURIComponent(orderId)}`
  return useMutation({
    mutationFn: async (action: ShippingAction) => {
      switch (action.kind) {
        case 'ship': {
          const reply = await api<typeof shipReply>(`${base}/ship`, { method: 'POST', body: { accountId: action.accountId } satisfies ShipOrderBody })
          return reply.results[0] ?? null
        }
        case 'cancel':
          await api<typeof orderShipmentsReply>(`/admin/shipments/${encodeURIComponent(action.shipmentId)}/cancel`, { method: 'POST' })
          return null
        case 'exchange':
          await api<typeof orderShipmentsReply>(`${base}/exchange`, { method: 'POST', body: action.body })
          return null
      }
    },
    onSettled: refresh,
  })
}

/** `POST /admin/shipments`: the ticked orders to their couriers, a result per order. */
export function useBulkShip() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: (body: BulkShipBody) => api<typeof shipReply>('/admin/shipments', { method: 'POST', body }),
    onSettled: refresh,
  })
}

/** `POST /admin/shipments/refresh`: ask the couriers now. */
export function useRefreshShipments() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: () => api<typeof refreshReply>('/admin/shipments/refresh', { method: 'POST' }),
    onSettled: refresh,
  })
}
