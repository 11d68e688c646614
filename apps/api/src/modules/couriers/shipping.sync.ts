import { ORDER_MOVES, ORDER_STATUS_OF_SHIPMENT, type OrderStatus, type ShipmentEventSource } from '@shop/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { orders, shipmentEvents, shipments } from '../../db/schema.ts'
import { paidOnDelivery, recordHistory, releaseOrderStock, restocksOnMove } from '../orders/orders.admin-service.ts'
import type { CourierEvent } from './courier.ts'
import { pollPayouts, writeParcelMoney } from './ledger.sync.ts'
import { accountsWithOpenShipments, openShipmentsOf, type ShipmentRow } from './shipping.repo.ts'

/** Statuses a courier's news never takes an order to: only staff cancel or delete. */
const NOT_BY_COURIER: readonly OrderStatus[] = ['cancelled', 'deleted']

/**
 * The moves from `from` to `to` through the order move table, forward only (processing → shipped →
 * out_for_delivery → delivered), shortest first; empty when `to` cannot be reached (already there, past it,
 * or the order was cancelled meanwhile).
 */
export function forwardPath(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  if (from === to) return []
  const previous = new Map<OrderStatus, OrderStatus>()
  const queue: OrderStatus[] = [from]
  while (queue.length > 0) {
    const at = queue.shift() as OrderStatus
    for (const next of ORDER_MOVES[at] as readonly OrderStatus[]) {
      if (NOT_BY_COURIER.includes(next) || previous.has(next) || next === from) continue
      previous.set(next, at)
      if (next === to) {
        const path: OrderStatus[] = [to]
        for (let step = previous.get(to); step !== undefined && step !== from; step = previous.get(step)) path.unshift(step)
        return path
      }
      queue.push(next)
    }
  }
  return []
}

export interface AppliedEvents {
  /** Events written to a timeline (duplicates and unknown parcels left out). */
  recorded: number
  /** Events for parcels the shop does not know. */
  unknown: number
}

/**
 * Applies a courier's events to the store: each event joins its parcel's timeline once (a duplicate eventKey
 * is ignored); an event newer than the parcel's last one moves the parcel (status, raw status, failure) and
 * walks its order forward to ORDER_STATUS_OF_SHIPMENT through the move table, one history entry per move
 * (actor 'courier'), with the stock and payment effects a staff move to that status has. An older event is
 * kept in the timeline and moves nothing. One transaction per parcel, the parcel and the order locked.
 */
export async function applyCourierEvents(
  db: Db,
  accountId: string,
  events: CourierEvent[],
  source: ShipmentEventSource,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<AppliedEvents> {
  const byTracking = new Map<string, CourierEvent[]>()
  for (const event of events) byTracking.set(event.tracking, [...(byTracking.get(event.tracking) ?? []), event])
  const result: AppliedEvents = { recorded: 0, unknown: 0 }
  for (const [tracking, parcelEvents] of byTracking) {
    const recorded = await db.transaction(async (tx) => {
      const [parcel] = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.accountId, accountId), eq(shipments.tracking, tracking)))
        .for('update')
      if (!parcel) return null
      return applyToParcel(tx, parcel, parcelEvents, source)
    })
    if (recorded === null) {
      result.unknown += parcelEvents.length
      log?.warn({ accountId, tracking, source }, 'courier events for an unknown parcel ignored')
    } else {
      result.recorded += recorded
    }
  }
  return result
}

async function applyToParcel(tx: Db, parcel: ShipmentRow, events: CourierEvent[], source: ShipmentEventSource): Promise<number> {
  const sorted = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
  let lastEventAt = parcel.lastEventAt
  let recorded = 0
  for (const event of sorted) {
    const inserted = await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: parcel.id,
        eventKey: event.eventKey,
        status: event.status,
        statusRaw: event.statusRaw,
        reason: event.reason,
        failure: event.failure,
        centre: event.centre,
        occurredAt: event.occurredAt,
        source,
      })
      .onConflictDoNothing()
      .returning({ id: shipmentEvents.id })
    if (inserted.length === 0) continue
    recorded++
    // an event older than the parcel's newest news stays in the timeline but does not move anything back
    if (lastEventAt && event.occurredAt.getTime() <= lastEventAt.getTime()) continue
    lastEventAt = event.occurredAt
    await tx
      .update(shipments)
      .set({
        status: event.status,
        statusRaw: event.statusRaw,
        // a failure stays on the parcel (the risk score reads it) until the courier gives another one
        ...(event.failure ? { failure: event.failure } : {}),
        lastEventAt: event.occurredAt,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, parcel.id))
    const target = ORDER_STATUS_OF_SHIPMENT[event.status]
    // an exchange parcel leaves the (delivered) order where it is
    if (target && parcel.kind === 'delivery') await walkOrder(tx, parcel.orderId, target)
  }
  return recorded
}

