import type { CallOutcome, OrderStatus, ReturnRequestStatus } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import type { OrderPage } from '../types.ts'
import { orderKeys } from './order-keys.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => legacyApi<OrderPage>(`/admin/orders/${encodeURIComponent(id)}`, { signal }),
  })
}

export type OrderAction =
  | { kind: 'status'; status: OrderStatus; note?: string; version: number }
  | { kind: 'call'; outcome: CallOutcome; note?: string; version: number }
  | { kind: 'markPaid'; version: number }
  | { kind: 'edit'; deliveryTrackingId: string; version: number }
  | { kind: 'staffNote'; text: string }
  | { kind: 'returnRequest'; requestId: string; status: ReturnRequestStatus; note?: string }

function send(id: string, action: OrderAction): Promise<unknown> {
  const base = `/admin/orders/${encodeURIComponent(id)}`
  switch (action.kind) {
    case 'status':
      return legacyApi(`${base}/status`, {
        method: 'POST',
        body: { status: action.status, note: action.note || undefined, version: action.version },
      })
    case 'call':
      return legacyApi(`${base}/call`, {
        method: 'POST',
        body: { outcome: action.outcome, note: action.note || undefined, version: action.version },
      })
    case 'markPaid':
      return legacyApi(`${base}/mark-paid`, { method: 'POST', body: { version: action.version } })
    case 'edit':
      return legacyApi(base, {
        method: 'PATCH',
        body: { deliveryTrackingId: action.deliveryTrackingId, version: action.version },
      })
    case 'staffNote':
      return legacyApi(`${base}/notes`, { method: 'POST', body: { text: action.text } })
    case 'returnRequest':
      return legacyApi(`${base}/return-requests/${encodeURIComponent(action.requestId)}`, {
        method: 'PATCH',
        body: { status: action.status, note: action.note || undefined },
      })
  }
}

/**
 * Every change to an order carries the version staff saw; the server answers 409 ORDER_CONFLICT when someone
 * else changed it meanwhile. After any outcome the order is read again, so the page shows the server's truth.
 */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: OrderAction) => send(id, action),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
      ])
    },
  })
}
