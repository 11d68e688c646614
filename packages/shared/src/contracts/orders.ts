import { z } from 'zod'
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  customerInfoSchema,
  deliveryTypeSchema,
  normalizeCouponCode,
  optionalEmail,
  orderNotes,
  paymentMethodSchema,
  personName,
  requiredPhone,
} from '../checkout.ts'
import {
  CALL_OUTCOMES,
  type CallOutcome,
  DELIVERY_TYPES,
  BULK_ORDER_ACTIONS,
  BULK_ORDERS_MAX,
  MANUAL_ORDER_SOURCES,
  MAX_LINE_QUANTITY,
  ORDER_HISTORY_KINDS,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RETURN_REQUEST_STATUSES,
} from '../orders.ts'
import { trackingPhone } from '../phone.ts'
import { HISTORY_ACTORS } from '../couriers.ts'
import { LOCALES } from '../locale.ts'
import { count, isoDateTime, pagingQuery, timestamp } from './http.ts'
import { publicCourierEvent } from './shipments.ts'

/** Orders: placing one (storefront), the client's orders, public tracking, and the back office's orders. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuid = z.string().regex(UUID, 'validation:invalid')
/** An id in a path: a well-formed UUID or 400. */
const idParam = z.string().uuid('validation:invalid')
const orderStatus = z.enum(ORDER_STATUSES)
const paymentMethod = z.enum(PAYMENT_METHODS)
const paymentStatus = z.enum(PAYMENT_STATUSES)
const deliveryType = z.enum(DELIVERY_TYPES)
const amount = z.number().int()

// ---------------------------------------------------------------- placing an order

const variantPart = z.string().trim().max(40).nullish()
/** Sent by clients and shown back to them, never used: the server prices every order itself. */
const ignoredAmount = z.unknown().optional()

const orderItemInput = z
  .object({
    productId: uuid.optional(),
    product: z.union([uuid, z.object({ _id: uuid })]).optional(),
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    size: variantPart,
    color: variantPart,
    price: ignoredAmount,
    priceAtPurchase: ignoredAmount,
  })
  .transform((item, ctx) => {
    const productId = item.productId ?? (typeof item.product === 'string' ? item.product : item.product?._id)
    if (!productId) {
      ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['productId'] })
      return z.NEVER
    }
    return {
      productId: productId.toLowerCase(),
      quantity: item.quantity,
      size: item.size || undefined,
      color: item.color || undefined,
    }
  })

const placeId = z.union([z.number().int().positive(), z.string().trim().regex(/^\d{1,4}$/, 'validation:required').transform(Number)])

const shippingAddressInput = z.object({
  stateId: placeId.optional(),
  wilayaId: placeId.optional(),
  cityId: placeId.optional(),
  communeId: placeId.optional(),
  type: deliveryTypeSchema,
  address: z.string().trim().max(ADDRESS_MAX, 'validation:address.length').nullish(),
})

/**
 * `POST /order/guest` and `/order/client`: every request shape of docs/storefront-spec.md §3 for creating an
 * order (items/orderItems, stateId/wilayaId, cityId/communeId, guestEmail/customerInfo.email) reduced to one.
 * The storefront types what it sends with `PlaceOrderBody` (the input side).
 */
