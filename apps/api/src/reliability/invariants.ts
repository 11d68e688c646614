import { ORDER_STATUSES, RESTOCK_ON_DELETE_STATUSES, STOCK_RELEASED_STATUSES } from '@shop/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/**
 * The store's "nothing lost" invariants, as SQL over the live tables (docs/reliability-test-plan.md):
 * I-STOCK, I-ORDER, I-COUPON, I-IDEM and I-CART. Each check selects the rows that break it, so an
 * empty result is a pass. Used after every race and fault test, and by `npm run db:check`.
 */

export interface CheckResult {
  /** Invariant family and short name, e.g. "I-STOCK stock never negative". */
  name: string
  ok: boolean
  /** Number of offending rows (0 when ok). */
  violations: number
  /** Up to five offending rows, as JSON, for the report. */
  examples: string[]
}

export interface CheckOptions {
  /**
   * Stock per variant id before the test started. With it, I-STOCK is checked exactly:
   * initial = stock + units held by live orders. Without it (a production database) only the derivable
   * parts are checked.
   */
  initialStock?: ReadonlyMap<string, number>
}

/** Statuses whose stock is back on the shelf and whose coupon use is released. */
const RELEASED = sql.raw(STOCK_RELEASED_STATUSES.map((s) => `'${s}'`).join(', '))
/** Deleted from one of these (shipped on), an order keeps its stock used: the goods were with the courier or the customer. */
const KEPT_ON_DELETE = sql.raw(
  ORDER_STATUSES.filter((s) => !(STOCK_RELEASED_STATUSES as readonly string[]).includes(s) && !(RESTOCK_ON_DELETE_STATUSES as readonly string[]).includes(s))
    .map((s) => `'${s}'`)
    .join(', '),
)
/** The order `o` gave its stock (and coupon use) back: cancelled, returned, or deleted before it shipped. */
const GAVE_BACK = sql`(o.status in (${RELEASED}) and not (o.status = 'deleted' and exists (
  select 1 from order_status_history dh where dh.order_id = o.id and dh.kind = 'status' and dh.to_status = 'deleted' and dh.from_status in (${KEPT_ON_DELETE}))))`

async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

