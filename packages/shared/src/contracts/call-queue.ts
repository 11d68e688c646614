import { z } from 'zod'
import { DELIVERY_TYPES, ORDER_STATUSES } from '../orders.ts'
import { count, timestamp } from './http.ts'
import { orderPage } from './orders.ts'

/** The confirmation-call queue of the back office, and the customer's confirmation link. */

/** One order waiting for its call (`GET /admin/call-queue`). */
export const callQueueRow = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  createdAt: timestamp,
  customerName: z.string(),
  phone: z.string(),
  wilayaName: z.string(),
  totalAmount: z.number().int(),
  itemCount: count,
  callAttempts: count,
  /** A postponed order's callback time (due: it is back in the queue). */
  callbackAt: timestamp.nullable(),
  lastCallAt: timestamp.nullable(),
  /** The agent holding the order (a lease from "next order", or a standing assignment), or null. */
  assignedTo: z.string().nullable(),
  /** The customer asked for a change through the confirmation link: their note. */
  customerRequest: z.string().nullable(),
})
export type CallQueueRow = z.output<typeof callQueueRow>

/** `GET /admin/call-queue`: the orders to call now (callbacks due first, then oldest first) and the counts of each bucket. */
export const callQueueReply = z.object({
  orders: z.array(callQueueRow),
  counts: z.object({ toCall: count, callbacksLater: count, unreachable: count }),
})
export type CallQueueReply = z.output<typeof callQueueReply>

/** The order an agent works now: the order page with the queue's own fields. */
export const callQueueCurrent = orderPage.extend({
  /** Until when the order is held for the agent; null for a standing assignment. */
  assignedUntil: timestamp.nullable(),
  unansweredCalls: count,
  callbackAt: timestamp.nullable(),
  customerRequest: z.object({ note: z.string(), at: timestamp }).nullable(),
})
export type CallQueueCurrent = z.output<typeof callQueueCurrent>

/** `POST /admin/call-queue/next`: the next order, now held for the caller, or null when nothing is left to call. */
export const callQueueNextReply = z.object({ current: callQueueCurrent.nullable() })
export type CallQueueNextReply = z.output<typeof callQueueNextReply>

// ---------------------------------------------------------------- the customer's confirmation link

/** What a customer can answer through the link. */
export const CONFIRM_LINK_ANSWERS = ['confirm', 'change', 'cancel'] as const
export type ConfirmLinkAnswer = (typeof CONFIRM_LINK_ANSWERS)[number]

/** `:token` of `/confirm/:token` (the link's signed token; anything malformed is a 404). */
export const confirmLinkParams = z.object({ token: z.string().max(200) })

/** `POST /confirm/:token`: a change request needs its note (size, colour, address...). */
export const confirmLinkBody = z
  .object({
    answer: z.enum(CONFIRM_LINK_ANSWERS),
    note: z
      .string()
      .trim()
      .max(500, 'validation:notes.tooLong')
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .superRefine((body, ctx) => {
    if (body.answer === 'change' && !body.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation:changeNote.required' })
  })
export type ConfirmLinkBody = z.input<typeof confirmLinkBody>

/** The order as its confirmation link shows it: a summary, no address beyond the commune, no phone. */
export const confirmLinkOrder = z.object({
  trackingNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  firstName: z.string(),
  items: z.array(z.object({ name: z.string(), size: z.string(), color: z.string(), quantity: count, lineTotal: z.number().int() })),
  subtotal: z.number().int(),
  discount: z.number().int(),
  deliveryFee: z.number().int(),
  totalAmount: z.number().int(),
  deliveryType: z.enum(DELIVERY_TYPES),
  wilayaName: z.string(),
  communeName: z.string(),
  /** The customer's last answer through the link, if any. */
  answer: z.enum(CONFIRM_LINK_ANSWERS).nullable(),
  /** Whether the buttons still apply (the order is pending, or confirmed and still cancellable). */
  canAnswer: z.boolean(),
})
export type ConfirmLinkOrder = z.output<typeof confirmLinkOrder>
export const confirmLinkReply = z.object({ order: confirmLinkOrder })
export type ConfirmLinkReply = z.output<typeof confirmLinkReply>
