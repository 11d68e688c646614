import { type Locale, type OrderStatus, READY_TO_SHIP_STATUSES, type ShipResult, translate } from '@shop/shared'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communes, orderItems, orders, shipments, wilayas } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, writeAudit } from '../audit/audit.service.ts'
import { findBlacklisted } from '../customers/customers.repo.ts'
import { recordHistory } from '../orders/orders.admin-service.ts'
import { type CourierAccountRef, type CourierAdapter, type CourierDirectory, CourierError, type CreatedParcel, type ParcelRequest } from './courier.ts'
import { findLiveDeliveryShipment } from './shipping.repo.ts'

type OrderRow = typeof orders.$inferSelect

/** Parcels sent to a courier in one request at most. */
export const SHIP_BATCH = 50

/** A refusal of the courier (or the courier out of reach) in the store's words. */
export function courierAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof CourierError) {
    if (error.code === 'rejected') return new AppError('COURIER_REJECTED', { params: { reason: error.message }, cause: error })
    return new AppError('COURIER_UNAVAILABLE', { cause: error })
  }
  throw error
}

/** The cash the courier collects: the order's total for cash on delivery not yet paid, nothing otherwise. */
export function codAmountOf(order: Pick<OrderRow, 'paymentMethod' | 'paymentStatus' | 'total'>): number {
  return order.paymentMethod === 'cash_on_delivery' && order.paymentStatus !== 'paid' ? order.total : 0
}

async function wilayaNameFr(db: Db, code: number): Promise<string> {
  const [row] = await db.select({ nameFr: wilayas.nameFr }).from(wilayas).where(eq(wilayas.code, code))
  return row?.nameFr ?? String(code)
}

/** The order as the courier needs it (its products, its place at that courier); no check of whether it may ship. */
export async function parcelOf(
  db: Db,
  couriers: CourierDirectory,
  order: OrderRow,
  account: CourierAccountRef,
  reference: string,
): Promise<Omit<ParcelRequest, 'codAmount' | 'products' | 'notes' | 'exchange'>> {
  const [placeRow] = await db
    .select({ communeNameFr: communes.nameFr, wilayaNameFr: wilayas.nameFr })
    .from(communes)
    .innerJoin(wilayas, eq(wilayas.code, communes.wilayaCode58))
    .where(eq(communes.id, order.communeId))
  const place = await couriers.place(account.id, order.communeId)
  if (!place) throw new AppError('COMMUNE_NOT_MATCHED')
  return {
    reference,
    firstName: order.firstName,
    lastName: order.lastName,
    phone: order.phone,
    address: order.address ?? placeRow?.communeNameFr ?? '',
    wilayaCode: order.wilayaCode58,
    wilayaNameFr: placeRow?.wilayaNameFr ?? String(order.wilayaCode58),
    communeNameFr: placeRow?.communeNameFr ?? '',
    place,
    senderWilayaCode: account.senderWilayaCode,
    senderWilayaNameFr: await wilayaNameFr(db, account.senderWilayaCode),
    deliveryType: order.deliveryType,
  }
}

/** The account named by staff, else the wilaya's courier; refused when there is none. */
export async function accountOf(couriers: CourierDirectory, wilayaCode58: number, accountId: string | undefined): Promise<CourierAccountRef> {
  const account = accountId ? await couriers.account(accountId) : await couriers.accountFor(wilayaCode58)
  if (!account) throw new AppError('NO_COURIER')
  return account
}

/** Why the order may not go to the courier now, else nothing: confirmed or processing, not held, phone not blacklisted, not shipped yet. */
async function checkShippable(db: Db, order: OrderRow): Promise<void> {
  if (!(READY_TO_SHIP_STATUSES as readonly string[]).includes(order.status)) throw new AppError('NOT_READY_TO_SHIP')
  if (order.onHold) throw new AppError('ORDER_ON_HOLD')
  if (await findBlacklisted(db, order.phone)) throw new AppError('PHONE_BLACKLISTED')
  if (await findLiveDeliveryShipment(db, order.id)) throw new AppError('ALREADY_SHIPPED')
}

interface Candidate {
  order: OrderRow
  account: CourierAccountRef
  request: ParcelRequest
}

