import type { AgentDayFigures, CallFigures, OutcomeFigures } from '@shop/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/**
 * The call centre's figures and what became of the orders, over shop days in Algeria (UTC+1 all year):
 * - per agent and day, the call outcomes they recorded (calls, orders called, orders confirmed) and, for the
 *   orders whose first call was theirs that day, the mean wait from the order to that call;
 * - per wilaya, product and source, the orders placed in the period (deleted ones aside): how many were
 *   confirmed (even if cancelled later), handed to delivery, delivered, returned.
 */

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A share, or null when there is nothing to divide by. */
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null)

interface OutcomeRow {
  key: string
  label_ar: string
  label_fr: string
  orders: number
  confirmed: number
  shipped: number
  delivered: number
  returned: number
}

function outcome(row: OutcomeRow): OutcomeFigures {
  const [orders, confirmed, shipped, delivered, returned] = [row.orders, row.confirmed, row.shipped, row.delivered, row.returned].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  return {
    key: String(row.key),
    label: { ar: row.label_ar, fr: row.label_fr },
    orders,
    confirmed,
    shipped,
    delivered,
    returned,
    confirmationRate: share(confirmed, orders),
    deliveryRate: share(delivered, shipped),
    returnRate: share(returned, shipped),
  }
}

/** The last `days` shop days up to today, as `from` and `to`. */
export function lastShopDays(days: number, now = new Date()): { from: string; to: string } {
  const today = new Date(now.getTime() + 3_600_000)
  const from = new Date(today.getTime() - (days - 1) * 86_400_000)
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) }
}

export async function callFigures(db: Db, period: { from: string; to: string }): Promise<CallFigures> {
  const start = sql`(${period.from}::date)::timestamp at time zone 'Africa/Algiers'`
  const end = sql`(${period.to}::date + 1)::timestamp at time zone 'Africa/Algiers'`
  // the orders of the period with what became of them
  const placed = sql`
    select o.id, o.wilaya_code, o.source,
      o.status in ('confirmed', 'processing', 'shipped', 'out_for_delivery', 'delivered', 'returned')
        or exists (select 1 from order_status_history h where h.order_id = o.id and h.to_status = 'confirmed') as confirmed,
      o.status in ('shipped', 'out_for_delivery', 'delivered', 'returned') as shipped,
      o.status = 'delivered' as delivered,
      o.status = 'returned' as returned
    from orders o
    where o.created_at >= ${start} and o.created_at < ${end} and o.status <> 'deleted'`
  const counts = sql`count(*)::int as orders,
      (count(*) filter (where p.confirmed))::int as confirmed,
      (count(*) filter (where p.shipped))::int as shipped,
      (count(*) filter (where p.delivered))::int as delivered,
      (count(*) filter (where p.returned))::int as returned`

  const [agents, byWilaya, byProduct, bySource] = await Promise.all([
    db.execute(sql`
      with calls as (
        select h.order_id, h.staff_id, h.call_outcome, (h.created_at at time zone 'Africa/Algiers')::date as day
        from order_status_history h
        where h.call_outcome is not null and h.staff_id is not null and h.created_at >= ${start} and h.created_at < ${end}
      ),
      per_agent as (
        select staff_id, day, count(*)::int as calls, count(distinct order_id)::int as orders_called,
          (count(distinct order_id) filter (where call_outcome = 'confirmed'))::int as confirmed
        from calls group by staff_id, day
      ),
      -- each called order's first call ever, counted for the agent and day that made it when it falls in the period
      firsts as (
        select distinct on (h.order_id) h.staff_id, h.created_at, o.created_at as ordered_at
        from order_status_history h
        join orders o on o.id = h.order_id
        where h.call_outcome is not null and h.staff_id is not null and h.order_id in (select order_id from calls)
        order by h.order_id, h.created_at, h.id
      ),
      first_calls as (
        select staff_id, (created_at at time zone 'Africa/Algiers')::date as day, count(*)::int as n,
          avg(extract(epoch from (created_at - ordered_at)) / 60)::float8 as minutes
        from firsts
        where created_at >= ${start} and created_at < ${end}
        group by staff_id, day
      )
      select to_char(a.day, 'YYYY-MM-DD') as date, a.staff_id, s.name as staff_name, a.calls, a.orders_called, a.confirmed,
        coalesce(f.n, 0)::int as first_calls, f.minutes
      from per_agent a
      join staff s on s.id = a.staff_id
      left join first_calls f on f.staff_id = a.staff_id and f.day = a.day
      order by a.day desc, s.name, a.staff_id`),
    db.execute(sql`
      with p as (${placed})
      select p.wilaya_code::text as key, w.name_ar as label_ar, w.name_fr as label_fr, ${counts}
      from p join wilayas w on w.code = p.wilaya_code
      group by p.wilaya_code, w.name_ar, w.name_fr
      order by orders desc, p.wilaya_code`),
    db.execute(sql`
      with p as (${placed}),
      lines as (
        select distinct i.order_id, i.product_id from order_items i where i.order_id in (select id from p) and i.product_id is not null
      )
      select l.product_id::text as key, pr.name_ar as label_ar, pr.name_fr as label_fr, ${counts}
      from p join lines l on l.order_id = p.id join products pr on pr.id = l.product_id
      group by l.product_id, pr.name_ar, pr.name_fr
      order by orders desc, pr.name_fr
      limit 100`),
    db.execute(sql`
      with p as (${placed})
      select p.source as key, p.source as label_ar, p.source as label_fr, ${counts}
      from p group by p.source
      order by orders desc, p.source`),
  ])

  return {
    from: period.from,
    to: period.to,
    agents: rows<{
      date: string
      staff_id: string
      staff_name: string
      calls: number
      orders_called: number
      confirmed: number
      first_calls: number
      minutes: number | null
    }>(agents).map(
      (row): AgentDayFigures => ({
        date: row.date,
        staffId: row.staff_id,
        staffName: row.staff_name,
        calls: Number(row.calls),
        ordersCalled: Number(row.orders_called),
        confirmed: Number(row.confirmed),
        confirmationRate: share(Number(row.confirmed), Number(row.orders_called)),
        firstCalls: Number(row.first_calls),
        minutesToFirstCall: row.minutes === null ? null : Math.round(Number(row.minutes) * 10) / 10,
      }),
    ),
    byWilaya: rows<OutcomeRow>(byWilaya).map(outcome),
    byProduct: rows<OutcomeRow>(byProduct).map(outcome),
    bySource: rows<OutcomeRow>(bySource).map(outcome),
  }
}
