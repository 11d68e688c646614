import { and, eq, gte, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { shipments } from '../../db/schema.ts'
import type { ParcelMoney } from './courier.ts'

const CHUNK = 50
/** How long after delivery the store keeps asking a courier whether it paid a parcel out. */
const PAYOUT_WATCH_DAYS = 90

/**
 * Asks the couriers about the money of parcels delivered but not paid out yet (Yalidine's payment_status): the
 * timeline poll stops at delivery, the payout comes days later. Couriers without a payout API answer nothing
 * and their parcels are settled by a statement import. A courier that cannot be reached is logged and skipped.
 */
export async function pollPayouts(app: FastifyInstance, options: { accountId?: string } = {}): Promise<{ shipments: number; failed: number }> {
  const rows = await app.db
    .select({ accountId: shipments.accountId, tracking: shipments.tracking, externalId: shipments.externalId })
    .from(shipments)
    .where(
      and(
        eq(shipments.status, 'delivered'),
        ne(shipments.payoutStatus, 'paid'),
        gte(sql`coalesce(${shipments.lastEventAt}, ${shipments.updatedAt})`, sql`now() - make_interval(days => ${PAYOUT_WATCH_DAYS})`),
        ...(options.accountId ? [eq(shipments.accountId, options.accountId)] : []),
      ),
    )
  const byAccount = new Map<string, typeof rows>()
  for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row])
  const result = { shipments: 0, failed: 0 }
  for (const [accountId, parcels] of byAccount) {
    try {
      const adapter = await app.couriers.adapter(accountId)
      for (let i = 0; i < parcels.length; i += CHUNK) {
        const chunk = parcels.slice(i, i + CHUNK).map((p) => ({ tracking: p.tracking, externalId: p.externalId }))
        for (const money of await adapter.money(chunk)) {
          if (money.payoutStatus === null && money.deliveryFee === null && money.returnFee === null) continue
          await writeParcelMoney(app.db, accountId, money)
          result.shipments++
        }
      }
    } catch (error) {
      result.failed++
      app.log.warn({ err: error, accountId }, 'courier payout poll failed')
    }
  }
  return result
}

/**
 * A parcel's fees and payout as the courier reports them (what it leaves out is kept). A paid parcel is never
 * moved back: a statement import may have settled it meanwhile.
 */
export async function writeParcelMoney(db: Db, accountId: string, money: ParcelMoney): Promise<void> {
  await db
    .update(shipments)
    .set({
      ...(money.deliveryFee !== null ? { deliveryFee: money.deliveryFee } : {}),
      ...(money.returnFee !== null ? { returnFee: money.returnFee } : {}),
      ...(money.payoutStatus !== null ? { payoutStatus: money.payoutStatus } : {}),
      ...(money.payoutId !== null ? { payoutId: money.payoutId } : {}),
      ...(money.payoutStatus === 'paid' ? { paidOutAt: sql`coalesce(${shipments.paidOutAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(shipments.accountId, accountId), eq(shipments.tracking, money.tracking), ne(shipments.payoutStatus, 'paid')))
}