export const placeOrderBody = z
  .object({
    items: z.array(orderItemInput).max(50).optional(),
    orderItems: z.array(orderItemInput).max(50).optional(),
    customerInfo: customerInfoSchema,
    shippingAddress: shippingAddressInput,
    paymentMethod: paymentMethodSchema.default('cash_on_delivery'),
    notes: orderNotes.nullish(),
    couponCode: z.string().max(64).nullish(),
    guestEmail: optionalEmail,
    /** The total the shopper saw: the server refuses with 409 PRICE_CHANGED when its own differs. */
    totalAmount: z.number().int().min(0).max(1_000_000_000).optional(),
    /** `cart`: the order empties the cart lines it came from. */
    source: z.enum(['cart', 'quick']).optional(),
    discountAmount: ignoredAmount,
    originalAmount: ignoredAmount,
  })
  .superRefine((body, ctx) => {
    const items = body.orderItems ?? body.items
    if (!items || items.length === 0) ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['orderItems'] })
    const address = body.shippingAddress
    if ((address.wilayaId ?? address.stateId) === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['shippingAddress', 'wilayaId'] })
    if ((address.communeId ?? address.cityId) === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['shippingAddress', 'communeId'] })
    if (address.type === 'domicil' && (!address.address || address.address.length < ADDRESS_MIN))
      ctx.addIssue({ code: 'custom', message: 'validation:address.length', path: ['shippingAddress', 'address'] })
  })
  .transform((body) => {
    const lines = new Map<string, { productId: string; quantity: number; size?: string; color?: string }>()
    for (const item of body.orderItems ?? body.items ?? []) {
      const key = `${item.productId}|${item.size ?? ''}|${item.color ?? ''}`
      const existing = lines.get(key)
      if (existing) existing.quantity += item.quantity
      else lines.set(key, { ...item })
    }
    const code = body.couponCode ? normalizeCouponCode(body.couponCode) : ''
    return {
      items: [...lines.values()],
      customer: {
        firstName: body.customerInfo.firstName,
        lastName: body.customerInfo.lastName,
        phone: body.customerInfo.phone,
        email: body.customerInfo.email ?? body.guestEmail ?? null,
      },
      wilayaCode: (body.shippingAddress.wilayaId ?? body.shippingAddress.stateId) as number,
      communeId: (body.shippingAddress.communeId ?? body.shippingAddress.cityId) as number,
      deliveryType: body.shippingAddress.type,
      address: body.shippingAddress.address || null,
      paymentMethod: body.paymentMethod,
      notes: body.notes || null,
      couponCode: code.length > 0 ? code : null,
      totalAmount: body.totalAmount,
      fromCart: body.source === 'cart',
    }
  })
/** What the storefront sends to place an order. */
export type PlaceOrderBody = z.input<typeof placeOrderBody>
/** The order request as the API reads it (one shape, lines merged). */
export type PlaceOrderInput = z.output<typeof placeOrderBody>

/** The Idempotency-Key header of an order: a retry with the same key and body gets the first order back. */
export const idempotencyKey = z.string().trim().regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'validation:invalid')

/** The fresh quote of a 409 PRICE_CHANGED refusal (`data.quote`). */
export const priceQuote = z.object({
  subtotal: amount,
  discountAmount: amount,
  shippingFee: amount,
  totalAmount: amount,
  items: z.array(z.object({ productId: z.string(), variantId: z.string(), price: amount, quantity: count })).optional(),
})
export type PriceQuote = z.output<typeof priceQuote>

// ---------------------------------------------------------------- the shopper's orders

export const orderIdParams = z.object({ id: idParam })

/** `GET /order/client`. The storefront's filter sends capitalised statuses ("Pending"): compared in lower case. */
export const clientOrdersQuery = z.object({
  ...pagingQuery(10),
  status: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['', 'all', ...ORDER_STATUSES]))
    .optional(),
  startDate: z.coerce.date().optional(),
  endDate: z.coerce.date().optional(),
  searchOrders: z.string().trim().max(100).optional(),
  sort: z.string().optional(),
})

/** `POST /order/client/:id/return`. */
export const returnRequestBody = z.object({ reason: z.string().trim().min(3).max(500) })

/** A line of an order as its owner reads it: a snapshot of the product at purchase. */
export const placedOrderLine = z.object({
  _id: z.string(),
  /** `_id` null once the product is deleted; `image` is the URL of one stored width. */
  product: z.object({ _id: z.string().nullable(), name: z.string(), image: z.string().nullable() }),
  size: z.string(),
  color: z.string(),
  quantity: count,
  priceAtPurchase: amount,
  lineTotal: amount,
})

