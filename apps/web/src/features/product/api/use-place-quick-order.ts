import { type DeliveryType, normalizeDzMobile, type PlaceOrderBody, type PlacedOrder, type placeOrderReply, toLatinDigits } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { api } from '../../../lib/api.ts'

export interface QuickOrderInput {
  productId: string
  size: string
  color: string
  quantity: number
  unitPrice: number
  firstName: string
  lastName: string
  phone: string
  email: string
  wilaya: string
  commune: string
  type: DeliveryType
  address: string
  notes: string
  /** The total the shopper saw: the server refuses the order (409) if its own total differs. */
  totalAmount: number
  asClient: boolean
}

export function quickOrderBody(input: QuickOrderInput): PlaceOrderBody {
  return {
    orderItems: [
      { productId: input.productId, quantity: input.quantity, size: input.size, color: input.color, price: input.unitPrice },
    ],
    customerInfo: {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: normalizeDzMobile(input.phone) ?? toLatinDigits(input.phone.trim()),
      email: input.email.trim() || null,
    },
    shippingAddress: {
      wilayaId: input.wilaya,
      communeId: Number(input.commune),
      type: input.type,
      // An office pickup has no street address.
      ...(input.type === 'domicil' ? { address: input.address.trim() } : {}),
    },
    paymentMethod: 'cash_on_delivery',
    notes: input.notes.trim(),
    totalAmount: input.totalAmount,
  }
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

/**
 * POST /order/guest or /order/client with an Idempotency-Key. One key per order as the shopper filled it
 * in (product, variant, quantity, details, delivery): every send of that same order, a double tap, a
 * retry after a lost reply or a tap after the order was taken, carries the same key, so the store takes
 * it once and replays it. Changing anything makes it another order, with a new key. (A refused order
 * leaves no key behind on the server, so sending it again as it is stays possible.)
 */
export function usePlaceQuickOrder() {
  const key = useRef<{ order: string; key: string } | null>(null)
  return useMutation({
    mutationKey: ['order', 'quick'],
    mutationFn: async (input: QuickOrderInput): Promise<PlacedOrder> => {
      const body = quickOrderBody(input)
      const order = JSON.stringify([input.asClient, body])
      if (key.current?.order !== order) key.current = { order, key: newKey() }
      const idempotencyKey = key.current.key
      // A guest who never added to the cart has no session id: the order goes without one (the server
      // issues session ids on a first add only), and its Idempotency-Key alone makes a retry safe.
      const path = input.asClient ? '/order/client' : '/order/guest'
      const data = await api<typeof placeOrderReply>(path, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      })
      return data.order
    },
  })
}
