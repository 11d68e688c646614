import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { legacyApi } from '../../../lib/api.ts'
import type { PlacedOrder } from '../types.ts'

export interface PlaceOrderBody {
  orderItems: { productId: string; quantity: number; size?: string; color?: string; price: number }[]
  customerInfo: { firstName: string; lastName: string; phone: string; email: string | null }
  shippingAddress: { wilayaId: string; communeId: number; type: 'domicil' | 'stopdesk'; address?: string }
  paymentMethod: 'cash_on_delivery' | 'bank_transfer' | 'ccp'
  couponCode?: string
  notes?: string
  /** The total the shopper saw: the server refuses with 409 PRICE_CHANGED when its own differs. */
  totalAmount: number
  source: 'cart'
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

/**
 * Places the order. The Idempotency-Key belongs to the exact body: a retry of the same body (a lost reply,
 * a double tap) sends the same key and gets the first order back; a changed body (new total) gets a new key.
 */
export function usePlaceOrder(owner: 'guest' | 'client') {
  const last = useRef<{ body: string; key: string } | null>(null)
  return useMutation({
    mutationKey: ['order', 'place'],
    mutationFn: async (body: PlaceOrderBody) => {
      const serialized = JSON.stringify(body)
      if (last.current?.body !== serialized) last.current = { body: serialized, key: newKey() }
      const data = await legacyApi<{ order: PlacedOrder }>(`/order/${owner}`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': last.current.key },
      })
      return data.order
    },
  })
}
