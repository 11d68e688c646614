import { DELIVERY_TYPES, PAYMENT_METHODS } from '@shop/shared'
import type { CheckoutValues } from './checkout-form.ts'

// What the shopper typed at checkout, kept in this tab's storage so a reload does not lose it; removed
// once the order is placed.
const KEY = 'checkout-draft'

export interface CheckoutDraft {
  values: Partial<CheckoutValues>
  coupon: string
}

const TEXT_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'wilaya', 'commune', 'address', 'notes'] as const

export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const raw = window.sessionStorage.getItem(KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (!parsed || typeof parsed !== 'object') return null
    const stored = parsed as { values?: Record<string, unknown>; coupon?: unknown }
    const source = stored.values && typeof stored.values === 'object' ? stored.values : {}
    const values: Partial<CheckoutValues> = {}
    for (const field of TEXT_FIELDS) {
      const value = source[field]
      if (typeof value === 'string') values[field] = value.slice(0, 600)
    }
    const type = source.deliveryType
    if (typeof type === 'string' && (DELIVERY_TYPES as readonly string[]).includes(type)) {
      values.deliveryType = type as CheckoutValues['deliveryType']
    }
    const method = source.paymentMethod
    if (typeof method === 'string' && (PAYMENT_METHODS as readonly string[]).includes(method)) {
      values.paymentMethod = method as CheckoutValues['paymentMethod']
    }
    return { values, coupon: typeof stored.coupon === 'string' ? stored.coupon.slice(0, 40) : '' }
  } catch {
    return null
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft))
  } catch {
    // Storage full or refused: the form still works, only a reload would lose it.
  }
}

export function clearCheckoutDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY)
  } catch {
    // Nothing was kept.
  }
}