const CHECKS: { name: string; query: SQL }[] = [
  // ------------------------------------------------------------------ I-STOCK
  {
    name: 'I-STOCK stock is never negative',
    query: sql`select id, sku, stock from variants where stock < 0`,
  },
  {
    name: 'I-STOCK the low-stock list holds exactly the variants at or below the line, with their stock',
    // variant_low_stock (migration 0029's triggers) against the variants: one missing, one too many, or a stock that differs
    query: sql`select v.id as variant_id, v.sku, v.stock, l.stock as listed
               from variants v full join variant_low_stock l on l.variant_id = v.id
               where (v.stock <= low_stock_line()) is distinct from (l.variant_id is not null) or l.stock <> v.stock`,
  },
  {
    name: 'I-STOCK every product card equals its variants and photos (stock, sizes, colours, first photo)',
    // the card columns the list pages read (migration 0012 keeps them by trigger), against what they summarise
    query: sql`select p.id, p.slug, p.card_stock, s.stock, p.card_sizes, s.sizes, p.card_colors, s.colors, p.card_image_path, s.image_path
               from products p join product_card_source s on s.id = p.id
               where (p.card_stock, p.card_sizes, p.card_colors, p.card_image_path, p.card_image_widths)
                     is distinct from (s.stock, s.sizes, s.colors, s.image_path, s.image_widths)`,
  },
  {
    name: 'I-STOCK every stored card text equals its product card fields (what the pages read)',
    // card_json (migration 0024's trigger) against product_card_json(), its one definition (CardTuple's order)
    query: sql`select p.id, p.slug, p.card_json from products p where p.card_json is distinct from product_card_json(p)`,
  },
  {
    name: 'I-STOCK every stored product page text equals its variants and photos (what the product page reads)',
    // product_pages (migration 0024's triggers) against product_page_json(), its one definition; a product without one is named too
    query: sql`select p.id, p.slug, g.page_json from products p left join product_pages g on g.product_id = p.id
               where g.page_json is distinct from product_page_json(p.id)`,
  },
  {
    name: 'I-STOCK every product\'s folded search texts equal its names and descriptions (what search matches)',
    // search_text and description_search_text (migration 0025's trigger) against product_search_texts(), their one definition
    query: sql`select p.id, p.slug, p.search_text from products p cross join lateral product_search_texts(p) t
               where p.search_text is distinct from t.name_text or p.description_search_text is distinct from t.description_text`,
  },
  {
    name: 'I-STOCK active products per category equal the stored counts behind the list totals',
    query: sql`select c.id as category_id, coalesce(k.active_products, 0) as stored, coalesce(a.n, 0) as actual
               from categories c
               left join category_product_counts k on k.category_id = c.id
               left join (select category_id, count(*)::int as n from products where is_active group by category_id) a on a.category_id = c.id
               where coalesce(k.active_products, 0) <> coalesce(a.n, 0)`,
  },
  // ------------------------------------------------------------------ I-ORDER
  {
    // but an order merged into another one (its lines moved there, itself cancelled at 0)
    name: 'I-ORDER every order has at least one line',
    query: sql`select o.id, o.tracking_number from orders o where not exists (select 1 from order_items i where i.order_id = o.id)
               and not (o.status = 'cancelled' and o.total = 0 and exists (select 1 from order_status_history m where m.order_id = o.id and m.kind = 'merge'))`,
  },
  {
    name: 'I-ORDER line total = unit price x quantity, quantity > 0',
    query: sql`select id, order_id, unit_price, quantity, line_total from order_items
               where line_total <> unit_price * quantity or quantity <= 0 or unit_price < 0`,
  },
  {
    name: 'I-ORDER subtotal = sum of its lines; total = subtotal - discount + fee >= 0',
    query: sql`select o.id, o.subtotal, o.discount, o.delivery_fee, o.total, s.lines
               from orders o join (select order_id, sum(line_total)::int as lines from order_items group by order_id) s on s.order_id = o.id
               where o.subtotal <> s.lines or o.total <> o.subtotal - o.discount + o.delivery_fee or o.total < 0
                  or o.discount < 0 or o.discount > o.subtotal or o.delivery_fee < 0`,
  },
  {
    name: 'I-ORDER a discount comes from exactly one coupon redemption of the same amount',
    query: sql`select o.id, o.coupon_id, o.discount, count(r.id)::int as redemptions, max(r.discount) as redeemed
               from orders o left join coupon_redemptions r on r.order_id = o.id
               where o.coupon_id is not null or o.discount > 0
               group by o.id
               having count(r.id) <> 1 or max(r.discount) <> o.discount or o.coupon_id is null`,
  },
  {
    name: 'I-ORDER status history: starts at pending, one row per move, ends at the order status',
    query: sql`with h as (
                 select order_id, id, from_status, to_status,
                        lag(to_status) over (partition by order_id order by id) as previous,
                        row_number() over (partition by order_id order by id) as n,
                        row_number() over (partition by order_id order by id desc) as from_end
                 from order_status_history)
               select o.id, o.status, 'no history' as problem from orders o
                 where not exists (select 1 from order_status_history x where x.order_id = o.id)
               union all
               select h.order_id, null, 'first entry is not the creation as pending' from h
                 where h.n = 1 and (h.from_status is not null or h.to_status <> 'pending')
               union all
               select h.order_id, null, 'entry does not start where the previous one ended' from h
                 where h.n > 1 and h.from_status is distinct from h.previous
               union all
               select h.order_id, o.status, 'last entry differs from the order status' from h join orders o on o.id = h.order_id
                 where h.from_end = 1 and h.to_status <> o.status`,
  },
  // ------------------------------------------------------------------ I-COUPON
  {
    name: 'I-COUPON used count = live redemptions <= max uses',
    query: sql`select c.id, c.code, c.used_count, c.max_uses, coalesce(r.live, 0) as live
               from coupons c left join (select coupon_id, count(*)::int as live from coupon_redemptions where released_at is null group by coupon_id) r
                 on r.coupon_id = c.id
               where c.used_count <> coalesce(r.live, 0) or (c.max_uses is not null and c.used_count > c.max_uses)`,
  },
  {
    name: 'I-COUPON a redemption is live exactly while its order holds its stock',
    query: sql`select r.id, r.order_id, o.status, r.released_at from coupon_redemptions r join orders o on o.id = r.order_id
               where (r.released_at is null and ${GAVE_BACK})
                  or (r.released_at is not null and not ${GAVE_BACK})`,
  },
  {
    name: 'I-COUPON live uses per customer (phone, account) <= the per-customer limit',
    query: sql`select c.code, r.who, r.n, c.per_customer_limit from coupons c join (
                 select coupon_id, 'phone:' || phone as who, count(*)::int as n from coupon_redemptions where released_at is null group by coupon_id, phone
                 union all
                 select coupon_id, 'client:' || client_id, count(*)::int from coupon_redemptions where released_at is null and client_id is not null group by coupon_id, client_id
               ) r on r.coupon_id = c.id
               where r.n > c.per_customer_limit`,
  },
  // ------------------------------------------------------------------ I-IDEM
  {
    name: 'I-IDEM every stored idempotency key points to its one order',
    // the key is claimed in the order's own transaction: a committed key without an order is a leak
    query: sql`select scope, key, order_id from idempotency_keys where order_id is null`,
  },
  {
    name: 'I-IDEM no order is claimed by two keys',
    query: sql`select order_id, count(*)::int as keys from idempotency_keys where order_id is not null group by order_id having count(*) > 1`,
  },
  // ------------------------------------------------------------------ I-CART
  {
    name: 'I-CART one cart per session and per client',
    query: sql`select 'session' as kind, session_id::text as owner, count(*)::int as carts from carts where session_id is not null group by session_id having count(*) > 1
               union all
               select 'client', client_id::text, count(*)::int from carts where client_id is not null group by client_id having count(*) > 1
               union all
               select 'owner', id::text, 0 from carts where (client_id is null) = (session_id is null)`,
  },
  {
    name: "I-CART each cart line is one variant of its product, once per cart, quantity > 0",
    query: sql`select i.id, i.cart_id, i.variant_id, i.quantity from cart_items i join variants v on v.id = i.variant_id
               where v.product_id <> i.product_id or i.quantity <= 0
               union all
               select min(i.id::text)::uuid, i.cart_id, i.variant_id, count(*)::int from cart_items i group by i.cart_id, i.variant_id having count(*) > 1`,
  },
]

