import { type DeliveryDefaults, type deliveryDefaultsReply, type deliveryTable, type wilayaPriceReply, type wilayaPricesBody } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'

const KEY = ['delivery-prices'] as const

export function useDeliveryPrices() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<typeof deliveryTable>('/admin/delivery-prices', { signal }) })
}

export type DeliveryChange =
  | ({ kind: 'wilaya'; code: number } & z.input<typeof wilayaPricesBody>)
  | { kind: 'defaults'; defaults: DeliveryDefaults }

export function useSaveDeliveryPrice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: DeliveryChange): Promise<void> => {
      await (change.kind === 'wilaya'
        ? api<typeof wilayaPriceReply>(`/admin/delivery-prices/${change.code}`, {
            method: 'PUT',
            body: { domicil: change.domicil, stopdesk: change.stopdesk, returnPrice: change.returnPrice } satisfies z.input<typeof wilayaPricesBody>,
          })
        : api<typeof deliveryDefaultsReply>('/admin/delivery-prices/defaults', { method: 'PUT', body: change.defaults }))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