async function candidateOf(db: Db, couriers: CourierDirectory, orderId: string, accountId: string | undefined): Promise<Candidate> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new AppError('ORDER_NOT_FOUND')
  await checkShippable(db, order)
  const account = await accountOf(couriers, order.wilayaCode58, accountId)
  const base = await parcelOf(db, couriers, order, account, order.trackingNumber)
  const lines = await db
    .select({ nameFr: orderItems.nameFr, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
  return {
    order,
    account,
    request: {
      ...base,
      codAmount: codAmountOf(order),
      products: lines.map((l) => ({ name: `${l.nameFr} (${l.size}, ${l.color})`, quantity: l.quantity, unitPrice: l.unitPrice })),
      notes: order.notes,
      exchange: null,
    },
  }
}

/**
 * Writes a parcel the courier created for an order, in one transaction with the order locked: the shipment, the
 * order's delivery tracking id (history 'tracking_id'), and a confirmed order moved to processing (history and
 * audit, as staff). The order is checked again under the lock: two "ship" clicks racing make one parcel.
 */
async function recordShipment(tx: Db, candidate: Candidate, parcel: CreatedParcel, actor: Actor): Promise<void> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, candidate.order.id)).for('update')
  if (!row) throw new AppError('ORDER_NOT_FOUND')
  await checkShippable(tx, row)
  await tx.insert(shipments).values({
    orderId: row.id,
    accountId: candidate.account.id,
    kind: 'delivery',
    tracking: parcel.tracking,
    externalId: parcel.externalId,
    labelUrl: parcel.labelUrl,
    codAmount: candidate.request.codAmount,
  })
  const from = row.status as OrderStatus
  const to: OrderStatus = from === 'confirmed' ? 'processing' : from
  await tx
    .update(orders)
    .set({ status: to, deliveryTrackingId: parcel.tracking, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, row.id))
  if (to !== from) {
    await recordHistory(tx, { orderId: row.id, from, to, staffId: actor.id, actor: 'staff' })
    await writeAudit(tx, actor, {
      kind: 'order_status',
      action: 'move',
      entity: 'order',
      entityId: row.id,
      label: row.trackingNumber,
      before: { status: from, total: row.total },
      after: { status: to },
    })
  }
  await recordHistory(tx, { orderId: row.id, from: to, to, staffId: actor.id, actor: 'staff', kind: 'tracking_id', note: parcel.tracking })
}

/** A parcel created for nothing (the order changed meanwhile) is cancelled at the courier, as far as it lets us. */
async function dropParcel(adapter: CourierAdapter, parcel: CreatedParcel): Promise<void> {
  try {
    await adapter.cancelParcel({ tracking: parcel.tracking, externalId: parcel.externalId })
  } catch {
    // the parcel stays at the courier unpicked; staff see it in the courier's own list
  }
}

export interface ShipCommand {
  orderIds: string[]
  accountId?: string | undefined
  actor: Actor
  locale: Locale
}

/**
 * Ships orders with their couriers: each order is checked (ready to ship, not held, phone not blacklisted, not
 * shipped yet, a courier for its wilaya that knows its commune), the accepted ones go to each courier in
 * batches of SHIP_BATCH, and each parcel created is written with its order in one transaction. A batch the
 * courier refuses writes nothing and each of its orders says why. The reply has one result per order, in the
 * order asked.
 */
export async function shipOrders(db: Db, couriers: CourierDirectory, cmd: ShipCommand): Promise<ShipResult[]> {
  const ids = [...new Set(cmd.orderIds.map((id) => id.toLowerCase()))]
  const results = new Map<string, ShipResult>()
  const trackingNumbers = new Map<string, string>()
  const refuse = (orderId: string, error: unknown) => {
    const appError = courierAppError(error)
    results.set(orderId, {
      orderId,
      trackingNumber: trackingNumbers.get(orderId) ?? null,
      ok: false,
      tracking: null,
      reason: { code: appError.code, message: translate(cmd.locale, `errors:${appError.code}`, appError.params) },
    })
  }
  const byAccount = new Map<string, Candidate[]>()
  for (const id of ids) {
    try {
      const candidate = await candidateOf(db, couriers, id, cmd.accountId)
      trackingNumbers.set(id, candidate.order.trackingNumber)
      byAccount.set(candidate.account.id, [...(byAccount.get(candidate.account.id) ?? []), candidate])
    } catch (error) {
      refuse(id, error)
    }
  }
  for (const [accountId, candidates] of byAccount) {
    let adapter: CourierAdapter
    try {
      adapter = await couriers.adapter(accountId)
    } catch (error) {
      for (const c of candidates) refuse(c.order.id, error)
      continue
    }
    for (let i = 0; i < candidates.length; i += SHIP_BATCH) {
      const batch = candidates.slice(i, i + SHIP_BATCH)
      let created: CreatedParcel[]
      try {
        created = await adapter.createParcels(batch.map((c) => c.request))
      } catch (error) {
        // the whole batch was refused: each order gets its own reason when the courier gave one
        const own = error instanceof CourierError ? (error.details.parcels ?? []) : []
        for (const c of batch) {
          const reason = own.find((p) => p.reference === c.request.reference)
          refuse(c.order.id, reason && error instanceof CourierError ? new CourierError(error.code, reason.message) : error)
        }
        continue
      }
      for (const c of batch) {
        const parcel = created.find((p) => p.reference === c.request.reference)
        if (!parcel) {
          refuse(c.order.id, new CourierError('rejected', 'no parcel created'))
          continue
        }
        try {
          await db.transaction((tx) => recordShipment(tx, c, parcel, cmd.actor))
          results.set(c.order.id, { orderId: c.order.id, trackingNumber: c.order.trackingNumber, ok: true, tracking: parcel.tracking, reason: null })
        } catch (error) {
          await dropParcel(adapter, parcel)
          refuse(c.order.id, error)
        }
      }
    }
  }
  return ids.map((id) => results.get(id) as ShipResult)
}

/** The confirmed orders waiting for a courier ("ship confirmed orders"), oldest first, at most `max`. */
export async function confirmedOrderIds(db: Db, max: number): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'confirmed')).orderBy(asc(orders.createdAt)).limit(max)
  return rows.map((r) => r.id)
}
