import type { Cart, CartItem } from '../lib/cart-types.ts'

export const SESSION_ID = '3f1c2b7a-9d4e-4f6a-8b2c-1d2e3f4a5b6c'

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    product: { _id: 'b1b2c3d4-0000-4000-8000-000000000001', slug: 'derby-cuir', name: 'Derby en cuir', price: 5400, image: null },
    variantId: 'v-1',
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
  }
}

export function cartOf(items: CartItem[], sessionId: string | null = SESSION_ID): Cart {
  const orderable = items.filter((item) => item.available)
  return {
    _id: 'cart-1',
    items,
    sessionId,
    cartCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: orderable.reduce((sum, item) => sum + item.totalPrice, 0),
    isEmpty: items.length === 0,
    hasUnavailable: items.some((item) => !item.available || item.quantityAboveStock),
  }
}
