import type { Locale } from './locale.ts'

// Amounts are whole dinars (integers) in the database, the API and the UI.
const DINAR = { ar: 'د.ج', fr: 'DA', en: 'DA' } as const satisfies Record<Locale, string>

/** 5400 → '5 400 DA' (fr/en) or '5 400 د.ج' (ar), with a narrow no-break thousands space. */
export function formatPrice(amount: number, locale: Locale): string {
  if (!Number.isFinite(amount)) return `0 ${DINAR[locale]}`
  const whole = Math.round(amount)
  // U+202F, narrow no-break space: a thin thousands separator that never wraps.
  const digits = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F')
  return `${whole < 0 ? '-' : ''}${digits} ${DINAR[locale]}`
}

export interface OrderAmounts {
  subtotal: number
  discount: number
  deliveryFee: number
  total: number
}

/** The one total rule of the store: subtotal - discount + delivery fee, never negative, discount never above subtotal. */
export function computeTotals(subtotal: number, discount: number, deliveryFee: number): OrderAmounts {
  const cappedDiscount = Math.min(Math.max(0, discount), Math.max(0, subtotal))
  const total = Math.max(0, subtotal - cappedDiscount + deliveryFee)
  return { subtotal, discount: cappedDiscount, deliveryFee, total }
}

/** Percent off shown on a product with a compare-at price: 4000 instead of 5000 → 20. */
export function percentOff(price: number, compareAtPrice: number | null | undefined): number {
  if (!compareAtPrice || compareAtPrice <= price) return 0
  return Math.round(((compareAtPrice - price) / compareAtPrice) * 100)
}
