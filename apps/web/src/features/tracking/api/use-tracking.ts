import { type trackedOrderReply, type trackingBody, type trackingReply } from '@shop/shared'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { trackingKeys } from '../../../lib/query-keys.ts'

/** POST keeps the phone number out of URLs and logs (docs/decisions.md, Tracking). */
export function useTrackOrders() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      api<typeof trackingReply>('/tracking', { method: 'POST', body: { phoneNumber } satisfies z.input<typeof trackingBody> }).then((data) => data.orders),
  })
}

export function useTrackedOrderDetails(orderId: string | null, phoneNumber: string) {
  return useQuery({
    queryKey: trackingKeys.details(orderId, phoneNumber),
    queryFn: ({ signal }) =>
      api<typeof trackedOrderReply>(`/tracking/${orderId}`, { method: 'POST', body: { phoneNumber }, signal }).then((data) => data.order),
    enabled: orderId !== null,
    staleTime: 0,
    retry: false,
  })
}
