import { useMutation, useQuery } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import { trackingKeys } from '../../../lib/query-keys.ts'
import type { TrackedOrder } from '../types.ts'

/** POST keeps the phone number out of URLs and logs (docs/decisions.md, Tracking). */
export function useTrackOrders() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      legacyApi<{ orders?: TrackedOrder[] }>('/tracking', { method: 'POST', body: { phoneNumber } }).then((data) => data.orders ?? []),
  })
}

export function useTrackedOrderDetails(orderId: string | null, phoneNumber: string) {
  return useQuery({
    queryKey: trackingKeys.details(orderId, phoneNumber),
    queryFn: ({ signal }) =>
      legacyApi<{ order: TrackedOrder }>(`/tracking/${orderId}`, { method: 'POST', body: { phoneNumber }, signal }).then((data) => data.order),
    enabled: orderId !== null,
    staleTime: 0,
    retry: false,
  })
}