/** An order as its owner reads it (docs/storefront-spec.md §3 "Order as read"). Amounts are whole dinars. */
export const placedOrder = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  status: orderStatus,
  createdAt: timestamp,
  orderItems: z.array(placedOrderLine),
  customerInfo: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string(), email: z.string().nullable() }),
  shippingAddress: z.object({
    address: z.string().nullable(),
    cityName: z.string(),
    stateName: z.string(),
    wilayaCode: z.number().int(),
    communeId: z.number().int(),
    postalCode: z.string().nullable(),
    type: deliveryType,
  }),
  subtotal: amount,
  discountAmount: amount,
  shippingFee: amount,
  totalAmount: amount,
  couponCode: z.string().nullable(),
  notes: z.string().nullable(),
  paymentMethod,
  paymentStatus,
  deliveryTrackingId: z.string().nullable(),
  returnRequest: z.object({ status: z.enum(RETURN_REQUEST_STATUSES), reason: z.string().nullable(), createdAt: timestamp }).nullable(),
  /** The shop's account details, for bank-transfer and CCP orders only. */
  payment: z.object({ bankDetails: z.string().nullable(), ccpDetails: z.string().nullable() }),
})
export type PlacedOrder = z.output<typeof placedOrder>

/** A status move the customer sees (staff notes, courier ids and payments stay in the back office). */
export const publicStatusMove = z.object({ status: orderStatus, date: timestamp })

/** An order of the client's list, with its status moves oldest first. */
export const clientOrder = placedOrder.extend({ history: z.array(publicStatusMove) })
export type ClientOrder = z.output<typeof clientOrder>

export const placedOrderReply = z.object({ order: placedOrder })
/** `POST /order/guest|client`: 201 with the new order, 200 with the first one when the request is a replay. */
export const placeOrderReply = placedOrderReply.extend({ replayed: z.boolean() })
export const clientOrdersReply = z.object({
  orders: z.array(clientOrder),
  currentPage: count,
  totalPages: count,
  totalOrders: count,
  results: count,
})

// ---------------------------------------------------------------- public tracking

export const trackingBody = z.object({ phoneNumber: z.string({ error: 'validation:phone.required' }).pipe(trackingPhone) })
export const trackingParams = z.object({ orderId: idParam })
export const trackingQuery = z.object({ phoneNumber: z.string().pipe(trackingPhone).optional() })
/** The phone may come in the body (kept out of URLs and logs) or, for older links, in the query. */
export const trackingDetailBody = z.object({ phoneNumber: z.string().pipe(trackingPhone) }).optional()

/** What anyone with the phone number sees of an order: a parcel slip, not the customer file (docs/decisions.md, Tracking). */
export const trackedOrder = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  status: orderStatus,
  /** Hundredths of a dinar: the one amount of the API that is not whole dinars. */
  totalAmount: amount,
  /** The lines of the total, in whole dinars (subtotal - discount + fee = total). */
  subtotal: amount,
  discountAmount: amount,
  shippingFee: amount,
  orderDate: timestamp,
  /** First name and the initial of the last. */
  customerName: z.string(),
  deliveryType,
  firstProduct: z.object({ name: z.string(), image: z.string().nullable(), price: amount }).nullable(),
  /** The street is masked: enough to recognise, not to find the door. */
  shippingAddress: z.object({ cityName: z.string(), stateName: z.string(), address: z.string().nullable(), postalCode: z.string().nullable() }),
  items: z.array(
    z.object({
      product: z.object({ name: z.string(), image: z.string().nullable() }),
      quantity: count,
      price: amount,
      size: z.string(),
      color: z.string(),
    }),
  ),
})
export type TrackedOrder = z.output<typeof trackedOrder>

