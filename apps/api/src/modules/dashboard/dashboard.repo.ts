import { REVENUE_GROUPS } from '@shop/shared'
import { and, asc, count, eq, gte, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders, products, variantLowStock, variants } from '../../db/schema.ts'

export async function dashboardFigures(db: Db) {
  // "today" is the shop's day in Algeria (UTC+1, no daylight saving)
  const startOfDay = sql`date_trunc('day', now() at time zone 'Africa/Algiers') at time zone 'Africa/Algiers'`
  const [today, todayByStatus, byStatus, lowStock, days] = await Promise.all([
    db
      .select({ n: count(), revenue: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(and(gte(orders.createdAt, startOfDay), notInArray(orders.status, ['cancelled', 'deleted']))),
    db
      .select({ status: orders.status, n: count(), revenue: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(gte(orders.createdAt, startOfDay))
      .groupBy(orders.status),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({
        variantId: variants.id,
        productId: products.id,
        nameAr: products.nameAr,
        nameFr: products.nameFr,
        size: variants.size,
        color: variants.color,
        stock: variants.stock,
      })
      // the list kept by the variants' triggers: no index on variants.stock, whose updates stay HOT
      .from(variantLowStock)
      .innerJoin(variants, eq(variants.id, variantLowStock.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(products.isActive, true))
      .orderBy(asc(variantLowStock.stock), asc(products.nameFr))
      .limit(20),
    // the last 30 shop days, empty days included, for the chart
    db.execute<{ date: string; orders: number; revenue: number }>(sql`
      select to_char(d.day, 'YYYY-MM-DD') as date, count(o.id)::int as orders, coalesce(sum(o.total), 0)::int as revenue
      from generate_series(
        (date_trunc('day', now() at time zone 'Africa/Algiers') - interval '29 days'),
        date_trunc('day', now() at time zone 'Africa/Algiers'),
        interval '1 day') as d(day)
      left join orders o
        on o.created_at >= d.day at time zone 'Africa/Algiers'
       and o.created_at < (d.day + interval '1 day') at time zone 'Africa/Algiers'
       and o.status not in ('cancelled', 'deleted')
      group by d.day order by d.day`),
  ])
  const groupToday = (statuses: readonly string[]) => {
    const rows = todayByStatus.filter((r) => statuses.includes(r.status))
    return { orders: rows.reduce((sum, r) => sum + Number(r.n), 0), amount: rows.reduce((sum, r) => sum + Number(r.revenue), 0) }
  }
  return {
    ordersToday: today[0]?.n ?? 0,
    revenueToday: today[0]?.revenue ?? 0,
    revenueTodayByGroup: {
      pending: groupToday(REVENUE_GROUPS.pending),
      toDeliver: groupToday(REVENUE_GROUPS.toDeliver),
      delivered: groupToday(REVENUE_GROUPS.delivered),
    },
    byStatus,
    last30Days: (days as unknown as { rows: { date: string; orders: number; revenue: number }[] }).rows.map((r) => ({
      date: r.date,
      orders: Number(r.orders),
      revenue: Number(r.revenue),
    })),
    lowStock: lowStock.map((row) => ({
      variantId: row.variantId,
      productId: row.productId,
      productName: { ar: row.nameAr, fr: row.nameFr },
      size: row.size,
      color: row.color,
      stock: row.stock,
    })),
  }
}