/** Units of each variant held by orders that still hold their stock (not cancelled, returned, or deleted before shipping). */
export async function unitsHeld(db: Db): Promise<Map<string, number>> {
  const held = await rows<{ variant_id: string; units: number }>(
    db,
    sql`select i.variant_id, sum(i.quantity)::int as units from order_items i join orders o on o.id = i.order_id
        where not ${GAVE_BACK} and i.variant_id is not null group by i.variant_id`,
  )
  return new Map(held.map((r) => [r.variant_id, Number(r.units)]))
}

/** Stock of every variant now: the baseline to pass as `initialStock` before a test. */
export async function stockSnapshot(db: Db): Promise<Map<string, number>> {
  const all = await rows<{ id: string; stock: number }>(db, sql`select id, stock from variants`)
  return new Map(all.map((r) => [r.id, Number(r.stock)]))
}

/** Runs every check; never throws for a violation (see assertInvariants). */
export async function checkInvariants(db: Db, options: CheckOptions = {}): Promise<CheckResult[]> {
  const results: CheckResult[] = []
  for (const check of CHECKS) {
    const bad = await rows(db, check.query)
    results.push({ name: check.name, ok: bad.length === 0, violations: bad.length, examples: bad.slice(0, 5).map((r) => JSON.stringify(r)) })
  }
  if (options.initialStock) {
    const now = await stockSnapshot(db)
    const held = await unitsHeld(db)
    const bad: string[] = []
    for (const [variantId, initial] of options.initialStock) {
      const stock = now.get(variantId) ?? 0
      const units = held.get(variantId) ?? 0
      if (initial !== stock + units) bad.push(JSON.stringify({ variantId, initial, stock, heldByOrders: units }))
    }
    results.push({
      name: 'I-STOCK initial = stock + units in live orders',
      ok: bad.length === 0,
      violations: bad.length,
      examples: bad.slice(0, 5),
    })
  }
  return results
}

/** Throws one error listing every broken invariant with examples. */
export async function assertInvariants(db: Db, options: CheckOptions = {}): Promise<CheckResult[]> {
  const results = await checkInvariants(db, options)
  const broken = results.filter((r) => !r.ok)
  if (broken.length > 0) {
    throw new Error(
      `invariants broken:\n${broken.map((r) => `  ${r.name}: ${r.violations} row(s)\n    ${r.examples.join('\n    ')}`).join('\n')}`,
    )
  }
  return results
}

/**
 * PostgreSQL only: nothing left behind by a fault. Sessions of this database idle in a transaction,
 * and row locks held by sessions other than the caller's.
 */
export async function leftovers(db: Db): Promise<{ idleInTransaction: number; locksHeld: number }> {
  const [idle] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
  )
  const [locks] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where a.datname = current_database() and l.pid <> pg_backend_pid() and l.locktype in ('tuple', 'transactionid') and l.granted`,
  )
  return { idleInTransaction: Number(idle?.n ?? 0), locksHeld: Number(locks?.n ?? 0) }
}