/** Moves the order forward to `target`, one move (and one history entry) at a time, as the courier. */
async function walkOrder(tx: Db, orderId: string, target: OrderStatus): Promise<void> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!row) return
  let from = row.status as OrderStatus
  let paymentStatus = row.paymentStatus
  for (const to of forwardPath(from, target)) {
    const paid = paidOnDelivery({ paymentMethod: row.paymentMethod, paymentStatus }, to)
    await tx
      .update(orders)
      .set({
        status: to,
        ...(paid ? { paymentStatus: 'paid' as const, paidAt: sql`now()` } : {}),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId))
    if (restocksOnMove(from, to)) await releaseOrderStock(tx, orderId)
    await recordHistory(tx, { orderId, from, to, staffId: null, actor: 'courier' })
    if (paid) {
      await recordHistory(tx, { orderId, from: to, to, staffId: null, actor: 'courier', kind: 'payment' })
      paymentStatus = 'paid'
    }
    from = to
  }
}

/** The courier is asked about this many parcels per request. */
const POLL_CHUNK = 100

export interface PollResult {
  accounts: number
  shipments: number
  events: number
  /** Accounts whose courier could not be asked (down, bad credentials): asked again next time. */
  failed: number
}

/**
 * Asks each courier (or one account) about its parcels still moving: their timelines (applied as events from
 * 'poll') and their money (fees, payout). Run by the job scheduler every 30 minutes and by staff ("refresh now").
 * A courier that cannot be reached is logged and skipped: the next run asks again.
 */
export async function pollOpenShipments(app: FastifyInstance, options: { accountId?: string } = {}): Promise<PollResult> {
  const accountIds = options.accountId ? [options.accountId] : await accountsWithOpenShipments(app.db)
  const result: PollResult = { accounts: 0, shipments: 0, events: 0, failed: 0 }
  for (const accountId of accountIds) {
    const open = await openShipmentsOf(app.db, accountId)
    if (open.length === 0) continue
    result.accounts++
    try {
      const adapter = await app.couriers.adapter(accountId)
      for (let i = 0; i < open.length; i += POLL_CHUNK) {
        const chunk = open.slice(i, i + POLL_CHUNK)
        const parcels = chunk.map((s) => ({ tracking: s.tracking, externalId: s.externalId }))
        const applied = await applyCourierEvents(app.db, accountId, await adapter.events(parcels), 'poll', app.log)
        result.events += applied.recorded
        result.shipments += chunk.length
        for (const money of await adapter.money(parcels)) await writeParcelMoney(app.db, accountId, money)
      }
    } catch (error) {
      result.failed++
      app.log.warn({ err: error, accountId }, 'courier poll failed')
    }
  }
  // parcels delivered and not paid out yet: their payout (the timelines above stop at delivery)
  const payouts = await pollPayouts(app, options)
  result.failed += payouts.failed
  return result
}

export const COURIER_POLL_QUEUE = 'couriers.poll'
/** Couriers without webhooks (Ecotrack) are asked every 30 minutes; those with webhooks too, for a missed one. */
export const COURIER_POLL_INTERVAL_MS = 30 * 60_000

/** The courier poll as a recurring job: one per half hour across every process (its slot's dedup key). */
export function registerCourierJobs(app: FastifyInstance): void {
  app.jobs.register(COURIER_POLL_QUEUE, async () => {
    const result = await pollOpenShipments(app)
    app.log.info({ poll: result }, 'couriers polled')
  }, { timeoutMs: 10 * 60_000 })
  app.jobs.every(COURIER_POLL_QUEUE, COURIER_POLL_INTERVAL_MS)
}
