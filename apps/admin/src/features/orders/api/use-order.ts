import {
  type OrderPageCallOutcome,
  type orderCallBody,
  type orderPage,
  type OrderPage,
  type orderPatchBody,
  type orderStatusBody,
  type OrderStatus,
  type orderVersionBody,
  type ReturnDecision,
  type returnDecisionBody,
  type staffNoteBody,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { orderKeys } from './order-keys.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** `GET /admin/orders/:id`: the order, its history, notes, returns and the moves the caller's role may make. */
export function fetchOrderPage(id: string, signal?: AbortSignal): Promise<OrderPage> {
  return api<typeof orderPage>(`/admin/orders/${encodeURIComponent(id)}`, { signal })
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => fetchOrderPage(id, signal),
  })
}

export type OrderAction =
  | { kind: 'status'; status: OrderStatus; note?: string; version: number }
  | { kind: 'call'; outcome: OrderPageCallOutcome; note?: string; version: number }
  | { kind: 'markPaid'; version: number }
  | { kind: 'edit'; deliveryTrackingId: string; version: number }
  | { kind: 'staffNote'; text: string }
  | { kind: 'returnRequest'; requestId: string; status: ReturnDecision; note?: string }

/** Every change replies with the order page as it now is. */
function send(id: string, action: OrderAction): Promise<OrderPage> {
  const base = `/admin/orders/${encodeURIComponent(id)}`
  switch (action.kind) {
    case 'status':
      return api<typeof orderPage>(`${base}/status`, {
        method: 'POST',
        body: { status: action.status, note: action.note || undefined, version: action.version } satisfies z.input<typeof orderStatusBody>,
      })
    case 'call':
      return api<typeof orderPage>(`${base}/call`, {
        method: 'POST',
        body: { outcome: action.outcome, note: action.note || undefined, version: action.version } satisfies z.input<typeof orderCallBody>,
      })
    case 'markPaid':
      return api<typeof orderPage>(`${base}/mark-paid`, { method: 'POST', body: { version: action.version } satisfies z.input<typeof orderVersionBody> })
    case 'edit':
      return api<typeof orderPage>(base, {
        method: 'PATCH',
        body: { deliveryTrackingId: action.deliveryTrackingId, version: action.version } satisfies z.input<typeof orderPatchBody>,
      })
    case 'staffNote':
      return api<typeof orderPage>(`${base}/notes`, { method: 'POST', body: { text: action.text } satisfies z.input<typeof staffNoteBody> })
    case 'returnRequest':
      return api<typeof orderPage>(`${base}/return-requests/${encodeURIComponent(action.requestId)}`, {
        method: 'PATCH',
        body: { status: action.status, note: action.note || undefined } satisfies z.input<typeof returnDecisionBody>,
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
