import type { PlacedOrder } from '@shop/shared'

const KEY = 'last-order'

/** The thank-you page reads the order from navigation state, or from this tab's storage after a reload. */
export function rememberLastOrder(order: PlacedOrder): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(order))
  } catch {
    // The page still has it in navigation state.
  }
}

export function readLastOrder(): PlacedOrder | null {
  try {
    const raw = window.sessionStorage.getItem(KEY)
    const value: unknown = raw ? JSON.parse(raw) : null
    return value && typeof value === 'object' && '_id' in value && 'totalAmount' in value ? (value as PlacedOrder) : null
  } catch {
    return null
  }
}
