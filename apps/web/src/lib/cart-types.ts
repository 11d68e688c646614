import type { ResponsiveImage } from '@shop/shared'

/** A cart line as the API returns it (docs/api.md, CartItem). Amounts are whole dinars. */
export interface CartItem {
  _id: string
  product: { _id: string; slug: string; name: string; price: number; image: ResponsiveImage | null }
  variantId: string
  quantity: number
  size: string
  color: string
  priceAtAdd: number
  /** Today's unit price. */
  price: number
  totalPrice: number
  stock: number
  /** False when the product or variant is gone or sold out: flagged, never silently removed. */
  available: boolean
  quantityAboveStock: boolean
}

export interface Cart {
  _id: string | null
  items: CartItem[]
  sessionId: string | null
  cartCount: number
  subtotal: number
  isEmpty: boolean
  hasUnavailable: boolean
}

export type { CartOwner } from './query-keys.ts'

export interface AddToCartInput {
  productId: string
  quantity: number
  size?: string
  color?: string
}
