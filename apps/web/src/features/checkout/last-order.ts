import { type PlacedOrder, placedOrder } from '@shop/shared'

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
    if (!raw) return null
    // kept by an older page or changed by hand: shown only if it is still an order
    const parsed = placedOrder.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
