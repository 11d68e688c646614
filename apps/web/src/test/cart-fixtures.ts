import { fixture } from '@shop/client-kit'
import {
  addToCartReply,
  type Cart,
  cart as cartSchema,
  type CartItem,
  cartItem as cartItemSchema,
  communesReply,
  couponCheckReply,
  guestAddToCartReply,
  wilayaFees,
  wilayasReply,
} from '@shop/shared'

export const SESSION_ID = '3f1c2b7a-9d4e-4f6a-8b2c-1d2e3f4a5b6c'

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return fixture(cartItemSchema, {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    product: { _id: 'b1b2c3d4-0000-4000-8000-000000000001', slug: 'derby-cuir', name: 'Derby en cuir', price: 5400, image: null },
    variantId: 'c1b2c3d4-0000-4000-8000-000000000001',
    quantity: 1,
    size: '42',
    color: 'black',
    priceAtAdd: 5400,
    price: 5400,
    totalPrice: 5400,
    stock: 5,
    available: true,
    quantityAboveStock: false,
    ...overrides,
  })
}

export function cartOf(items: CartItem[], sessionId: string | null = SESSION_ID): Cart {
  const orderable = items.filter((item) => item.available)
  return fixture(cartSchema, {
    _id: 'd1b2c3d4-0000-4000-8000-000000000001',
    items,
    sessionId,
    cartCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: orderable.reduce((sum, item) => sum + item.totalPrice, 0),
    isEmpty: items.length === 0,
    hasUnavailable: items.some((item) => !item.available || item.quantityAboveStock),
  })
}

/** `POST /cart/guest/add`: the cart, the session id to keep, and how many units went in. */
export function guestAdded(cart: Cart, sessionId: string, added = 1, requested = added) {
  return fixture(guestAddToCartReply, { cart, sessionId, requested, added })
}

/** `POST /cart/client/add` */
export function clientAdded(cart: Cart, added = 1, requested = added) {
  return fixture(addToCartReply, { cart, requested, added })
}

// ---------------------------------------------------------------- checkout: places, fees, coupons

export const WILAYAS = fixture(wilayasReply, {
  states: [
    { _id: 16, code: '16', name: 'الجزائر', nameAr: 'الجزائر', nameFr: 'Alger' },
    { _id: 33, code: '33', name: 'إليزي', nameAr: 'إليزي', nameFr: 'Illizi' },
  ],
  division: 58,
})

export const COMMUNES = fixture(communesReply, {
  cities: [{ _id: 554, name: 'سيدي امحمد', nameAr: 'سيدي امحمد', nameFr: 'Sidi M’Hamed', postalCode: '16000' }],
})

/** `GET /shipping/wilaya/:code`: stopdesk null when the wilaya has no stop desk. */
export function wilayaFeesOf(wilaya: number, domicil: number, stopdesk: number | null, retourPrice = 200) {
  return fixture(wilayaFees, { wilaya, domicil, stopdesk, retourPrice })
}

/** `POST /coupons/client/validate` for BIENVENUE10 (10 %) on 5 400 DA. */
export const COUPON_CHECKED = fixture(couponCheckReply, {
  coupon: { code: 'BIENVENUE10', type: 'percentage', discount: 10, minOrderAmount: 0, maxUses: null, expiresAt: null },
  orderSummary: { discountAmount: 540, finalAmount: 4860 },
})
