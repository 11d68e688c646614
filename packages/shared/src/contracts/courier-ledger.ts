import { z } from 'zod'
import { PAYOUT_STATUSES, SHIPMENT_STATUSES } from '../couriers.ts'
import { count, pagingQuery, timestamp, uuidText } from './http.ts'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid')
const money = z.number().int()

/** The period of the ledger, in the shop's days (Africa/Algiers), both ends included. */
export const ledgerQuery = z.object({ from: day.optional(), to: day.optional() })

/** One courier account's money over the period (DA). */
export const ledgerRow = z.object({
  accountId: z.string(),
  name: z.string(),
  engine: z.string(),
  deliveredCount: count,
  collected: money,
  fees: money,
  netDue: money,
  paidOut: money,
  stillOwed: money,
  returnedCount: count,
  returnFees: money,
})
export const ledgerReply = z.object({ accounts: z.array(ledgerRow) })

export const LEDGER_PARCEL_FILTERS = ['owed', 'paid', 'returned'] as const
export const ledgerParcelsQuery = ledgerQuery.extend({ status: z.enum(LEDGER_PARCEL_FILTERS).default('owed'), ...pagingQuery(50) })
export const ledgerParams = z.object({ id: uuidText })

export const ledgerParcel = z.object({
  _id: z.string(),
  tracking: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.string(),
  phone: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  codAmount: money,
  deliveryFee: money.nullable(),
  returnFee: money.nullable(),
  net: money,
  payoutStatus: z.enum(PAYOUT_STATUSES),
  payoutId: z.string().nullable(),
  settledAt: timestamp,
  paidOutAt: timestamp.nullable(),
})
export const ledgerParcelsReply = z.object({ parcels: z.array(ledgerParcel), total: count, page: count, pages: count })

/** A statement: CSV as the request body (text/plain) or as `{ csv }`. */
export const statementBody = z.union([z.string(), z.object({ csv: z.string() })])

export const STATEMENT_OUTCOMES = ['matched', 'unknown', 'not_delivered', 'differs', 'already_paid'] as const
export const statementLine = z.object({
  line: count,
  tracking: z.string(),
  amount: money,
  outcome: z.enum(STATEMENT_OUTCOMES),
  /** What the store expected (COD - fees) when the parcel is known. */
  expected: money.nullable(),
})
export const statementReply = z.object({
  lines: z.array(statementLine),
  matched: count,
  unknown: count,
  notDelivered: count,
  differs: count,
  alreadyPaid: count,
})
export type StatementLine = z.infer<typeof statementLine>
