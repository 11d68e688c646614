import type { DeliveryType, OrderStatus, PaymentMethod, PaymentStatus } from '@shop/shared'

/** An order as its owner reads it (docs/api.md, Order). Amounts are whole dinars. */
export interface PlacedOrder {
  _id: string
  trackingNumber: string
  status: OrderStatus
  createdAt: string
  orderItems: {
    _id: string
    product: { _id: string | null; name: string; image: { src: string; srcSet: string; width: number; height: number } | null }
    size: string | null
    color: string | null
    quantity: number
    priceAtPurchase: number
    lineTotal: number
  }[]
  customerInfo: { firstName: string; lastName: string; phone: string; email: string | null }
  shippingAddress: { address: string | null; cityName: string; stateName: string; wilayaCode: string | number; communeId: number; type: DeliveryType }
  subtotal: number
  discountAmount: number
  shippingFee: number
  totalAmount: number
  couponCode: string | null
  notes: string | null
  paymentMethod: PaymentMethod
  paymentStatus: PaymentStatus
  payment?: { bankDetails: string | null; ccpDetails: string | null }
}

/** The fresh quote of a 409 PRICE_CHANGED refusal. */
export interface PriceQuote {
  subtotal: number
  discountAmount: number
  shippingFee: number
  totalAmount: number
}
