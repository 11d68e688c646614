/**
 * The query keys that more than one part of the storefront reads, invalidates or clears: the cart, the account's
 * orders, the delivery fees and tracking. Features import them from here rather than from each other (lint:
 * a feature does not import another feature), and no query key is written as a literal array (lint).
 * authKeys lives with the sign-in state in auth-state.ts; keys used by one feature only stay in that feature.
 */

/** Whose cart: a guest's (X-Session-Id) or the signed-in client's. */
export type CartOwner = 'guest' | 'client'

export const cartKeys = {
  all: () => ['cart'] as const,
  of: (owner: CartOwner) => ['cart', owner] as const,
}

export const ordersKeys = {
  all: () => ['orders'] as const,
  list: (filters: object) => ['orders', 'list', filters] as const,
}

export const deliveryKeys = {
  all: () => ['shipping'] as const,
  wilaya: (code: string) => ['shipping', 'wilaya', code] as const,
}

export const trackingKeys = {
  details: (orderId: string | null, phoneNumber: string) => ['tracking', 'details', orderId, phoneNumber] as const,
}

/** The order a confirmation link names (its page reads it, its answers replace it). */
export const confirmLinkKeys = {
  of: (token: string) => ['confirm-link', token] as const,
}