/** `courier`: the parcels' courier timeline, oldest first (empty before the order is shipped). */
export const trackedOrderDetail = trackedOrder.extend({ history: z.array(publicStatusMove), courier: z.array(publicCourierEvent).default([]) })
export type TrackedOrderDetail = z.output<typeof trackedOrderDetail>

export const trackingReply = z.object({ orders: z.array(trackedOrder) })
export const trackedOrderReply = z.object({ order: trackedOrderDetail })

// ---------------------------------------------------------------- back office

/** `:id` of the back office's order routes (a malformed id is a 404 ORDER_NOT_FOUND, not a 400). */
export const adminOrderParams = z.object({ id: z.string() })
export const returnDecisionParams = z.object({ id: z.string(), requestId: z.string() })

/** One status, or several separated by commas ('confirmed,processing,shipped'): the dashboard's groups. */
const statusFilter = z
  .string()
  .transform((raw) => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(ORDER_STATUSES, { message: 'validation:invalid' })).min(1).max(ORDER_STATUSES.length))
  .transform((list) => (list.length === 1 ? list[0] : list))

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid')
const orderFilterQuery = {
  status: statusFilter.optional(),
  from: day.optional(),
  to: day.optional(),
  wilaya: z.coerce.number().int().min(1).max(99).optional(),
  paymentMethod: paymentMethod.optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  search: z.string().trim().max(100).optional(),
}
/** `GET /admin/orders`. */
export const adminOrdersQuery = z.object({ ...orderFilterQuery, ...pagingQuery(20) })

/**
 * `GET /admin/orders/export.csv`: the list's filter, `status` being one status or several separated by
 * commas, or `all` (every status but deleted). Without it, the orders ready to ship (READY_TO_SHIP_STATUSES).
 */
export const orderExportQuery = z.object({
  ...orderFilterQuery,
  /** The orders ticked in the list (comma list of ids): only those, whatever their status. */
  ids: z
    .string()
    .transform((raw) => [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(uuid).min(1).max(BULK_ORDERS_MAX))
    .optional(),
  status: z
    .string()
    .trim()
    .max(200)
    .transform((value, ctx): OrderStatus[] | 'all' => {
      if (value === 'all') return 'all'
      const list = [...new Set(value.split(',').map((s) => s.trim()))]
      if (list.length === 0 || !list.every((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s))) {
        ctx.addIssue({ code: 'custom', message: 'validation:invalid' })
        return z.NEVER
      }
      return list as OrderStatus[]
    })
    .optional(),
})

/** The order's version staff saw: a stale one is refused with 409 ORDER_CONFLICT. */
const version = z.number().int().min(1)
/** An optional note: empty means none. */
const staffText = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v))

export const orderStatusBody = z.object({ status: orderStatus, note: staffText, version })
/** The outcomes the order page's call form offers (the call queue offers every CALL_OUTCOMES). */
export const ORDER_PAGE_CALL_OUTCOMES = ['confirmed', 'no_answer', 'cancelled'] as const satisfies readonly CallOutcome[]
export type OrderPageCallOutcome = (typeof ORDER_PAGE_CALL_OUTCOMES)[number]
/**
 * `POST /admin/orders/:id/call`: any CALL_OUTCOMES. `postponed` needs `callbackAt` (the server refuses a time
 * already past), `cancelled` a reason in `note`; `duplicate` may name the order kept (`keptOrderId`).
 */
export const orderCallBody = z
  .object({
    outcome: z.enum(CALL_OUTCOMES),
    note: staffText,
    callbackAt: isoDateTime.optional(),
    keptOrderId: uuid.optional(),
    version,
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'postponed' && !body.callbackAt) ctx.addIssue({ code: 'custom', path: ['callbackAt'], message: 'validation:callback.required' })
    if (body.outcome === 'cancelled' && !body.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation:cancelReason.required' })
  })
