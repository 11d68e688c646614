import type { OrderStatus } from './orders.ts'

/**
 * The courier engines the store speaks to. One engine serves several companies on other hosts:
 * `yalidine` (Yalidine, Guepex, Yalitec), `ecotrack` (DHD, Conexlog, Anderson, ... ~23 couriers), `zr` (ZR Express's API).
 */
export const COURIER_ENGINES = ['yalidine', 'ecotrack', 'zr'] as const
export type CourierEngine = (typeof COURIER_ENGINES)[number]

/** A parcel's state, the same words for every courier (their own status is kept beside it, raw). */
export const SHIPMENT_STATUSES = [
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'ready_for_pickup',
  'failed_delivery',
  'returning',
  'returned',
  'delivered',
  'cancelled',
  'exception',
  'unknown',
] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/** Parcel states after which nothing changes any more: the poller stops asking. */
export const FINAL_SHIPMENT_STATUSES = ['delivered', 'returned', 'cancelled'] as const satisfies readonly ShipmentStatus[]

/** A delivery parcel, or an exchange parcel (brings the new pair and takes the old one back). */
export const SHIPMENT_KINDS = ['delivery', 'exchange'] as const
export type ShipmentKind = (typeof SHIPMENT_KINDS)[number]

/** Where the cash the courier collected stands (Yalidine's payment_status, or a statement import). */
export const PAYOUT_STATUSES = ['not_ready', 'ready', 'receivable', 'paid'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/** Where a parcel event came from. */
export const SHIPMENT_EVENT_SOURCES = ['webhook', 'poll', 'store'] as const
export type ShipmentEventSource = (typeof SHIPMENT_EVENT_SOURCES)[number]

/**
 * Why a courier could not deliver, in the store's words (from "Faux numéro", "Client ne répond pas"...):
 * the risk score counts them against the phone.
 */
export const COURIER_FAILURES = [
  'wrong_number',
  'no_answer',
  'refused',
  'cancelled_by_customer',
  'duplicate',
  'not_ordered',
  'unable_to_pay',
  'wrong_commune',
  'other',
] as const
export type CourierFailure = (typeof COURIER_FAILURES)[number]

/**
 * The order status a parcel state moves its order to (actor `courier`); null: the order stays as it is.
 * Only forward moves the order's own move table allows are made.
 */
export const ORDER_STATUS_OF_SHIPMENT: Record<ShipmentStatus, OrderStatus | null> = {
  pending: null,
  picked_up: 'shipped',
  in_transit: 'shipped',
  out_for_delivery: 'out_for_delivery',
  ready_for_pickup: 'out_for_delivery',
  failed_delivery: null,
  returning: null,
  returned: 'returned',
  delivered: 'delivered',
  cancelled: null,
  exception: null,
  unknown: null,
}

/** Who made an order history entry: staff, the customer, the courier (status sync) or the store itself. */
export const HISTORY_ACTORS = ['staff', 'client', 'courier', 'system'] as const
export type HistoryActor = (typeof HISTORY_ACTORS)[number]
