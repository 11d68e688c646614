import type {
  CallOutcome,
  DeliveryType,
  OrderHistoryKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  ReturnRequestStatus,
} from '@shop/shared'

/** One row of `GET /admin/orders`. */
export interface OrderRow {
  _id: string
  trackingNumber: string
  createdAt: string
  status: OrderStatus
  paymentMethod: PaymentMethod
  paymentStatus: PaymentStatus
  customerName: string
  phone: string
  wilayaCode: number
  wilayaName: string
  communeName: string
  deliveryType: DeliveryType
  totalAmount: number
  itemCount: number
  callAttempts: number
  hasReturnRequest: boolean
  version: number
}

export interface OrderList {
  orders: OrderRow[]
  currentPage: number
  totalPages: number
  total: number
}

export interface OrderLine {
  _id: string
  productId: string | null
  name?: string
  nameAr?: string
  nameFr?: string
  image?: string | null
  size: string
  color: string
  sku?: string
  quantity: number
  unitPrice: number
  lineTotal: number
}

/** `order` of `GET /admin/orders/:id`. */
export interface OrderDetail {
  _id: string
  trackingNumber: string
  createdAt: string
  status: OrderStatus
  paymentMethod: PaymentMethod
  paymentStatus: PaymentStatus
  paidAt: string | null
  customerName: string
  customer: { firstName: string; lastName: string; phone: string; email: string | null }
  phone: string
  address: {
    wilayaCode: number
    wilayaName: string
    /** The wilaya in the 58 division, the one delivery companies file parcels under. */
    wilayaCode58: number
    wilaya58Name: string
    communeName: string
    street: string | null
  }
  deliveryType: DeliveryType
  deliveryFee: number
  deliveryTrackingId: string | null
  coupon: { code: string; discount: number; released: boolean } | null
  subtotal: number
  discount: number
  totalAmount: number
  /** Nothing once paid by transfer: what the courier collects. */
  amountToCollect: number
  items: OrderLine[]
  itemCount: number
  /** The customer's note from checkout: read-only here, the only note the courier CSV carries. */
  notes: string | null
  customerNote?: string | null
  callAttempts: number
  version: number
}

export interface OrderHistoryEntry {
  _id: string | number
  /** A status move or call (the default), a staff note, a courier id change, a payment. */
  kind?: OrderHistoryKind
  fromStatus: OrderStatus | null
  toStatus: OrderStatus
  callOutcome?: CallOutcome | null
  note?: string | null
  staffName?: string | null
  /** The change came from the customer (a return request, a cancellation). */
  byClient?: boolean
  createdAt: string
}

export interface ReturnRequest {
  _id: string
  status: ReturnRequestStatus
  reason?: string | null
  staffNote?: string | null
  createdAt: string
}

/** A note staff wrote on the order (append-only). */
export interface StaffNote {
  _id: string
  text: string
  staffName: string | null
  createdAt: string
}

export interface OrderPage {
  order: OrderDetail
  history: OrderHistoryEntry[]
  staffNotes?: StaffNote[]
  returnRequests: ReturnRequest[]
  allowedMoves: OrderStatus[]
}

export interface Wilaya {
  _id?: string
  code: number
  name: string
  nameAr?: string
  nameFr?: string
}