export type OrderCallBody = z.input<typeof orderCallBody>
export const orderVersionBody = z.object({ version })
/** Strict: the customer's note is not editable, a `notes` field is refused rather than silently dropped. */
export const orderPatchBody = z.strictObject({
  deliveryTrackingId: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  version,
})
export const staffNoteBody = z.object({ text: z.string().trim().min(1, 'validation:required').max(1000) })
export const returnDecisionBody = z.object({ status: z.enum(['accepted', 'refused', 'received']), note: staffText })
/** What staff may make of a return request. */
export type ReturnDecision = z.output<typeof returnDecisionBody>['status']

/** One row of `GET /admin/orders`. */
export const adminOrderRow = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  createdAt: timestamp,
  status: orderStatus,
  paymentMethod,
  paymentStatus,
  customerName: z.string(),
  phone: z.string(),
  wilayaCode: z.number().int(),
  wilayaName: z.string(),
  communeName: z.string(),
  deliveryType,
  totalAmount: amount,
  itemCount: count,
  callAttempts: count,
  hasReturnRequest: z.boolean(),
  /** Where the order was taken: the storefront, or by staff (phone, WhatsApp...). */
  source: z.enum(ORDER_SOURCES).default('storefront'),
  version: z.number().int(),
})
export type AdminOrderRow = z.output<typeof adminOrderRow>

export const adminOrderList = z.object({ orders: z.array(adminOrderRow), currentPage: count, totalPages: count, total: count })
export type AdminOrderList = z.output<typeof adminOrderList>

export const adminOrderLine = z.object({
  _id: z.string(),
  /** null once the product (or its variant) is deleted: the line keeps its snapshot. */
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  name: z.string(),
  nameAr: z.string(),
  nameFr: z.string(),
  /** The stored image path (not a URL). */
  image: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  unitPrice: amount,
  quantity: count,
  lineTotal: amount,
})
export type AdminOrderLine = z.output<typeof adminOrderLine>

/** `order` of `GET /admin/orders/:id`. */
export const adminOrder = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  status: orderStatus,
  paymentMethod,
  paymentStatus,
  paidAt: timestamp.nullable(),
  clientId: z.string().nullable(),
  customerName: z.string(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string(), email: z.string().nullable() }),
  phone: z.string(),
  address: z.object({
    wilayaCode: z.number().int(),
    wilayaName: z.string(),
    wilayaNameAr: z.string(),
    wilayaNameFr: z.string(),
    /** The wilaya in the 58 division, the one delivery companies file parcels under. */
    wilayaCode58: z.number().int(),
    wilaya58Name: z.string(),
    communeId: z.number().int(),
    communeName: z.string(),
    communeNameAr: z.string(),
    communeNameFr: z.string(),
    street: z.string().nullable(),
  }),
  deliveryType,
  deliveryFee: amount,
  deliveryTrackingId: z.string().nullable(),
  coupon: z.object({ code: z.string(), discount: amount, released: z.boolean() }).nullable(),
  subtotal: amount,
  discount: amount,
  totalAmount: amount,
  /** Nothing once paid by transfer: what the courier collects. */
  amountToCollect: amount,
  items: z.array(adminOrderLine),
  itemCount: count,
  /** The customer's note from checkout: read-only here, the only note the courier CSV carries. */
  notes: z.string().nullable(),
  customerNote: z.string().nullable(),
  callAttempts: count,
  /** Kept on hold by the shop's risk rules (a very high risk phone): not exported to the courier. */
  onHold: z.boolean().default(false),
  /** The customer's language when ordering: the call's WhatsApp message and the confirmation link use it. */
  locale: z.enum(LOCALES).default('ar'),
  source: z.enum(ORDER_SOURCES).default('storefront'),
  version: z.number().int(),
})
export type AdminOrder = z.output<typeof adminOrder>

