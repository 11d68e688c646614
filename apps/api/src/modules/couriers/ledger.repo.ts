import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { courierAccounts, orders, shipments } from '../../db/schema.ts'

export interface LedgerPeriod {
  from?: string | undefined
  to?: string | undefined
}

/** When the parcel's money was settled: its last courier event (delivered or returned), else its last change. */
const settledAt = sql<Date>`coalesce(${shipments.lastEventAt}, ${shipments.updatedAt})`
const delivered = sql`${shipments.status} = 'delivered'`
const returned = sql`${shipments.status} = 'returned'`
/** What the courier owes for one delivered parcel: the cash collected less its delivery fee. */
const net = sql<number>`(${shipments.codAmount} - coalesce(${shipments.deliveryFee}, 0))`

/** The period's bounds in the shop's days (Africa/Algiers), like the order list's date filter. */
function inPeriod(period: LedgerPeriod): SQL[] {
  const conditions: SQL[] = []
  if (period.from) conditions.push(gte(settledAt, sql`(${period.from}::date)::timestamp at time zone 'Africa/Algiers'`))
  if (period.to) conditions.push(lt(settledAt, sql`((${period.to}::date) + 1)::timestamp at time zone 'Africa/Algiers'`))
  return conditions
}

const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int`

/** Every courier account (none left out: an account with nothing in the period shows zeros), with its money. */
export async function ledgerFigures(db: Db, period: LedgerPeriod) {
  const parcelJoin = and(eq(shipments.accountId, courierAccounts.id), sql`${shipments.status} in ('delivered', 'returned')`, ...inPeriod(period))
  const rows = await db
    .select({
      accountId: courierAccounts.id,
      name: courierAccounts.name,
      engine: courierAccounts.engine,
      deliveredCount: int(sql`count(*) filter (where ${delivered})`),
      collected: int(sql`sum(${shipments.codAmount}) filter (where ${delivered})`),
      deliveryFees: int(sql`sum(${shipments.deliveryFee}) filter (where ${delivered})`),
      paidOut: int(sql`sum(${net}) filter (where ${delivered} and ${shipments.payoutStatus} = 'paid')`),
      returnedCount: int(sql`count(*) filter (where ${returned})`),
      returnFees: int(sql`sum(${shipments.returnFee}) filter (where ${returned})`),
    })
    .from(courierAccounts)
    .leftJoin(shipments, parcelJoin)
    .groupBy(courierAccounts.id, courierAccounts.name, courierAccounts.engine)
    .orderBy(asc(courierAccounts.name), asc(courierAccounts.id))
  return rows.map((r) => {
    const fees = Number(r.deliveryFees) + Number(r.returnFees)
    const netDue = Number(r.collected) - fees
    const paidOut = Number(r.paidOut)
    return {
      accountId: r.accountId,
      name: r.name,
      engine: r.engine,
      deliveredCount: Number(r.deliveredCount),
      collected: Number(r.collected),
      fees,
      netDue,
      paidOut,
      stillOwed: netDue - paidOut,
      returnedCount: Number(r.returnedCount),
      returnFees: Number(r.returnFees),
    }
  })
}

export type LedgerFilter = 'owed' | 'paid' | 'returned'

const filterOf: Record<LedgerFilter, SQL> = {
  owed: sql`${shipments.status} = 'delivered' and ${shipments.payoutStatus} <> 'paid'`,
  paid: sql`${shipments.status} = 'delivered' and ${shipments.payoutStatus} = 'paid'`,
  returned: sql`${shipments.status} = 'returned'`,
}

/** The parcels behind one figure of one account, newest settled first. */
export async function ledgerParcels(db: Db, accountId: string, query: LedgerPeriod & { status: LedgerFilter; page: number; limit: number }) {
  const where = and(eq(shipments.accountId, accountId), filterOf[query.status], ...inPeriod(query))
  const [rows, totals] = await Promise.all([
    db
      .select({
        _id: shipments.id,
        tracking: shipments.tracking,
        orderId: orders.id,
        orderNumber: orders.trackingNumber,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        status: shipments.status,
        codAmount: shipments.codAmount,
        deliveryFee: shipments.deliveryFee,
        returnFee: shipments.returnFee,
        payoutStatus: shipments.payoutStatus,
        payoutId: shipments.payoutId,
        settledAt: sql<string>`${settledAt}`.mapWith(shipments.updatedAt),
        paidOutAt: shipments.paidOutAt,
      })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(where)
      .orderBy(desc(settledAt), desc(shipments.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(shipments).where(where),
  ])
  return {
    parcels: rows.map(({ firstName, lastName, ...r }) => ({
      ...r,
      customer: `${firstName} ${lastName}`.trim(),
      net: r.status === 'returned' ? -(r.returnFee ?? 0) : r.codAmount - (r.deliveryFee ?? 0),
    })),
    total: totals[0]?.n ?? 0,
  }
}

/** The account's parcels with these tracking numbers, locked for the statement's transaction. */
export async function parcelsByTracking(db: Db, accountId: string, trackings: string[]) {
  if (trackings.length === 0) return []
  return db
    .select({ id: shipments.id, tracking: shipments.tracking, status: shipments.status, codAmount: shipments.codAmount, deliveryFee: shipments.deliveryFee, payoutStatus: shipments.payoutStatus, payoutId: shipments.payoutId })
    .from(shipments)
    .where(and(eq(shipments.accountId, accountId), sql`${shipments.tracking} in (${sql.join(trackings.map((t) => sql`${t}`), sql`, `)})`))
    .for('update')
}

export async function markPaid(db: Db, id: string, paidOutAt: Date, payoutId: string | null) {
  await db.update(shipments).set({ payoutStatus: 'paid', paidOutAt, payoutId }).where(eq(shipments.id, id))
}

export async function findAccount(db: Db, id: string) {
  const [row] = await db.select({ id: courierAccounts.id, name: courierAccounts.name }).from(courierAccounts).where(eq(courierAccounts.id, id))
  return row ?? null
}
