import {
  type CallOutcome,
  canMoveOrder,
  FINAL_STATUSES,
  type HistoryActor,
  type OrderHistoryKind,
  type OrderStatus,
  RESTOCK_ON_DELETE_STATUSES,
  STOCK_RELEASED_STATUSES,
} from '@shop/shared'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import {
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  orderStaffNotes,
  orderStatusHistory,
  returnRequests,
  variants,
} from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, writeAudit } from '../audit/audit.service.ts'
import { findRiskFacts } from '../customers/customers.repo.ts'
import { riskOf } from '../customers/customers.service.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { queueConversions } from '../pixels/conversions.ts'
import { giveBackSoldUnits } from './order.repo.ts'

type OrderRow = typeof orders.$inferSelect

const releasesStock = (status: string) => (STOCK_RELEASED_STATUSES as readonly string[]).includes(status)

/**
 * Whether moving from `from` to `to` puts the order's stock back. Cancelling (only possible before shipping) and
 * a return (the goods came back) do. Deleting does only while the goods are still in the shop (pending,
 * confirmed, processing): a shipped, out-for-delivery or delivered order's goods are with the courier or the
 * customer. An order whose stock already came back (cancelled, returned) never gives it back twice.
 */
export function restocksOnMove(from: string, to: string): boolean {
  if (!releasesStock(to) || releasesStock(from)) return false
  if (to === 'deleted') return (RESTOCK_ON_DELETE_STATUSES as readonly string[]).includes(from)
  return true
}

/**
 * Runs `change` on the order inside a transaction, with the order row locked (FOR UPDATE) first.
 * The version staff saw must be the row's; the UPDATE is conditional on it too and bumps it, so two
 * staff acting on the same order at once get one success and one 409 ORDER_CONFLICT.
 */
export async function changeOrder(
  db: Db,
  orderId: string,
  version: number,
  change: (tx: Db, row: OrderRow) => Promise<PgUpdateSetSource<typeof orders>>,
  after?: (tx: Db, before: OrderRow, updated: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  return retryOnDeadlock(() => db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!row) throw new AppError('ORDER_NOT_FOUND')
    if (row.version !== version) throw new AppError('ORDER_CONFLICT', { data: { version: row.version } })
    const values = await change(tx, row)
    const [updated] = await tx
      .update(orders)
      .set({ ...values, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.version, version)))
      .returning()
    if (!updated) throw new AppError('ORDER_CONFLICT')
    await after?.(tx, row, updated)
    return updated
  }))
}

/**
 * PostgreSQL breaks a lock cycle (another transaction locking the same variants or products in another
 * order) by aborting one side with 40P01; the whole transaction is then safe to run again.
 */
async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error
    }
  }
}

/**
 * Puts the order's stock back: every line's quantity onto its variant, its units off the sold counts at
 * the next fold (giveBackSoldUnits; never below 0), and the coupon use released. Variants are locked in id
 * order (their trigger then locks the products in id order for the cards' stock), so that two transactions
 * touching the same variants always wait for each other in the same order.
 */
