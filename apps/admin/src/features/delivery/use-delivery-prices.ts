import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import type { DeliveryDefaults, DeliveryPrices } from './types.ts'

const KEY = ['delivery-prices'] as const

export function useDeliveryPrices() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<DeliveryPrices>('/admin/delivery-prices', { signal }) })
}

export type DeliveryChange =
  | { kind: 'wilaya'; code: number; domicil: number; stopdesk: number | null; returnPrice: number }
  | { kind: 'defaults'; defaults: DeliveryDefaults }

export function useSaveDeliveryPrice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: DeliveryChange) =>
      change.kind === 'wilaya'
        ? api<unknown>(`/admin/delivery-prices/${change.code}`, {
            method: 'PUT',
            body: { domicil: change.domicil, stopdesk: change.stopdesk, returnPrice: change.returnPrice },
          })
        : api<unknown>('/admin/delivery-prices/defaults', { method: 'PUT', body: change.defaults }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
