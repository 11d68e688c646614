import type { OrderStatus } from '@shop/shared'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders, shipments } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import type { Actor } from '../audit/audit.service.ts'
import { recordHistory } from '../orders/orders.admin-service.ts'
import type { CourierDirectory, CreatedParcel, ParcelRequest } from './courier.ts'
import { findLiveDeliveryShipment } from './shipping.repo.ts'
import { accountOf, courierAppError, parcelOf } from './shipping.service.ts'

/** A parcel once made: cancelled before pickup, an exchange parcel after delivery, labels. */

/**
 * Cancels a parcel the courier has not picked up yet: the courier first (its refusal, e.g. already picked up,
 * comes back as COURIER_REJECTED with its words), then the shipment cancelled and the order's delivery tracking
 * id cleared, in one transaction. The order keeps its status (processing): it can be shipped again.
 */
export async function cancelShipment(db: Db, couriers: CourierDirectory, shipmentId: string, actor: Actor): Promise<string> {
  const [shipment] = await db.select().from(shipments).where(eq(shipments.id, shipmentId))
  if (!shipment) throw new AppError('SHIPMENT_NOT_FOUND')
  if (['delivered', 'returned', 'cancelled'].includes(shipment.status)) {
    throw new AppError('STATUS_MOVE_NOT_ALLOWED', { params: { from: shipment.status, to: 'cancelled' } })
  }
  try {
    const adapter = await couriers.adapter(shipment.accountId)
    await adapter.cancelParcel({ tracking: shipment.tracking, externalId: shipment.externalId })
  } catch (error) {
    throw courierAppError(error)
  }
  await db.transaction(async (tx) => {
    await tx.update(shipments).set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(shipments.id, shipment.id))
    const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update')
    if (!order || order.deliveryTrackingId !== shipment.tracking) return
    await tx
      .update(orders)
      .set({ deliveryTrackingId: null, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
    const status = order.status as OrderStatus
    await recordHistory(tx, {
      orderId: order.id,
      from: status,
      to: status,
      staffId: actor.id,
      actor: 'staff',
      kind: 'tracking_id',
      note: null,
      details: { cancelledTracking: shipment.tracking },
    })
  })
  return shipment.orderId
}

export interface ExchangeCommand {
  productToCollect: string
  products: string
  codAmount: number
  note?: string | null | undefined
  accountId?: string | undefined
}

/**
 * An exchange parcel for a delivered order (the size swap): the courier brings the new pair, takes the old one
 * back and collects `codAmount`. Its reference is the order's tracking number and `-E<n>` (the n-th exchange);
 * it goes with the courier of the order's parcel unless staff name another. A history entry keeps what it was.
 */
export async function createExchange(db: Db, couriers: CourierDirectory, orderId: string, cmd: ExchangeCommand, actor: Actor): Promise<string> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new AppError('ORDER_NOT_FOUND')
  if (order.status !== 'delivered') throw new AppError('EXCHANGE_NOT_ALLOWED')
  const previous = await db.select({ kind: shipments.kind, accountId: shipments.accountId }).from(shipments).where(eq(shipments.orderId, order.id))
  const accountId = cmd.accountId ?? previous.find((s) => s.kind === 'delivery')?.accountId
  const account = await accountOf(couriers, order.wilayaCode58, accountId)
  const reference = `${order.trackingNumber}-E${previous.filter((s) => s.kind === 'exchange').length + 1}`
  const base = await parcelOf(db, couriers, order, account, reference)
  const request: ParcelRequest = {
    ...base,
    codAmount: cmd.codAmount,
    products: [{ name: cmd.products, quantity: 1, unitPrice: cmd.codAmount }],
    notes: cmd.note ?? null,
    exchange: { productToCollect: cmd.productToCollect },
  }
  let parcel: CreatedParcel | undefined
  try {
    const adapter = await couriers.adapter(account.id)
    ;[parcel] = await adapter.createParcels([request])
  } catch (error) {
    throw courierAppError(error)
  }
  if (!parcel) throw new AppError('COURIER_REJECTED', { params: { reason: 'no parcel created' } })
  const created = parcel
  await db.transaction(async (tx) => {
    await tx.insert(shipments).values({
      orderId: order.id,
      accountId: account.id,
      kind: 'exchange',
      tracking: created.tracking,
      externalId: created.externalId,
      labelUrl: created.labelUrl,
      codAmount: cmd.codAmount,
    })
    await recordHistory(tx, {
      orderId: order.id,
      from: 'delivered',
      to: 'delivered',
      staffId: actor.id,
      actor: 'staff',
      kind: 'tracking_id',
      note: created.tracking,
      details: { exchange: reference, productToCollect: cmd.productToCollect, products: cmd.products, codAmount: cmd.codAmount, note: cmd.note ?? null },
    })
  })
  return created.tracking
}

/**
 * The parcels' labels, asked of each courier, in the order given. An id is a parcel's, or an order's (its
 * delivery parcel still in play: "print labels" on the selected orders of the list).
 */
export async function labelsOf(db: Db, couriers: CourierDirectory, ids: string[]): Promise<Uint8Array[]> {
  const rows = await db.select().from(shipments).where(inArray(shipments.id, ids))
  const labels: Uint8Array[] = []
  for (const id of ids) {
    const row = rows.find((r) => r.id === id) ?? (await findLiveDeliveryShipment(db, id))
    if (!row) throw new AppError('SHIPMENT_NOT_FOUND')
    try {
      const adapter = await couriers.adapter(row.accountId)
      labels.push(await adapter.label({ tracking: row.tracking, externalId: row.externalId }))
    } catch (error) {
      throw courierAppError(error)
    }
  }
  return labels
}
