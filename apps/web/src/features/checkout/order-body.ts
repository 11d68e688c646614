import type { PlaceOrderBody } from '@shop/shared'
import type { CheckoutData } from './checkout-form.ts'

/** A cart line the checkout orders (the cart's own line type has more). */
export interface CheckoutLine {
  product: { _id: string }
  quantity: number
  size: string
  color: string
  /** Today's unit price, sent back for show: the server prices the order itself. */
  price: number
}

export interface CheckoutOrder {
  lines: readonly CheckoutLine[]
  data: CheckoutData
  owner: 'guest' | 'client'
  /** The signed-in client's e-mail: a client's order goes to the account's address, not one typed in. */
  accountEmail: string | null
  /** The applied coupon, if any. */
  couponCode: string | null
  /** The total the shopper saw: the server refuses with 409 PRICE_CHANGED when its own differs. */
  totalAmount: number
}

/** The order body of the checkout: the cart's lines, the valid form, the coupon and the total on screen. */
export function checkoutOrderBody(order: CheckoutOrder): PlaceOrderBody {
  const { data } = order
  return {
    orderItems: order.lines.map((item) => ({
      productId: item.product._id,
      quantity: item.quantity,
      size: item.size || undefined,
      color: item.color || undefined,
      price: item.price,
    })),
    customerInfo: {
      firstName: data.firstName,
      lastName: data.lastName,
      phone: data.phone,
      email: order.owner === 'client' ? order.accountEmail : (data.email ?? null),
    },
    shippingAddress: {
      wilayaId: data.wilaya,
      communeId: Number(data.commune),
      type: data.deliveryType,
      // An office pickup has no street address.
      ...(data.deliveryType === 'domicil' ? { address: data.address.trim() } : {}),
    },
    paymentMethod: data.paymentMethod,
    ...(order.couponCode ? { couponCode: order.couponCode } : {}),
    ...(data.notes ? { notes: data.notes } : {}),
    totalAmount: order.totalAmount,
    source: 'cart',
  }
}
