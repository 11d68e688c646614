import { type DeliveryType, normalizeDzMobile } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { ApiError, api, readGuestSessionId, storeGuestSessionId } from '../../../lib/api.ts'

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

/** The part of the placed order the thank-you page and the pixels need (docs/api.md, Order). */
export interface PlacedOrder {
  _id: string
  trackingNumber?: string
  totalAmount: number
  customerInfo: { firstName: string; lastName: string; phone: string }
  orderItems: { quantity: number }[]
}

export function quickOrderBody(input: QuickOrderInput) {
  return {
    orderItems: [
      { productId: input.productId, quantity: input.quantity, size: input.size, color: input.color, price: input.unitPrice },
    ],
    customerInfo: {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: normalizeDzMobile(input.phone) ?? input.phone.trim(),
      email: input.email.trim() || null,
    },
    shippingAddress: {
      wilayaId: input.wilaya,
      communeId: Number(input.commune),
      type: input.type,
      // An office pickup has no street address.
      ...(input.type === 'domicil' ? { address: input.address.trim() } : {}),
    },
    paymentMethod: 'cash_on_delivery' as const,
    notes: input.notes.trim(),
    totalAmount: input.totalAmount,
  }
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

/** A reply was lost or the store was briefly down: the same order may have been taken, so retry with the same key. */
function mayHaveBeenPlaced(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500
}

/**
 * POST /order/guest or /order/client with an Idempotency-Key. The key is kept across retries of the
 * same attempt (a double tap or a lost reply never makes two orders) and renewed after a success or
 * a refusal the shopper must act on.
 */
export function usePlaceQuickOrder() {
  const key = useRef<string | null>(null)
  return useMutation({
    mutationKey: ['order', 'quick'],
    mutationFn: async (input: QuickOrderInput): Promise<PlacedOrder> => {
      key.current ??= newKey()
      if (!input.asClient && !readGuestSessionId()) {
        // A guest order belongs to a session: a visitor who never opened the cart gets one now.
        const data = await api<{ sessionId?: string }>('/cart/guest')
        if (data.sessionId) storeGuestSessionId(data.sessionId)
      }
      const path = input.asClient ? '/order/client' : '/order/guest'
      const data = await api<{ order: PlacedOrder }>(path, {
        method: 'POST',
        body: quickOrderBody(input),
        headers: { 'Idempotency-Key': key.current },
      })
      return data.order
    },
    onSuccess: () => {
      key.current = null
    },
    onError: (error) => {
      if (!mayHaveBeenPlaced(error)) key.current = null
    },
  })
}
