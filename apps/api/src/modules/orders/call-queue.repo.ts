import { type Locale, pickLocalized } from '@shop/shared'
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders, staff, wilayas } from '../../db/schema.ts'

/**
 * The confirmation-call queue. Every time rule reads the database's clock (`now()`), never the app's, so
 * that several API processes agree on when a lease ends and when a callback is due.
 */

const pending = eq(orders.status, 'pending')
/** To call now: pending, reachable, and not waiting for a callback time still to come. */
const toCallNow = and(pending, isNull(orders.unreachableAt), or(isNull(orders.callbackAt), lte(orders.callbackAt, sql`now()`)))

/**
 * Free for `staffId`: nobody holds it, the caller holds it (a lease or a standing assignment), or another
 * agent's lease has ended. Another agent's standing assignment (no end) is theirs until it is changed.
 */
const freeFor = (staffId: string): SQL | undefined =>
  or(
    isNull(orders.assignedStaffId),
    eq(orders.assignedStaffId, staffId),
    and(isNotNull(orders.assignedUntil), lte(orders.assignedUntil, sql`now()`)),
  )

/** The queue's order: the caller's own orders first (standing assignments, then a lease), callbacks due, then oldest first. */
const queueOrder = (staffId: string | null) => [
  ...(staffId ? [desc(sql`(${orders.assignedStaffId} is not distinct from ${staffId}::uuid and ${orders.assignedUntil} is null)`), desc(sql`(${orders.assignedStaffId} is not distinct from ${staffId}::uuid)`)] : []),
  desc(sql`(${orders.callbackAt} is not null)`),
  asc(orders.callbackAt),
  asc(orders.createdAt),
  asc(orders.id),
]

const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = ${orders.id})`

export async function listCallQueue(db: Db, locale: Locale, limit: number) {
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        order: orders,
        itemCount,
        wilayaNameAr: wilayas.nameAr,
        wilayaNameFr: wilayas.nameFr,
        // a lease that ended holds nothing
        assignedTo: sql<string | null>`case when ${orders.assignedUntil} is null or ${orders.assignedUntil} > now() then ${staff.name} end`,
      })
      .from(orders)
      .innerJoin(wilayas, eq(wilayas.code, orders.wilayaCode))
      .leftJoin(staff, eq(staff.id, orders.assignedStaffId))
      .where(toCallNow)
      .orderBy(...queueOrder(null))
      .limit(limit),
    db
      .select({
        toCall: sql<number>`count(*) filter (where ${toCallNow})::int`,
        callbacksLater: sql<number>`count(*) filter (where ${and(isNull(orders.unreachableAt), gt(orders.callbackAt, sql`now()`))})::int`,
        unreachable: sql<number>`count(*) filter (where ${isNotNull(orders.unreachableAt)})::int`,
      })
      .from(orders)
      .where(pending),
  ])
  return {
    orders: rows.map(({ order: o, ...row }) => ({
      _id: o.id,
      trackingNumber: o.trackingNumber,
      createdAt: o.createdAt,
      customerName: `${o.firstName} ${o.lastName}`.trim(),
      phone: o.phone,
      wilayaName: pickLocalized(row.wilayaNameAr, row.wilayaNameFr, locale),
      totalAmount: o.total,
      itemCount: row.itemCount,
      callAttempts: o.callAttempts,
      callbackAt: o.callbackAt,
      lastCallAt: o.lastCallAt,
      assignedTo: row.assignedTo,
      customerRequest: o.customerRequest,
    })),
    counts: counts ?? { toCall: 0, callbacksLater: 0, unreachable: 0 },
  }
}

/**
 * Gives the next order to call to `staffId` and holds it for `leaseMinutes`, in one statement: the candidate
 * is picked with FOR UPDATE SKIP LOCKED (an order another agent is taking at this very moment is passed
 * over, not waited for) and the UPDATE repeats the conditions, so two agents asking at once never get the
 * same order. A standing assignment of the caller keeps having no end. Null when nothing is left to call.
 */
export async function takeNextOrder(db: Db, staffId: string, leaseMinutes: number): Promise<string | null> {
  const candidate = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(toCallNow, freeFor(staffId)))
    .orderBy(...queueOrder(staffId))
    .limit(1)
    .for('update', { skipLocked: true })
  const [taken] = await db
    .update(orders)
    .set({
      assignedStaffId: staffId,
      assignedUntil: sql`case when ${orders.assignedStaffId} = ${staffId}::uuid and ${orders.assignedUntil} is null then null else now() + make_interval(mins => ${leaseMinutes}::int) end`,
    })
    // `id = (scalar subquery)` runs the pick once (an InitPlan); `id in (subquery)` may run it again for each
    // row and, skipping the row it has just locked itself, hand out one order per row
    .where(and(sql`${orders.id} = (${candidate})`, toCallNow, freeFor(staffId)))
    .returning({ id: orders.id })
  return taken?.id ?? null
}

/** The queue's own fields of one order (the order page has the rest). */
export async function callQueueFields(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) return null
  return {
    assignedUntil: row.assignedUntil,
    unansweredCalls: row.unansweredCalls,
    callbackAt: row.callbackAt,
    customerRequest: row.customerRequest && row.customerRequestAt ? { note: row.customerRequest, at: row.customerRequestAt } : null,
  }
}
