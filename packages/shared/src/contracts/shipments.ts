import { z } from 'zod'
import { COURIER_FAILURES, PAYOUT_STATUSES, SHIPMENT_KINDS, SHIPMENT_STATUSES } from '../couriers.ts'
import { count, timestamp, uuidText } from './http.ts'

/** Parcels at the couriers, from the back office: ship, cancel, labels, exchange, refresh (issue 17). */

/** `POST /admin/orders/:id/ship`: the courier account to ship with; the wilaya's courier when left out. */
export const shipOrderBody = z.object({ accountId: uuidText.optional() })
export type ShipOrderBody = z.output<typeof shipOrderBody>

/** At most this many orders per "ship" request (the courier is asked in batches of 50). */
export const SHIP_MAX_ORDERS = 500

/** `POST /admin/shipments`: the orders picked in the list, or every confirmed order ("ship confirmed orders"). */
export const bulkShipBody = z
  .object({
    orderIds: z.array(uuidText).min(1).max(SHIP_MAX_ORDERS).optional(),
    allConfirmed: z.literal(true).optional(),
    accountId: uuidText.optional(),
  })
  .refine((body) => (body.orderIds === undefined) !== (body.allConfirmed === undefined), {
    message: 'validation:required',
    path: ['orderIds'],
  })
export type BulkShipBody = z.output<typeof bulkShipBody>

/** One order's outcome: its parcel's tracking number, or why it was not shipped (in the caller's language). */
export const shipResult = z.object({
  orderId: z.string(),
  trackingNumber: z.string().nullable(),
  ok: z.boolean(),
  tracking: z.string().nullable(),
  reason: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type ShipResult = z.output<typeof shipResult>
export const shipReply = z.object({ results: z.array(shipResult), okCount: count, failedCount: count })
export type ShipReply = z.output<typeof shipReply>

/** One event of a parcel's timeline as staff see it: the store's words, the courier's own, the reason and centre. */
export const shipmentEventReply = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  statusRaw: z.string(),
  reason: z.string().nullable(),
  failure: z.enum(COURIER_FAILURES).nullable(),
  centre: z.string().nullable(),
  occurredAt: timestamp,
})
export type ShipmentEventReply = z.output<typeof shipmentEventReply>

export const shipmentReply = z.object({
  _id: z.string(),
  orderId: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  kind: z.enum(SHIPMENT_KINDS),
  tracking: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  statusRaw: z.string().nullable(),
  failure: z.enum(COURIER_FAILURES).nullable(),
  codAmount: count,
  deliveryFee: count.nullable(),
  returnFee: count.nullable(),
  payoutStatus: z.enum(PAYOUT_STATUSES),
  /** Still at the shop or the courier's counter: it can be cancelled. */
  cancellable: z.boolean(),
  cancelledAt: timestamp.nullable(),
  createdAt: timestamp,
  events: z.array(shipmentEventReply),
})
export type ShipmentReply = z.output<typeof shipmentReply>
/** A courier account staff may pick when shipping (the shop's active accounts). */
export const shippingAccount = z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() })
export const orderShipmentsReply = z.object({ shipments: z.array(shipmentReply), accounts: z.array(shippingAccount) })
export type OrderShipmentsReply = z.output<typeof orderShipmentsReply>

export const shipmentParams = z.object({ id: z.string() })

/** `GET /admin/shipments/labels?ids=a,b`: the parcels whose labels make one PDF. */
export const labelsQuery = z.object({
  ids: z
    .string()
    .transform((raw) => [...new Set(raw.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(uuidText).min(1).max(SHIP_MAX_ORDERS)),
})

/** An exchange parcel for a delivered order (the size swap): what it brings, what it takes back, the cash. */
export const exchangeBody = z.object({
  productToCollect: z.string().trim().min(1, 'validation:required').max(200),
  products: z.string().trim().min(1, 'validation:required').max(500),
  codAmount: count.max(1_000_000),
  note: z.string().trim().max(300).nullish(),
  accountId: uuidText.optional(),
})
export type ExchangeBody = z.output<typeof exchangeBody>

/**
 * The courier's timeline as the shopper sees it on the tracking page: the parcel's state in the store's words
 * (translated by the storefront), its time and centre; never the courier's raw words nor a failure's reason
 * ("Faux numéro"): a failed attempt is only "delivery attempt failed".
 */
export const publicCourierEvent = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  occurredAt: timestamp,
  centre: z.string().nullable(),
})
export type PublicCourierEvent = z.output<typeof publicCourierEvent>

/** `POST /admin/shipments/refresh`: what a "refresh now" asked of the couriers. */
export const refreshReply = z.object({ accounts: count, shipments: count, events: count, failed: count })
export type RefreshReply = z.output<typeof refreshReply>
