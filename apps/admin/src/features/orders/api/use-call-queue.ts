import type { CallOutcome, callQueueNextReply, CallQueueCurrent, callQueueReply, orderCallBody, orderPage } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { orderKeys } from './order-keys.ts'

/** `GET /admin/call-queue`: the orders to call now and the count of each bucket; kept fresh while agents work. */
export function useCallQueue() {
  return useQuery({
    queryKey: orderKeys.callQueue(),
    queryFn: ({ signal }) => api<typeof callQueueReply>('/admin/call-queue', { signal }),
    // a callback comes due, another agent takes an order: the counts follow without a reload
    refetchInterval: 15_000,
  })
}

/** `POST /admin/call-queue/next`: the next order, held for the caller for the shop's lease. */
export function useNextOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<typeof callQueueNextReply>('/admin/call-queue/next', { method: 'POST' }).then((reply) => reply.current),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.callQueue() }),
  })
}

export interface CallRecord {
  outcome: CallOutcome
  note?: string
  callbackAt?: string
}

/** Records a call's outcome on the current order (its version); the lease ends and the queue is read again. */
export function useRecordCall(current: CallQueueCurrent | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (call: CallRecord) => {
      if (!current) throw new Error('no current order')
      const body = { outcome: call.outcome, note: call.note || undefined, callbackAt: call.callbackAt, version: current.order.version }
      return api<typeof orderPage>(`/admin/orders/${encodeURIComponent(current.order._id)}/call`, {
        method: 'POST',
        body: body satisfies z.input<typeof orderCallBody>,
      })
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.callQueue() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
      ])
    },
  })
}
