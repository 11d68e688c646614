import { type PlaceOrderBody, type placeOrderReply } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { api } from '../../../lib/api.ts'

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
      const data = await api<typeof placeOrderReply>(`/order/${owner}`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': last.current.key },
      })
      return data.order
    },
  })
}
