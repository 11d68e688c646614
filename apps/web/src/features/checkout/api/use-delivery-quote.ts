/**
 * Delivery fee for a wilaya and a delivery type, from the shop's price table (GET /shipping/wilaya/:code,
 * one request per wilaya gives both types). docs/decisions.md (Checkout and orders): the shopper always sees the fee that will be
 * charged — no invented fallback price; while it loads or fails, `fee` is undefined and the order
 * should wait (show <DeliveryFee />, which says "free" for 0).
 *
 *   const quote = useDeliveryQuote(wilayaCode, deliveryType)
 *   quote.fee            // number | undefined (whole dinars)
 *   quote.isFree         // fee === 0
 *   quote.stopdeskAvailable, quote.isLoading, quote.isError, quote.refetch()
 */
import { type DeliveryType, type wilayaFees } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { deliveryKeys } from '../../../lib/query-keys.ts'

export function useDeliveryPrices(wilayaCode: string) {
  return useQuery({
    queryKey: deliveryKeys.wilaya(wilayaCode),
    queryFn: ({ signal }) => api<typeof wilayaFees>(`/shipping/wilaya/${encodeURIComponent(wilayaCode)}`, { signal }),
    enabled: wilayaCode !== '',
    // Fees change rarely, but a stale fee would be refused at order time (409): a minute is a fair compromise.
    staleTime: 60_000,
  })
}

export interface DeliveryQuote {
  fee: number | undefined
  isFree: boolean
  stopdeskAvailable: boolean
  isLoading: boolean
  isError: boolean
  refetch: () => void
}

export function useDeliveryQuote(wilayaCode: string, type: DeliveryType | '' | undefined): DeliveryQuote {
  const prices = useDeliveryPrices(wilayaCode)
  const data = prices.data
  let fee: number | undefined
  if (data && type === 'domicil') fee = data.domicil
  if (data && type === 'stopdesk') fee = data.stopdesk ?? undefined
  return {
    fee,
    isFree: fee === 0,
    stopdeskAvailable: data ? data.stopdesk !== null : true,
    isLoading: wilayaCode !== '' && prices.isPending,
    isError: prices.isError,
    refetch: () => void prices.refetch(),
  }
}
