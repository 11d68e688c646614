import type { OrderStatus, PaymentMethod, PaymentStatus, ReturnRequestStatus } from '@shop/shared'
import type { ResponsiveImage } from '@shop/shared'

/** An order as its owner reads it (docs/api.md, Order). */
export interface ClientOrder {
  _id: string
  trackingNumber: string
  status: OrderStatus
  createdAt: string
  orderItems: {
    _id: string
    product: { _id: string | null; name: string; image: ResponsiveImage | null }
    size: string | null
    color: string | null
    quantity: number
    priceAtPurchase: number
    lineTotal: number
  }[]
  shippingAddress: { address: string | null; cityName: string; stateName: string; type: 'domicil' | 'stopdesk' }
  subtotal: number
  discountAmount: number
  shippingFee: number
  totalAmount: number
  paymentMethod: PaymentMethod
  paymentStatus: PaymentStatus
  returnRequest: { status: ReturnRequestStatus; reason: string; createdAt: string } | null
  /** Status changes, oldest first (the list sends them; older replies may not). */
  history?: { status: OrderStatus; date: string }[]
}
