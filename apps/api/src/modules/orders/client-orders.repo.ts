import { normalizeDzMobile, type OrderStatus, toLatinDigits } from '@shop/shared'
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderStatusHistory, orders, returnRequests } from '../../db/schema.ts'
import { containing } from '../../http/paging.ts'
import type { OrderRow } from './order.read.ts'

export interface ClientOrderFilter {
  status?: OrderStatus | '' | 'all' | undefined
  startDate?: Date | undefined
  endDate?: Date | undefined
  searchOrders?: string | undefined
  page: number
  limit: number
}

/** One page of a client's orders, newest first, and how many match. */
export async function listClientOrders(db: Db, clientId: string, q: ClientOrderFilter): Promise<{ rows: OrderRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [eq(orders.clientId, clientId)]
  if (q.status && q.status !== 'all') filters.push(eq(orders.status, q.status))
  if (q.startDate) filters.push(gte(orders.createdAt, q.startDate))
  if (q.endDate) filters.push(lt(orders.createdAt, new Date(q.endDate.getTime() + 24 * 60 * 60 * 1000)))
  if (q.searchOrders) {
    // Arabic phone keyboards type ٠-٩: the term is read in 0-9 first
    const term = toLatinDigits(q.searchOrders)
    const pattern = containing(term)
    // the shopper's own number in any usual form (0661…, +213 661…, 213661…) finds the orders placed with it
    const phone = normalizeDzMobile(term)
    filters.push(
      or(
        ilike(orders.trackingNumber, pattern),
        phone ? eq(orders.phone, phone) : undefined,
        sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and (shop_fold(i.name_ar || ' ' || i.name_fr) like shop_fold(${pattern})))`,
      ),
    )
  }
  const where = and(...filters)
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

/** The status moves of these orders, oldest first: staff notes, courier ids and payments stay in the back office. */
export async function publicStatusMoves(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return []
  return db
    .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.toStatus, createdAt: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(inArray(orderStatusHistory.orderId, orderIds), eq(orderStatusHistory.kind, 'status')))
    .orderBy(asc(orderStatusHistory.createdAt))
}

/** One return request per order: the order row is locked so two requests at once cannot both be written. */
export async function insertReturnRequest(db: Db, orderId: string, clientId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
    const existing = await tx.select({ id: returnRequests.id }).from(returnRequests).where(eq(returnRequests.orderId, orderId)).limit(1)
    if (existing.length > 0) return false
    await tx.insert(returnRequests).values({ orderId, clientId, reason })
    return true
  })
}
