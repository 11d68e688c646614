import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import type { OrderRow } from '../orders/order.read.ts'

/** The orders of a phone number placed in the last `days` days (deleted ones left out), newest first, at most 50. */
export async function recentOrdersOfPhone(db: Db, phone: string, days: number): Promise<OrderRow[]> {
  const recent = sql`now() - make_interval(days => ${days})`
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.phone, phone), gt(orders.createdAt, recent), sql`${orders.status} <> 'deleted'`))
    // NULLS LAST as in orders_phone_created_idx: the index gives the order, nothing is sorted
    .orderBy(sql`${orders.createdAt} desc nulls last`)
    .limit(50)
}
