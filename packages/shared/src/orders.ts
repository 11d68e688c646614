export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'returned',
  'cancelled',
  'deleted',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Allowed status moves; `deleted` is reachable from any status by staff only. */
export const ORDER_MOVES = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['out_for_delivery', 'delivered', 'returned'],
  out_for_delivery: ['delivered', 'returned'],
  delivered: [],
  returned: [],
  cancelled: [],
  deleted: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>

export function canMoveOrder(from: OrderStatus, to: OrderStatus, actor: 'staff' | 'client'): boolean {
  if (to === 'deleted') return actor === 'staff' && from !== 'deleted'
  return (ORDER_MOVES[from] as readonly OrderStatus[]).includes(to)
}

/** Statuses whose order lines no longer hold stock. */
export const STOCK_RELEASED_STATUSES = ['cancelled', 'deleted', 'returned'] as const satisfies readonly OrderStatus[]

/**
 * The money of the dashboard, kept apart: orders nobody confirmed yet, confirmed orders still to deliver (the cash
 * to collect), delivered orders. Each group is also a filter of the orders list (`?status=a,b`).
 */
export const REVENUE_GROUPS = {
  pending: ['pending'],
  toDeliver: ['confirmed', 'processing', 'shipped', 'out_for_delivery'],
  delivered: ['delivered'],
} as const satisfies Record<string, readonly OrderStatus[]>
export type RevenueGroup = keyof typeof REVENUE_GROUPS

/**
 * Statuses whose goods are still in the shop: deleting (or cancelling) such an order puts its stock back.
 * From shipped on the goods are with the courier or the customer; only a return (goods back in the shop)
 * restocks, and deleting such an order leaves stock as it is.
 */
export const RESTOCK_ON_DELETE_STATUSES = ['pending', 'confirmed', 'processing'] as const satisfies readonly OrderStatus[]

/**
 * Kinds of back-office order history entries; customers only see 'status' entries. 'edit': lines, address or
 * delivery changed during a call (`details` holds the before and after); 'merge': orders of one customer merged
 * into one; 'assignment': the order given to an agent; 'customer_reply': the customer answered the confirmation link.
 */
export const ORDER_HISTORY_KINDS = [
  'status',
  'staff_note',
  'tracking_id',
  'payment',
  'edit',
  'merge',
  'assignment',
  'customer_reply',
] as const
export type OrderHistoryKind = (typeof ORDER_HISTORY_KINDS)[number]

/** Statuses the courier CSV exports when no status is asked for: confirmed and packed, not yet handed over. */
export const READY_TO_SHIP_STATUSES = ['confirmed', 'processing'] as const satisfies readonly OrderStatus[]

export const FINAL_STATUSES = ['delivered', 'cancelled', 'deleted', 'returned'] as const satisfies readonly OrderStatus[]

export const PAYMENT_METHODS = ['cash_on_delivery', 'bank_transfer', 'ccp'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** home = domicil, office (pickup point) = stopdesk. */
export const DELIVERY_TYPES = ['domicil', 'stopdesk'] as const
export type DeliveryType = (typeof DELIVERY_TYPES)[number]

/**
 * What a confirmation call ended with. `postponed` puts the order back in the call queue at a callback time;
 * `no_answer`, `busy` count as unanswered attempts; `cancelled`, `fake`, `duplicate` end the order (cancelled);
 * `wrong_number` and `fake` count against the phone in the risk score.
 */
export const CALL_OUTCOMES = [
  'confirmed',
  'no_answer',
  'busy',
  'wrong_number',
  'postponed',
  'cancelled',
  'fake',
  'duplicate',
] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]

export const COUPON_TYPES = ['percentage', 'fixed'] as const
export type CouponType = (typeof COUPON_TYPES)[number]

export const RETURN_REQUEST_STATUSES = ['requested', 'accepted', 'refused', 'received'] as const
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number]

export const PIXEL_PLATFORMS = ['facebook', 'tiktok'] as const
export type PixelPlatform = (typeof PIXEL_PLATFORMS)[number]

/** The two administrative divisions a shop can show: 58 wilayas (delivery companies) or 69 (Law 26-06). */
export const WILAYA_DIVISIONS = [58, 69] as const
export type WilayaDivision = (typeof WILAYA_DIVISIONS)[number]

/**
 * The shop's anti-hoarding rules until the owner changes them (back-office settings): units of one item
 * per order, units per order, and open (not yet confirmed) orders per phone number.
 */
export const ORDER_LIMIT_DEFAULTS = { maxLineQuantity: 10, maxOrderQuantity: 20, maxOpenOrdersPerPhone: 3 } as const
export type OrderLimits = { maxLineQuantity: number; maxOrderQuantity: number; maxOpenOrdersPerPhone: number }

/** The most units of one line a cart or an order may ask for, whatever the shop's own limit. */
export const MAX_LINE_QUANTITY = 100

/** Statuses whose lines, address and delivery staff may still edit (the goods have not left the shop). */
export const EDITABLE_STATUSES = ['pending', 'confirmed', 'processing'] as const satisfies readonly OrderStatus[]

/**
 * Where an order was taken: the storefront's checkout, or by staff for a customer who ordered by phone,
 * WhatsApp, Instagram, Facebook or in the shop (a manual order).
 */
export const ORDER_SOURCES = ['storefront', 'phone', 'whatsapp', 'instagram', 'facebook', 'in_person'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]
/** The sources staff pick from for a manual order. */
export const MANUAL_ORDER_SOURCES = ['phone', 'whatsapp', 'instagram', 'facebook', 'in_person'] as const satisfies readonly OrderSource[]
export type ManualOrderSource = (typeof MANUAL_ORDER_SOURCES)[number]

/** What a bulk action of the order list does to each selected order (printing slips and the CSV are the browser's). */
/** `assign`: the orders given to an agent (their call queue hands them to that agent first), or taken back (staffId null). */
export const BULK_ORDER_ACTIONS = ['confirm', 'status', 'assign'] as const
export type BulkOrderAction = (typeof BULK_ORDER_ACTIONS)[number]
/** The most orders one bulk action takes (a page of the list at its largest). */
export const BULK_ORDERS_MAX = 100