export const orderHistoryEntry = z.object({
  _id: z.number().int(),
  /** A status move or call, a staff note, a courier id change, a payment. */
  kind: z.enum(ORDER_HISTORY_KINDS),
  fromStatus: orderStatus.nullable(),
  toStatus: orderStatus,
  callOutcome: z.enum(CALL_OUTCOMES).nullable(),
  note: z.string().nullable(),
  staffName: z.string().nullable(),
  /** The change came from the customer (a return request, a cancellation). */
  byClient: z.boolean(),
  /** Neither staff nor the customer made it: 'courier' (the courier's status sync) or 'system'; null otherwise. */
  actor: z.enum(HISTORY_ACTORS).nullable().optional(),
  /** What the entry changed, for the kinds that keep it (an edit: orderEditDetails). */
  details: z.record(z.string(), z.unknown()).nullable().optional(),
  createdAt: timestamp,
})
export type OrderHistoryEntry = z.output<typeof orderHistoryEntry>

export const returnRequest = z.object({
  _id: z.string(),
  status: z.enum(RETURN_REQUEST_STATUSES),
  reason: z.string().nullable(),
  staffNote: z.string().nullable(),
  staffName: z.string().nullable(),
  handledAt: timestamp.nullable(),
  createdAt: timestamp,
})
export type ReturnRequest = z.output<typeof returnRequest>

/** A note staff wrote on the order (append-only). */
export const staffNote = z.object({ _id: z.string(), text: z.string(), staffName: z.string().nullable(), createdAt: timestamp })
export type StaffNote = z.output<typeof staffNote>

/** `GET /admin/orders/:id`, and the reply of every change to an order: the order as the caller's role sees it. */
export const orderPage = z.object({
  order: adminOrder,
  history: z.array(orderHistoryEntry),
  returnRequests: z.array(returnRequest),
  staffNotes: z.array(staffNote),
  /** The moves the move table and the caller's role both allow. */
  allowedMoves: z.array(orderStatus),
  /** The customer's confirmation link (a path on the storefront, `/confirm/<token>`) while the order is pending. */
  confirmLink: z.string().nullable(),
})
export type OrderPage = z.output<typeof orderPage>

/** The courier CSV (text/csv). */
export const orderExportCsv = z.string()

/** `GET /admin/orders/export-check?ids=`: which ticked orders the courier CSV takes, and why the others are left out. */
export const orderExportCheckQuery = z.object({ ids: orderExportQuery.shape.ids.unwrap() })
export const EXPORT_LEFT_OUT_REASONS = ['on_hold', 'blacklisted'] as const
export const orderExportCheck = z.object({
  orders: z.array(
    z.object({
      _id: z.string(),
      trackingNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      /** In the CSV (ticked orders go whatever their status) unless kept on hold or of a blacklisted phone. */
      included: z.boolean(),
      reason: z.enum(EXPORT_LEFT_OUT_REASONS).nullable(),
    }),
  ),
})
export type OrderExportCheck = z.output<typeof orderExportCheck>

// ---------------------------------------------------------------- editing an order, manual orders, bulk actions

/** A line of an edited order: a variant of a product (its size and colour) and how many. */
const editLine = z.object({
  productId: uuid,
  size: z.string().trim().max(40),
  color: z.string().trim().max(40),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
})

/**
 * `PUT /admin/orders/:id`: the order's whole new shape (lines, customer, place, delivery type). The server
 * prices it again (checkout's rules) and moves the stock; `preview: true` answers the new totals and
 * writes nothing. The last line cannot be removed (at least one line).
 */
export const orderEditBody = z
  .object({
    version,
    lines: z.array(editLine).min(1, 'validation:required').max(50),
    customer: z.object({ firstName: personName, lastName: personName, phone: requiredPhone }),
    wilayaCode: z.number().int().min(1).max(99),
    communeId: z.number().int().positive(),
    deliveryType,
    address: z.string().trim().max(ADDRESS_MAX, 'validation:address.length').nullable(),
    preview: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.deliveryType === 'domicil' && (!body.address || body.address.length < ADDRESS_MIN))
      ctx.addIssue({ code: 'custom', message: 'validation:address.length', path: ['address'] })
  })
