import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '../orders.ts'
import { responsiveImage } from './catalogue.ts'
import { count, uuidText } from './http.ts'

/** The cart of a guest (`/cart/guest...`, X-Session-Id) or of a signed-in client (`/cart/client...`). */

const lineQuantity = z.number().int().min(1).max(MAX_LINE_QUANTITY)
const variantPart = z.string().trim().min(1).max(40).optional()

/** `POST /cart/:owner/add`: a product variant, chosen by size and colour (either may be left out when the product has one). */
export const addToCartBody = z.object({ productId: uuidText, quantity: lineQuantity.default(1), size: variantPart, color: variantPart })
export type AddToCartBody = z.input<typeof addToCartBody>

/** `PATCH /cart/:owner/item/:itemId` */
export const cartItemBody = z.object({ quantity: lineQuantity, productId: uuidText.optional() })
export const cartItemParams = z.object({ itemId: uuidText })

/** `POST /cart/merge`: the guest session to move into the signed-in client's cart (also sent as X-Session-Id). */
export const mergeCartBody = z.object({ sessionId: uuidText })

/** A cart line at today's price and stock. Amounts are whole dinars. */
export const cartItem = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), slug: z.string(), name: z.string(), price: count, image: responsiveImage.nullable() }),
  variantId: z.string(),
  quantity: count,
  size: z.string(),
  color: z.string(),
  priceAtAdd: count,
  /** Today's unit price. */
  price: count,
  totalPrice: count,
  stock: z.number().int(),
  /** False when the product is gone or the variant sold out: flagged, never silently removed. */
  available: z.boolean(),
  quantityAboveStock: z.boolean(),
})
export type CartItem = z.output<typeof cartItem>

export const cart = z.object({
  /** null: the owner has no cart on the server yet. */
  _id: z.string().nullable(),
  items: z.array(cartItem),
  /** The guest session the cart belongs to; null for a client's cart (or a guest without one). */
  sessionId: z.string().nullable(),
  cartCount: count,
  /** Of the available lines only. */
  subtotal: count,
  isEmpty: z.boolean(),
  /** Some line is unavailable or asks for more than the stock. */
  hasUnavailable: z.boolean(),
})
export type Cart = z.output<typeof cart>

/** A signed-in client's cart (`/cart/client...`, `/cart/merge`). */
export const cartReply = z.object({ cart })

/**
 * A guest's cart and the session id to keep and send as X-Session-Id: a new one when the add issued it;
 * null when the server holds no cart for the id sent (reading creates none), which is then forgotten.
 */
export const guestCartReply = cartReply.extend({ sessionId: z.string().nullable() })

/** What an add did: fewer units are `added` than `requested` when the stock (or the line maximum) ran out first. */
const addition = { requested: count, added: count }
export const addToCartReply = cartReply.extend(addition)
export const guestAddToCartReply = guestCartReply.extend(addition)
