import { z } from 'zod'
import { ORDER_STATUSES } from '../orders.ts'
import { RISK_LEVELS, RISK_REASON_CODES } from '../risk.ts'
import { dzMobile } from '../phone.ts'
import { timestamp } from './http.ts'

/** The customer card, the risk of a phone, the blacklist and the merge of duplicate orders (back office). */

const count = z.number().int().min(0)

export const riskReason = z.object({
  code: z.enum(RISK_REASON_CODES),
  count: count.optional(),
  amount: z.number().int().optional(),
  threshold: z.number().int().optional(),
  points: z.number().int(),
})
export const riskReply = z.object({
  level: z.enum(RISK_LEVELS),
  score: z.number().int(),
  reasons: z.array(riskReason),
  /** What the shop's settings make of the level: a flag for staff (may skip the call, must call) or hold/refuse. */
  action: z.enum(['may_skip_call', 'must_call', 'hold', 'refuse', 'none']),
})
export type RiskReply = z.output<typeof riskReply>

/** `:phone` of the customer routes: any way of writing an Algerian mobile. */
export const customerParams = z.object({ phone: z.string().max(30) })
/** `GET /admin/customers/:phone?orderId=`: the order being looked at (its amount is judged, it is not a duplicate of itself). */
export const customerQuery = z.object({ orderId: z.string().max(40).optional() })

export const customerOrder = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  createdAt: timestamp,
  status: z.enum(ORDER_STATUSES),
  totalAmount: z.number().int(),
  customerName: z.string(),
  onHold: z.boolean(),
  /** Every call outcome recorded on it, oldest first. */
  callOutcomes: z.array(z.string()),
  version: z.number().int(),
})
export type CustomerOrder = z.output<typeof customerOrder>

export const customerCard = z.object({
  phone: z.string(),
  orders: z.array(customerOrder),
  counts: z.object({
    orders: count,
    delivered: count,
    returned: count,
    cancelled: count,
    fake: count,
    /** Orders whose calls were all unanswered (no answer, busy). */
    noAnswer: count,
    wrongNumber: count,
  }),
  /** delivered / (delivered + returned), 0-100; null before any parcel came to an end. */
  successRate: z.number().int().min(0).max(100).nullable(),
  firstOrderAt: timestamp.nullable(),
  lastOrderAt: timestamp.nullable(),
  /** Staff notes written on this phone's orders, newest first. */
  notes: z.array(z.object({ _id: z.string(), orderId: z.string(), trackingNumber: z.string(), text: z.string(), staffName: z.string().nullable(), createdAt: timestamp })),
  /** The other open orders (pending, confirmed) of the phone: possible duplicates of `orderId`. */
  duplicates: z.array(customerOrder),
  blacklist: z.object({ reason: z.string(), staffName: z.string(), createdAt: timestamp }).nullable(),
  risk: riskReply,
})
export type CustomerCard = z.output<typeof customerCard>
export const customerCardReply = z.object({ customer: customerCard })

export const blacklistEntry = z.object({ phone: z.string(), reason: z.string(), staffName: z.string(), createdAt: timestamp })
export type BlacklistEntry = z.output<typeof blacklistEntry>
export const blacklistReply = z.object({ entries: z.array(blacklistEntry) })
export const blacklistBody = z.object({
  phone: dzMobile,
  reason: z.string().trim().min(1, 'validation:required').max(300),
})
export type BlacklistBody = z.input<typeof blacklistBody>

/** `POST /admin/orders/:id/merge`: the other order's lines come into this one; both versions as staff saw them. */
export const mergeOrderBody = z.object({
  fromOrderId: z.string().max(40),
  version: z.number().int().min(1),
  fromVersion: z.number().int().min(1),
})
export type MergeOrderBody = z.output<typeof mergeOrderBody>