export async function releaseOrderStock(tx: Db, orderId: string): Promise<void> {
  const lines = await tx
    .select({ variantId: orderItems.variantId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
  const byVariant = new Map<string, number>()
  const byProduct = new Map<string, number>()
  for (const line of lines) {
    if (line.variantId) byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity)
    if (line.productId) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity)
  }
  const variantIds = [...byVariant.keys()].sort()
  if (variantIds.length > 0) {
    await tx.select({ id: variants.id }).from(variants).where(inArray(variants.id, variantIds)).orderBy(asc(variants.id)).for('update')
    for (const id of variantIds) {
      await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${byVariant.get(id) ?? 0}`, updatedAt: sql`now()` })
        .where(eq(variants.id, id))
    }
  }
  await giveBackSoldUnits(tx, [...byProduct].map(([productId, quantity]) => ({ productId, quantity })))
  await releaseCouponUse(tx, orderId)
}

/** Gives the order's coupon use back (to the coupon's count and to the customer): cancelled, or no longer applying after an edit. */
export async function releaseCouponUse(tx: Db, orderId: string): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId })
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(coupons.id, couponId))
  }
}

interface MoveCommand {
  orderId: string
  to: OrderStatus
  version: number
  actor: Actor
  note?: string | null | undefined
}

export async function recordHistory(
  tx: Db,
  entry: {
    orderId: string
    from: OrderStatus
    to: OrderStatus
    /** null when no member of staff made the entry (the courier's status sync): `actor` says who did. */
    staffId: string | null
    actor?: HistoryActor
    note?: string | null | undefined
    callOutcome?: CallOutcome
    kind?: OrderHistoryKind
    /** What the entry changed (an edit's before and after, a merge's orders, where a customer's answer came from). */
    details?: Record<string, unknown> | null
  },
) {
  await tx.insert(orderStatusHistory).values({
    orderId: entry.orderId,
    fromStatus: entry.from,
    toStatus: entry.to,
    staffId: entry.staffId,
    callOutcome: entry.callOutcome ?? null,
    note: entry.note || null,
    kind: entry.kind ?? 'status',
    details: entry.details ?? null,
    actor: entry.actor ?? null,
  })
  // the purchase is counted by the ad platforms when the order is confirmed (server-side events)
  if ((entry.kind ?? 'status') === 'status' && entry.to === 'confirmed' && entry.from !== 'confirmed') {
    await queueConversions(tx, entry.orderId, 'purchase')
  }
}

/** A cash-on-delivery order is paid when the courier hands it over: delivered means paid, nothing left to collect. */
export const paidOnDelivery = (row: Pick<OrderRow, 'paymentMethod' | 'paymentStatus'>, to: OrderStatus) =>
  to === 'delivered' && row.paymentMethod === 'cash_on_delivery' && row.paymentStatus !== 'paid'

/**
 * Moves the order to another status when the shared move table allows it; puts the stock back when
 * `restocksOnMove` says so. A cash-on-delivery order reaching delivered is marked paid in the same transaction.
 */
/**
 * When the owner says high-risk orders must be called (settings, risk section), such an order is confirmed by a
 * call (the "confirmed" outcome) or by the customer through the confirmation link, never by a plain status move
 * or a bulk confirm.
 */
async function requireCallWhenHighRisk(tx: Db, row: OrderRow): Promise<void> {
  const settings = await getShopSettings(tx)
  if (!settings.riskHighMustCall) return
  const risk = riskOf(await findRiskFacts(tx, row.phone), settings, { total: row.total, orderId: row.id })
  if (risk.action === 'must_call') throw new AppError('CALL_REQUIRED')
}

export async function moveOrder(db: Db, cmd: MoveCommand): Promise<OrderRow> {
  return changeOrder(
    db,
    cmd.orderId,
    cmd.version,
    async (tx, row) => {
      if (!canMoveOrder(row.status as OrderStatus, cmd.to, 'staff')) {
        throw new AppError('STATUS_MOVE_NOT_ALLOWED', { params: { from: row.status, to: cmd.to } })
      }
      if (cmd.to === 'confirmed') await requireCallWhenHighRisk(tx, row)
      return paidOnDelivery(row, cmd.to) ? { status: cmd.to, paymentStatus: 'paid', paidAt: sql`now()` } : { status: cmd.to }
    },
    async (tx, before) => {
      if (restocksOnMove(before.status, cmd.to)) await releaseOrderStock(tx, cmd.orderId)
      await recordHistory(tx, { orderId: cmd.orderId, from: before.status, to: cmd.to, staffId: cmd.actor.id, note: cmd.note })
      if (paidOnDelivery(before, cmd.to)) {
        await recordHistory(tx, { orderId: cmd.orderId, from: cmd.to, to: cmd.to, staffId: cmd.actor.id, kind: 'payment' })
      }
      await auditMove(tx, cmd.actor, before, cmd.to, 'move')
    },
  )
}

/** What each call outcome does to the order's status: confirmed confirms, the three endings cancel, the rest keep it. */
const CALL_OUTCOME_STATUS: Partial<Record<CallOutcome, OrderStatus>> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  fake: 'cancelled',
  duplicate: 'cancelled',
}

export interface CallCommand {
  orderId: string
  outcome: CallOutcome
  version: number
  actor: Actor
  note?: string | null | undefined
  /** postponed: when the order comes back to the queue (must be in the future). */
  callbackAt?: Date | undefined
  /** duplicate: the order kept instead of this one. */
  keptOrderId?: string | undefined
}

/**
 * The outcome of a confirmation call, from the order page or the call queue. confirmed → confirmed;
 * cancelled, fake, duplicate → cancelled with the stock and the coupon use back; no answer and busy count an
 * unanswered call and, at the shop's limit (`unreachableAfterCalls`), move the order to "unreachable";
 * a wrong number is unreachable at once (calling again reaches nobody) and counts against the phone;
 * postponed sets the callback time that puts the order back in the queue. Every call counts an attempt,
 * writes a history entry with its outcome and ends the agent's lease on the order (a standing assignment
 * stays while the order is still to call).
 */
export async function recordCall(db: Db, cmd: CallCommand): Promise<OrderRow> {
  if (cmd.outcome === 'postponed' && (!cmd.callbackAt || cmd.callbackAt.getTime() <= Date.now())) {
    throw new AppError('CALLBACK_IN_PAST', { fieldErrors: [{ field: 'callbackAt', message: 'errors:CALLBACK_IN_PAST' }] })
  }
  let to: OrderStatus = 'pending'
  return changeOrder(
    db,
    cmd.orderId,
    cmd.version,
    async (tx, row) => {
      const from = row.status as OrderStatus
      const moveTo = CALL_OUTCOME_STATUS[cmd.outcome]
      to = moveTo ?? from
      const allowed = moveTo ? canMoveOrder(from, moveTo, 'staff') : !(FINAL_STATUSES as readonly string[]).includes(from)
      if (!allowed) throw new AppError('STATUS_MOVE_NOT_ALLOWED', { params: { from, to } })
      const values: PgUpdateSetSource<typeof orders> = {
        status: to,
        callAttempts: sql`${orders.callAttempts} + 1`,
        lastCallAt: sql`now()`,
        callbackAt: null,
      }
      // the lease ends with the call; a standing assignment (no end) stays while the order is still to call
      if (row.assignedUntil !== null || to !== 'pending') Object.assign(values, { assignedStaffId: null, assignedUntil: null })
      if (cmd.outcome === 'no_answer' || cmd.outcome === 'busy') {
        const { unreachableAfterCalls } = await getShopSettings(tx)
        values.unansweredCalls = row.unansweredCalls + 1
        if (row.unansweredCalls + 1 >= unreachableAfterCalls) values.unreachableAt = sql`now()`
      }
      if (cmd.outcome === 'wrong_number') values.unreachableAt = sql`now()`
      if (cmd.outcome === 'postponed') Object.assign(values, { callbackAt: cmd.callbackAt, unreachableAt: null })
      return values
    },
    async (tx, before, updated) => {
      if (restocksOnMove(before.status, to)) await releaseOrderStock(tx, cmd.orderId)
      const details: Record<string, unknown> = {}
      if (cmd.outcome === 'postponed' && cmd.callbackAt) details.callbackAt = cmd.callbackAt.toISOString()
      if (cmd.outcome === 'duplicate' && cmd.keptOrderId) details.keptOrderId = cmd.keptOrderId
      if (updated.unreachableAt && !before.unreachableAt) details.unreachable = true
      await recordHistory(tx, {
        orderId: cmd.orderId,
        from: before.status,
        to,
        staffId: cmd.actor.id,
        note: cmd.note,
        callOutcome: cmd.outcome,
        details: Object.keys(details).length > 0 ? details : null,
      })
      if (to !== before.status) await auditMove(tx, cmd.actor, before, to, 'call')
    },
  )
}

/** Bank transfer and CCP orders are paid when staff see the money; cash on delivery is paid to the courier. */
export async function markPaid(db: Db, orderId: string, version: number, actor: Actor): Promise<OrderRow> {
  return changeOrder(
    db,
    orderId,
    version,
    async (_tx, row) => {
      if (row.paymentMethod === 'cash_on_delivery') throw new AppError('PAYMENT_METHOD_UNAVAILABLE')
      if (row.paymentStatus === 'paid') return {}
      return { paymentStatus: 'paid', paidAt: new Date() }
    },
    async (tx, before, updated) => {
      if (before.paymentStatus === updated.paymentStatus) return
      await recordHistory(tx, { orderId, from: before.status, to: before.status, staffId: actor.id, kind: 'payment' })
      await writeAudit(tx, actor, {
        kind: 'payment',
        action: 'paid',
        entity: 'order',
        entityId: before.id,
        label: before.trackingNumber,
        before: { paymentStatus: before.paymentStatus, total: before.total },
        after: { paymentStatus: updated.paymentStatus, total: updated.total },
      })
    },
  )
}

/** The audit line of a status move; a move to `deleted` is filed under deletions. */
async function auditMove(tx: Db, actor: Actor, before: OrderRow, to: OrderStatus, action: 'move' | 'call') {
  await writeAudit(tx, actor, {
    kind: to === 'deleted' ? 'deletion' : 'order_status',
    action: to === 'deleted' ? 'delete' : action,
    entity: 'order',
    entityId: before.id,
    label: before.trackingNumber,
    before: { status: before.status, total: before.total },
    after: { status: to },
  })
}

/**
 * The delivery company's parcel id. A change is kept in the history (who, when, the new id). The customer's
 * note is not editable here: staff write their own notes (addStaffNote).
 */
export async function updateOrderFields(
  db: Db,
  orderId: string,
  version: number,
  fields: { deliveryTrackingId?: string | null | undefined },
  staffId: string,
): Promise<OrderRow> {
  return changeOrder(
    db,
    orderId,
    version,
    async () => {
      const values: PgUpdateSetSource<typeof orders> = {}
      if (fields.deliveryTrackingId !== undefined) values.deliveryTrackingId = fields.deliveryTrackingId
      return values
    },
    async (tx, before, updated) => {
      if ((before.deliveryTrackingId ?? null) === (updated.deliveryTrackingId ?? null)) return
      await recordHistory(tx, {
        orderId,
        from: before.status,
        to: before.status,
        staffId,
        note: updated.deliveryTrackingId,
        kind: 'tracking_id',
      })
    },
  )
}

/**
 * Appends a staff note (never edited nor deleted) and the matching history entry. The order's version is not
 * bumped: a note changes nothing another member of staff is about to act on.
 */
export async function addStaffNote(db: Db, cmd: { orderId: string; staffId: string; text: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, cmd.orderId)).for('share')
    if (!row) throw new AppError('ORDER_NOT_FOUND')
    const [note] = await tx.insert(orderStaffNotes).values({ orderId: cmd.orderId, staffId: cmd.staffId, text: cmd.text }).returning()
    await recordHistory(tx, { orderId: cmd.orderId, from: row.status, to: row.status, staffId: cmd.staffId, note: cmd.text, kind: 'staff_note' })
    return note
  })
}

const RETURN_MOVES: Record<string, readonly string[]> = {
  requested: ['accepted', 'refused'],
  accepted: ['received', 'refused'],
  refused: [],
  received: [],
}

/** requested → accepted | refused; accepted → received | refused. The order's status is not changed. */
export async function handleReturnRequest(
  db: Db,
  cmd: { orderId: string; requestId: string; status: 'accepted' | 'refused' | 'received'; note?: string | null | undefined; staffId: string },
) {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(returnRequests)
      .where(and(eq(returnRequests.id, cmd.requestId), eq(returnRequests.orderId, cmd.orderId)))
      .for('update')
    if (!request) throw new AppError('NOT_FOUND')
    if (!(RETURN_MOVES[request.status] ?? []).includes(cmd.status)) {
      throw new AppError('STATUS_MOVE_NOT_ALLOWED', { params: { from: request.status, to: cmd.status } })
    }
    const [updated] = await tx
      .update(returnRequests)
      .set({
        status: cmd.status,
        staffId: cmd.staffId,
        handledAt: sql`now()`,
        ...(cmd.note !== undefined ? { staffNote: cmd.note } : {}),
      })
      .where(eq(returnRequests.id, cmd.requestId))
      .returning()
    return updated
  })
}
