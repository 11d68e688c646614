import { FINAL_SHIPMENT_STATUSES, type shipmentReply } from '@shop/shared'
import { and, asc, desc, eq, inArray, ne, notInArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { courierAccounts, shipmentEvents, shipments } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'

export type ShipmentRow = typeof shipments.$inferSelect

/** Parcel states the courier still lets the shop cancel: nothing picked up yet. */
export const CANCELLABLE_SHIPMENT_STATUSES = ['pending'] as const

export async function getShipment(db: Db, id: string): Promise<ShipmentRow> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id))
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND')
  return row
}

export async function findShipments(db: Db, ids: string[]): Promise<ShipmentRow[]> {
  if (ids.length === 0) return []
  return db.select().from(shipments).where(inArray(shipments.id, ids))
}

/** The order's delivery parcel still in play (anything but a cancelled one): an order is shipped once. */
export async function findLiveDeliveryShipment(db: Db, orderId: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'delivery'), ne(shipments.status, 'cancelled')))
    .orderBy(desc(shipments.createdAt))
    .limit(1)
  return row ?? null
}

/** The parcels of an account the courier is still moving (the poller's list), oldest news first. */
export async function openShipmentsOf(db: Db, accountId: string): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.accountId, accountId), notInArray(shipments.status, [...FINAL_SHIPMENT_STATUSES])))
    .orderBy(asc(shipments.lastEventAt), asc(shipments.createdAt))
}

/** The accounts with parcels still moving. */
export async function accountsWithOpenShipments(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: shipments.accountId })
    .from(shipments)
    .where(notInArray(shipments.status, [...FINAL_SHIPMENT_STATUSES]))
  return rows.map((r) => r.accountId)
}

/** Every parcel of an order with its courier timeline (oldest event first), newest parcel first. */
export async function orderShipments(db: Db, orderId: string): Promise<z.input<typeof shipmentReply>[]> {
  const rows = await db
    .select({ s: shipments, accountName: courierAccounts.name })
    .from(shipments)
    .innerJoin(courierAccounts, eq(courierAccounts.id, shipments.accountId))
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.createdAt))
  const events = rows.length
    ? await db
        .select()
        .from(shipmentEvents)
        .where(inArray(shipmentEvents.shipmentId, rows.map((r) => r.s.id)))
        .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id))
    : []
  return rows.map(({ s, accountName }) => ({
    _id: s.id,
    orderId: s.orderId,
    accountId: s.accountId,
    accountName,
    kind: s.kind,
    tracking: s.tracking,
    status: s.status,
    statusRaw: s.statusRaw,
    failure: s.failure,
    codAmount: s.codAmount,
    deliveryFee: s.deliveryFee,
    returnFee: s.returnFee,
    payoutStatus: s.payoutStatus,
    cancellable: (CANCELLABLE_SHIPMENT_STATUSES as readonly string[]).includes(s.status),
    cancelledAt: s.cancelledAt,
    createdAt: s.createdAt,
    events: events
      .filter((e) => e.shipmentId === s.id)
      .map((e) => ({ status: e.status, statusRaw: e.statusRaw, reason: e.reason, failure: e.failure, centre: e.centre, occurredAt: e.occurredAt })),
  }))
}

/** The courier timeline the shopper sees: every parcel's events of the order, oldest first, without the courier's words. */
export async function publicCourierTimeline(db: Db, orderId: string) {
  return db
    .select({ status: shipmentEvents.status, occurredAt: shipmentEvents.occurredAt, centre: shipmentEvents.centre })
    .from(shipmentEvents)
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled')))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id))
}

/** The shop's active courier accounts, the default one first: the choice staff have when shipping. */
export async function shippingAccounts(db: Db) {
  const rows = await db
    .select({ id: courierAccounts.id, name: courierAccounts.name, isDefault: courierAccounts.isDefault })
    .from(courierAccounts)
    .where(eq(courierAccounts.active, true))
    .orderBy(desc(courierAccounts.isDefault), asc(courierAccounts.name))
  return rows.map((r) => ({ _id: r.id, name: r.name, isDefault: r.isDefault }))
}

/** An order's shipping panel: its parcels and the accounts it may ship with. */
export async function orderShipping(db: Db, orderId: string) {
  return { shipments: await orderShipments(db, orderId), accounts: await shippingAccounts(db) }
}
