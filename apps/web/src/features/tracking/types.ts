import type { OrderStatus } from '@shop/shared'

/** The public tracking view of an order: a parcel slip, nothing more (docs/decisions.md, Tracking). */
export interface TrackedOrder {
  _id: string
  trackingNumber: string
  status: OrderStatus | string
  /** Hundredths of a dinar: the one amount of the API that is not whole dinars. */
  totalAmount: number
  orderDate: string
  customerName: string
  firstProduct: { name: string; image: string | { src: string } | null; price: number } | null
  shippingAddress: { cityName: string; stateName: string; address: string | null; postalCode?: string | null }
  items?: {
    product: { name: string | null; image: string | { src: string } | null }
    quantity: number
    price: number
    size?: string | null
    color?: string | null
  }[]
  /** The lines of the total, in whole dinars (older replies may lack them). */
  subtotal?: number
  discountAmount?: number
  shippingFee?: number
  history?: { status: string; createdAt: string }[]
}

/** Converts the tracking reply's hundredths to the whole dinars every price display takes. */
export function trackedTotal(order: TrackedOrder): number {
  return Math.round(order.totalAmount / 100)
}

export function imageSrc(image: string | { src: string } | null | undefined): string | null {
  if (!image) return null
  return typeof image === 'string' ? image : image.src
}
