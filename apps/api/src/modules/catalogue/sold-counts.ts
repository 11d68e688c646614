import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/** Products folded in one statement: each holds its rows' locks for about 0.1 ms of work. */
const FOLD_CHUNK = 50

/**
 * Products' units sold (`products.sold_count`, the best-sellers order and the search's order within a
 * tier) are added up from pending_sold_units, where orders append them and cancellations and edits append
 * what they give back (schema.ts). The products with pending units are read first, then folded a few at a
 * time (FOLD_CHUNK), each chunk one statement and so one transaction: the pending rows of those products it
 * sees are deleted and their sum added (never below 0), so a row is counted exactly once, and rows written
 * by transactions still running stay for the next fold. A chunk locks its products in id order, as orders
 * of several products lock them (no deadlock), and only for as long as its own few updates: an order
 * waiting for one of those rows (its card's stock) waits a few milliseconds, not for the whole fold.
 * Returns how many products' counts changed.
 */
export async function foldSoldCounts(db: Db, chunkSize = FOLD_CHUNK): Promise<number> {
  const pending = await db.execute(sql`select distinct product_id as id from pending_sold_units order by product_id`)
  const ids = (pending as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
  let changed = 0
  for (let i = 0; i < ids.length; i += chunkSize) {
    const chunk = ids.slice(i, i + chunkSize)
    const result = await db.execute(sql`
      with locked as (select p.id from products p where p.id = any(${sql.param(chunk)}::uuid[]) order by p.id for no key update),
      folded as (delete from pending_sold_units where product_id = any(${sql.param(chunk)}::uuid[]) and (select count(*) from locked) >= 0 returning product_id, units),
      sums as (select product_id, sum(units)::int as units from folded group by product_id)
      update products p set sold_count = greatest(p.sold_count + s.units, 0)
      from sums s
      where p.id = s.product_id and s.units <> 0
      returning p.id`)
    changed += (result as unknown as { rows: unknown[] }).rows.length
  }
  return changed
}

export const SOLD_COUNTS_QUEUE = 'catalogue.sold-counts'
/** How far the sold counts may lag behind the orders: what a best-sellers order needs, a few seconds. */
export const SOLD_COUNTS_INTERVAL_MS = 5_000

/** The fold as a recurring job, one per slot across every process (jobs' dedup key). */
export function registerSoldCountJobs(app: FastifyInstance, db: Db): void {
  app.jobs.register(SOLD_COUNTS_QUEUE, async () => {
    await foldSoldCounts(db)
  })
  app.jobs.every(SOLD_COUNTS_QUEUE, SOLD_COUNTS_INTERVAL_MS)
}
