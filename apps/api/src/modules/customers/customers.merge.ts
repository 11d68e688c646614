import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { couponRedemptions, coupons, orderItems, orders, orderStatusHistory } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, writeAudit } from '../audit/audit.service.ts'
import { discountFor } from '../coupons/coupons.service.ts'
import { OPEN_ORDER_STATUSES } from './customers.service.ts'

export interface MergeCommand {
  /** The order kept: the other one's lines come into it. */
  intoOrderId: string
  version: number
  fromOrderId: string
  fromVersion: number
  actor: Actor
}

/**
 * Merges a duplicate order of the same phone into this one, in one transaction, both rows locked (in id order)
 * and both versions checked:
 * - the other order's lines move into this one; a line of a variant this order already has adds its quantity
 *   to that line (at this order's unit price). Stock is not touched: the lines already hold it, and still do.
 * - this order keeps its own coupon and delivery fee (one parcel); its discount is the coupon's rule applied to
 *   the new subtotal (the redemption's amount follows), its total recomputed. A coupon used only by the other
 *   order is released (its use goes back to the coupon and the customer).
 * - the other order is cancelled with nothing left in it (no lines, amounts 0, no coupon); both orders get a
 *   'merge' history entry whose details name the orders and the lines moved, and the cancellation an audit line.
 */
export async function mergeOrders(db: Db, cmd: MergeCommand) {
  if (cmd.intoOrderId === cmd.fromOrderId) throw new AppError('MERGE_NOT_ALLOWED')
  return db.transaction(async (tx) => {
    const ids = [cmd.intoOrderId, cmd.fromOrderId].sort()
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update')
    const into = rows.find((r) => r.id === cmd.intoOrderId)
    const from = rows.find((r) => r.id === cmd.fromOrderId)
    if (!into || !from) throw new AppError('ORDER_NOT_FOUND')
    if (into.version !== cmd.version) throw new AppError('ORDER_CONFLICT', { data: { version: into.version } })
    if (from.version !== cmd.fromVersion) throw new AppError('ORDER_CONFLICT', { data: { version: from.version } })
    const open = (status: string) => (OPEN_ORDER_STATUSES as readonly string[]).includes(status)
    if (into.phone !== from.phone || !open(into.status) || !open(from.status)) throw new AppError('MERGE_NOT_ALLOWED')

    const lines = await tx.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id))
    const kept = lines.filter((l) => l.orderId === into.id)
    const moved: { sku: string; size: string; color: string; quantity: number; variantId: string | null; addedTo: string | null }[] = []
    for (const line of lines.filter((l) => l.orderId === from.id)) {
      const same = line.variantId ? kept.find((k) => k.variantId === line.variantId) : undefined
      if (same) {
        same.quantity += line.quantity
        same.lineTotal = same.unitPrice * same.quantity
        await tx.update(orderItems).set({ quantity: same.quantity, lineTotal: same.lineTotal }).where(eq(orderItems.id, same.id))
        await tx.delete(orderItems).where(eq(orderItems.id, line.id))
      } else {
        await tx.update(orderItems).set({ orderId: into.id }).where(eq(orderItems.id, line.id))
        kept.push({ ...line, orderId: into.id })
      }
      moved.push({ sku: line.sku, size: line.size, color: line.color, quantity: line.quantity, variantId: line.variantId, addedTo: same?.id ?? null })
    }

    const subtotal = kept.reduce((sum, l) => sum + l.lineTotal, 0)
    let discount = 0
    if (into.couponId) {
      const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, into.couponId))
      discount = coupon ? discountFor(coupon, subtotal) : Math.min(into.discount, subtotal)
      await tx.update(couponRedemptions).set({ discount }).where(eq(couponRedemptions.orderId, into.id))
    }
    const total = subtotal - discount + into.deliveryFee
    const [updated] = await tx
      .update(orders)
      .set({ subtotal, discount, total, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, into.id), eq(orders.version, cmd.version)))
      .returning()
    if (!updated) throw new AppError('ORDER_CONFLICT')

    // the other order's coupon use goes back (its stock does not: its lines now belong to the kept order)
    const released = await tx
      .update(couponRedemptions)
      .set({ releasedAt: sql`now()` })
      .where(and(eq(couponRedemptions.orderId, from.id), isNull(couponRedemptions.releasedAt)))
      .returning({ couponId: couponRedemptions.couponId })
    for (const { couponId } of released) {
      await tx.update(coupons).set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)`, updatedAt: sql`now()` }).where(eq(coupons.id, couponId))
    }
    await tx
      .update(orders)
      .set({ status: 'cancelled', subtotal: 0, discount: 0, deliveryFee: 0, total: 0, couponId: null, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(orders.id, from.id))

    const details = {
      into: { id: into.id, trackingNumber: into.trackingNumber },
      from: { id: from.id, trackingNumber: from.trackingNumber, subtotal: from.subtotal, discount: from.discount, deliveryFee: from.deliveryFee, total: from.total, couponCode: from.couponCode },
      lines: moved,
      before: { subtotal: into.subtotal, discount: into.discount, total: into.total },
      after: { subtotal, discount, total },
    }
    await tx.insert(orderStatusHistory).values([
      { orderId: into.id, fromStatus: into.status, toStatus: into.status, staffId: cmd.actor.id, kind: 'merge', note: from.trackingNumber, details },
      { orderId: from.id, fromStatus: from.status, toStatus: 'cancelled', staffId: cmd.actor.id, kind: 'merge', note: into.trackingNumber, details },
    ])
    await writeAudit(tx, cmd.actor, {
      kind: 'order_status',
      action: 'merge',
      entity: 'order',
      entityId: from.id,
      label: from.trackingNumber,
      before: { status: from.status, total: from.total },
      after: { status: 'cancelled', mergedInto: into.trackingNumber },
    })
    return updated
  })
}