export type OrderEditBody = z.input<typeof orderEditBody>

/** An order as an edit's history entry keeps it, before and after. */
export const orderEditSnapshot = z.object({
  lines: z.array(
    z.object({ nameAr: z.string(), nameFr: z.string(), size: z.string(), color: z.string(), quantity: count, unitPrice: amount }),
  ),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  wilayaCode: z.number().int(),
  communeId: z.number().int(),
  communeNameAr: z.string(),
  communeNameFr: z.string(),
  address: z.string().nullable(),
  deliveryType,
  subtotal: amount,
  discount: amount,
  deliveryFee: amount,
  total: amount,
  couponCode: z.string().nullable(),
})
export type OrderEditSnapshot = z.output<typeof orderEditSnapshot>
/** `details` of an 'edit' history entry. */
export const orderEditDetails = z.object({ before: orderEditSnapshot, after: orderEditSnapshot })
export type OrderEditDetails = z.output<typeof orderEditDetails>

/** The new totals of an edit, as saved or as a preview would save them. */
export const orderEditQuote = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      name: z.string(),
      size: z.string(),
      color: z.string(),
      unitPrice: amount,
      quantity: count,
      lineTotal: amount,
      /** The line kept the price the customer ordered at (same variant as before). */
      priceKept: z.boolean(),
    }),
  ),
  subtotal: amount,
  discount: amount,
  deliveryFee: amount,
  totalAmount: amount,
  couponCode: z.string().nullable(),
  /** The order's coupon no longer applies to the new order: it is dropped (its use given back), and why. */
  couponDropped: z.object({ code: z.string(), reason: z.string() }).nullable(),
})
export type OrderEditQuote = z.output<typeof orderEditQuote>
/** The reply of an edit: the quote, and the order page once saved (null for a preview). */
export const orderEditReply = z.object({ quote: orderEditQuote, page: orderPage.nullable() })
export type OrderEditReply = z.output<typeof orderEditReply>

/**
 * `POST /admin/orders`: an order staff take for a customer (by phone, WhatsApp, Instagram, Facebook, in the
 * shop). `order` is what the storefront's checkout sends, checked and priced the same way.
 */
export const manualOrderBody = z.object({
  source: z.enum(MANUAL_ORDER_SOURCES),
  /** Confirmed when the customer confirmed while ordering; pending puts it in the call queue. */
  status: z.enum(['pending', 'confirmed']),
  order: placeOrderBody,
})
export type ManualOrderBody = z.input<typeof manualOrderBody>

/**
 * `POST /admin/orders/bulk`: one action on several orders, each on its own (all or nothing per order).
 * `status` is the target of the `status` action.
 */
export const bulkOrdersBody = z
  .object({
    action: z.enum(BULK_ORDER_ACTIONS),
    status: orderStatus.optional(),
    /** `assign`: the member of staff the orders go to; null takes them back into the shared queue. */
    staffId: uuid.nullable().optional(),
    ids: z.array(uuid).min(1, 'validation:required').max(BULK_ORDERS_MAX),
    note: staffText,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'status' && !body.status) ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['status'] })
    if (body.action === 'assign' && body.staffId === undefined) ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['staffId'] })
  })
export type BulkOrdersBody = z.input<typeof bulkOrdersBody>

export const bulkOrderResult = z.object({
  id: z.string(),
  trackingNumber: z.string().nullable(),
  ok: z.boolean(),
  /** The order's status after the action (ok), or as it stayed. */
  status: orderStatus.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type BulkOrderResult = z.output<typeof bulkOrderResult>
export const bulkOrdersReply = z.object({ results: z.array(bulkOrderResult), okCount: count, failedCount: count })
export type BulkOrdersReply = z.output<typeof bulkOrdersReply>
