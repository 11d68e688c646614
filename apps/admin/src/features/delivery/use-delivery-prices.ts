import { type DeliveryDefaults, deliveryDefaultsReply, deliveryTable, wilayaPriceReply, type wilayaPricesBody } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'

const KEY = ['delivery-prices'] as const

export function useDeliveryPrices() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/admin/delivery-prices', deliveryTable, { signal }) })
}

export type DeliveryChange =
  | ({ kind: 'wilaya'; code: number } & z.input<typeof wilayaPricesBody>)
  | { kind: 'defaults'; defaults: DeliveryDefaults }

export function useSaveDeliveryPrice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: DeliveryChange): Promise<void> => {
      await (change.kind === 'wilaya'
        ? api(`/admin/delivery-prices/${change.code}`, wilayaPriceReply, {
            method: 'PUT',
            body: { domicil: change.domicil, stopdesk: change.stopdesk, returnPrice: change.returnPrice } satisfies z.input<typeof wilayaPricesBody>,
          })
        : api('/admin/delivery-prices/defaults', deliveryDefaultsReply, { method: 'PUT', body: change.defaults }))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
