import { and, eq, getTableColumns, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DeliveryType } from '@shop/shared'
import { rawBuiltOnce, selectBuiltOnce } from '../../db/built-once.ts'
import type { Db } from '../../db/client.ts'
import { driverJson } from '../../db/driver-json.ts'
import { causes } from '../../db/errors.ts'
import {
  cartItems,
  carts,
  communes,
  deliveryPrices,
  idempotencyKeys,
  orderItems,
  orderStatusHistory,
  orders,
  pendingSoldUnits,
  productImages,
  products,
  shopSettings,
  variants,
  wilayas,
} from '../../db/schema.ts'
import { countedKeys, countingCtes, countingValues, type HitRow, type LimitGroup } from '../../plugins/rate-limit.ts'
import { riskFactsSql, readRiskFacts } from '../customers/customers.repo.ts'
import type { OrderRow } from './order.read.ts'

/** The SQL of placing an order (order.service.ts holds the rules and the transaction) and of moving an edited order's stock. */

export async function findIdempotencyKey(db: Db, scope: string, key: string) {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1)
  return row ?? null
}

/**
 * The stock of every line and the units sold of their products in one statement (stockStatement),
 * for orders whose other writes must come first (a coupon's use). Returns the ids of the variants
 * taken: fewer than the lines when one was short.
 */
export async function takeStock(db: Db, lines: { variantId: string; productId: string; quantity: number }[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set()
  const { taken: take, sold } = stockStatement(lines)
  const taken = await db.execute<{ id: string }>(sql`with taken as (${take}), sold as (${sold}) select id from taken`)
  return new Set((taken as unknown as { rows: { id: string }[] }).rows.map((r) => r.id))
}

export async function variantStock(db: Db, variantId: string): Promise<number> {
  const [row] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId))
  return row?.stock ?? 0
}

const quoteStatement = selectBuiltOnce()
const placeholder = sql.placeholder

/** A line's product and one of its variants (none: a product without variants), as readQuote reads them. */
export interface QuoteVariant {
  product: { id: string; price: number; isActive: boolean; nameAr: string; nameFr: string }
  variant: { id: string; size: string; color: string; stock: number; sku: string; image: string | null } | null
}

/** The request that holds an idempotency key: the hash of its content and the order it placed. */
export type FirstRequest = { requestHash: string; orderId: string | null }

/** The idempotency key a request carries, as the quote looks it up: whose it is, the key, and the hash of the request's content. */
export type KeyLookup = { scope: string; key: string; requestHash: string }

/** readQuote's statement, its values as placeholders (built once: db/built-once.ts). */
function quoteSelect(db: Db, productCount: number, limits: LimitGroup[] | null, keyed: boolean) {
  const wilayaCode = placeholder('wilayaCode')
  const productIds = sql.join(
    Array.from({ length: productCount }, (_, i) => placeholder(`product${i}`)),
    sql`, `,
  )
  // every variant of the lines' products as one JSON array (the row stays one row, whatever the number
  // of variants: the settings, the place and the phone's history are sent and read once), with per
  // variant the photo its line keeps: of its own colour, else of no colour in particular, else the first
  const variantsJson = sql<QuoteVariant[] | string>`(select coalesce(json_agg(json_build_object(
      'product', json_build_object('id', p.id, 'price', p.price, 'isActive', p.is_active, 'nameAr', p.name_ar, 'nameFr', p.name_fr),
      'variant', case when v.id is null then null else json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'stock', v.stock, 'sku', v.sku,
        'image', (select i.path from ${productImages} i where i.product_id = p.id
                  order by case when i.color = v.color then 0 when i.color is null then 1 else 2 end, i.position limit 1)) end)), '[]'::json)
    from ${products} p left join ${variants} v on v.product_id = p.id
    where p.id in (${productIds}))`
  // the request that holds the idempotency key, and whether this request replays its placed order (the
  // same content): a replay places nothing, so it is not counted against the rate limits
  const held = sql`from ${idempotencyKeys} k where k.scope = ${placeholder('keyScope')} and k.key = ${placeholder('key')}`
  const replay = sql`exists (select 1 ${held} and k.order_id is not null and k.request_hash = ${placeholder('requestHash')})`
  // the request's rate limits counted by this statement (its CTEs g0, g1, …), their counts as one JSON array
  const counting = limits ? countingCtes(limits, (_, name) => placeholder(name), keyed ? replay : undefined) : null
  const base = counting ? db.with(...counting.ctes.map(({ name, body }) => db.$with(name, {}).as(body))) : db
  return base
    .select({
      settings: shopSettings,
      commune: communes,
      wilaya: { code: wilayas.code, nameAr: wilayas.nameAr, nameFr: wilayas.nameFr },
      delivery: { wilayaCode: deliveryPrices.wilayaCode, price: deliveryPrices.price, returnPrice: deliveryPrices.returnPrice },
      variants: variantsJson,
      // the phone's history and blacklist entry, for its risk
      riskFacts: riskFactsSql(placeholder('phone')),
      hits: counting ? sql<HitRow[] | string>`(select coalesce(json_agg(h), '[]'::json) from (${counting.rows}) h)` : sql<null>`null`,
      first: keyed ? sql<FirstRequest | string | null>`(select json_build_object('requestHash', k.request_hash, 'orderId', k.order_id) ${held})` : sql<null>`null`,
    })
    .from(shopSettings)
    .leftJoin(communes, eq(communes.id, placeholder('communeId')))
    .leftJoin(wilayas, eq(wilayas.code, wilayaCode))
    .leftJoin(deliveryPrices, and(eq(deliveryPrices.wilayaCode, wilayaCode), eq(deliveryPrices.type, placeholder('deliveryType'))))
    .where(eq(shopSettings.id, 1))
}

/**
 * Everything an order is quoted from, in one statement and one row: the shop's settings, the commune and
 * wilaya, the wilaya's delivery price row, each line's product with all its variants (one JSON array), and
 * per variant the photo its line keeps (of its own colour, else of no colour in particular, else the
 * first). With `key`, also the request that holds the idempotency key (`first`: a replay is answered with
 * its order); with `limits`, the request's rate limits counted (`hits`), unless it replays a placed order.
 * It takes no lock, and checkout runs it before the order's own statement (writeOrder), outside any
 * transaction.
 */
export async function readQuote(
  db: Db,
  q: { communeId: number; wilayaCode: number; deliveryType: DeliveryType; productIds: string[]; phone: string; limits?: LimitGroup[]; key?: KeyLookup | null },
) {
  // the products by one key each (`in ($1, $2)`), one shape per number of products: PostgreSQL then keeps
  // one generic plan for the statement instead of planning it for each order (0.4 ms of its CPU an order),
  // which it did for an array of ids (`= any($1)`: its generic plan assumes ten products and scans the variants)
  const count = q.productIds.length
  const values: Record<string, unknown> = {
    communeId: q.communeId,
    wilayaCode: q.wilayaCode,
    deliveryType: q.deliveryType,
    phone: q.phone,
  }
  q.productIds.forEach((id, i) => (values[`product${i}`] = id))
  const limits = q.limits ?? null
  if (limits) Object.assign(values, countingValues(limits))
  if (q.key) Object.assign(values, { keyScope: q.key.scope, key: q.key.key, requestHash: q.key.requestHash })
  const shape = [q.key ? 'key' : '', count, ...(limits ?? []).map((group) => countedKeys(group).length)].join(',')
  const [row] = await quoteStatement(db, shape, () => quoteSelect(db, count, limits, Boolean(q.key)), values)
  if (!row) throw new Error('shop_settings row missing: the bootstrap step creates it')
  const read = driverJson<QuoteVariant[]>(row.variants)
  return {
    settings: row.settings,
    commune: row.commune,
    wilaya: row.wilaya,
    delivery: row.delivery,
    variants: read,
    riskFacts: readRiskFacts(row.riskFacts),
    hits: row.hits === null ? null : driverJson<HitRow[]>(row.hits),
    first: row.first === null ? null : driverJson<FirstRequest>(row.first),
  }
}

/** A row of `orders` as the driver returned it (column names), mapped as drizzle maps its own selects. */
function orderFromRow(row: Record<string, unknown>): OrderRow {
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(orders))) {
    const value = row[column.name]
    out[key] = value === null || value === undefined || value instanceof Date ? (value ?? null) : column.mapFromDriverValue(value)
  }
  return out as OrderRow
}

export interface OrderWrite {
  order: typeof orders.$inferInsert & { id: string }
  lines: (typeof orderItems.$inferInsert & { id: string; variantId: string; productId: string })[]
  /** The key (scope, key and the request's hash) that will stand for this order: a replay of the request gets it back. */
  idempotencyKey: { scope: string; key: string; requestHash: string } | null
  /** The open (pending) orders a phone may have besides this one (the shop's settings). */
  openOrdersLimit: number
  /** The cart whose lines of these variants the order takes away (an order "from the cart"). */
  cartOwner: { clientId: string | null; guestSessionId: string | null } | null
  /** Take the stock in the same statement (the last one of the order), or leave it to takeStock. */
  withStock: boolean
  /** The member of staff who took the order for the customer (a manual order), named in its first history entry (see confirmedBy). */
  placedBy?: string | null
}

/**
 * The order written in one statement: the order row, its lines, its first history entry (placed,
 * pending), the idempotency key claimed for it, the cart lines it came from removed, and, when
 * `withStock`, the stock of every line and the units sold of their products (see stockStatement).
 * The statement checks its own refusals, in this order, and raises them (refuse_order, migration 0027:
 * the statement and all its writes are rolled back; orderRefusal() reads them back):
 *   - IDEMPOTENCY_REPLAY: another request holds the key (the insert waited for it to commit);
 *   - OPEN_ORDERS_LIMIT: the phone's other open orders, counted under the phone's lock with a snapshot
 *     taken after it (phone_open_orders), are at the shop's limit;
 *   - CART_EMPTY: an order from the cart found fewer of its lines there than it has;
 *   - STOCK_SHORT (with the ids of the variants taken as the detail): a line's stock was short.
 * So an order needs no transaction around it: it is this statement alone, committed by itself. The
 * phone's lock is taken before the stock's, the variants are taken one after the other in id order (so
 * two orders sharing variants cannot deadlock), and the stock is taken last: the hot variant's row stays
 * locked for the units sold, the end-of-statement checks and the commit only.
 */
export async function writeOrder(db: Db, w: OrderWrite) {
  // The statement's text is built once per shape (the order's columns, its lines and theirs, a key or not,
  // whose cart, the stock in it or not), its values bound at each order (db/built-once.ts).
  const orderKeys = definedKeys(w.order)
  const lineKeys = w.lines.map(definedKeys)
  const owner = w.cartOwner?.clientId ? 'client' : w.cartOwner?.guestSessionId ? 'guest' : null
  const shape = [orderKeys.join(','), lineKeys.map((keys) => keys.join(',')).join(';'), w.idempotencyKey ? 'key' : '', owner ?? '', w.withStock ? 'stock' : ''].join('|')
  const values: Record<string, unknown> = {
    phone: w.order.phone,
    historyClient: w.order.clientId ?? null,
    historyStaff: w.placedBy ?? null,
    idempotencyScope: w.idempotencyKey?.scope,
    idempotencyKey: w.idempotencyKey?.key,
    requestHash: w.idempotencyKey?.requestHash,
    openOrdersLimit: w.openOrdersLimit,
    lineCount: w.lines.length,
    cartOwner: owner === 'client' ? w.cartOwner?.clientId : w.cartOwner?.guestSessionId,
    cartVariants: w.lines.map((l) => l.variantId),
  }
  for (const key of orderKeys) values[`order.${key}`] = w.order[key]
  w.lines.forEach((line, i) => {
    for (const key of lineKeys[i] ?? []) values[`line${i}.${key}`] = line[key]
  })
  // the stock taken in the variants' id order (orderWriteSql)
  ;[...w.lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1)).forEach((line, i) => {
    values[`stock${i}.id`] = line.variantId
    values[`stock${i}.quantity`] = line.quantity
  })
  const result = await orderStatement(db, shape, () => orderWriteSql(db, { orderKeys, lineKeys, keyed: Boolean(w.idempotencyKey), owner, withStock: w.withStock }), values)
  const [row] = result.rows
  if (!row) throw new Error('order insert returned nothing')
  return orderFromRow(row)
}

/** A refusal the order's statement raised (writeOrder): its code, and the ids of the variants taken for STOCK_SHORT. */
export type OrderRefusal = { code: 'IDEMPOTENCY_REPLAY' | 'OPEN_ORDERS_LIMIT' | 'CART_EMPTY' | 'STOCK_SHORT'; taken: Set<string> }

/** The refusal an error carries when the order's statement raised it (SQLSTATE KH001), else null. */
export function orderRefusal(error: unknown): OrderRefusal | null {
  for (const { code, message, detail } of causes(error)) {
    if (code !== 'KH001') continue
    const taken = typeof detail === 'string' && detail ? detail.split(',') : []
    return { code: message as OrderRefusal['code'], taken: new Set(taken) }
  }
  return null
}

const orderStatement = rawBuiltOnce()

/** The keys of a row whose value is given (an undefined one takes the column's default, as drizzle's insert does). */
function definedKeys<T extends object>(row: T): (keyof T & string)[] {
  return (Object.keys(row) as (keyof T & string)[]).filter((key) => row[key] !== undefined)
}

/** Placeholders named `${prefix}${key}` for the given keys of a row. */
function placeholders(prefix: string, keys: readonly string[]): Record<string, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)]))
}

/** writeOrder's statement for one shape, every value a placeholder. */
function orderWriteSql(
  db: Db,
  shape: { orderKeys: string[]; lineKeys: string[][]; keyed: boolean; owner: 'client' | 'guest' | null; withStock: boolean },
): SQL {
  // Each write is a CTE; the main query reads them one after the other (a sub-select of a CTE runs when
  // its column is computed, left to right), so they happen in this order and the stock, whose row a
  // flash sale's orders all wait for, is taken last: its lock is held for the units sold, the card's
  // stock (the variants' trigger), the foreign key checks at the end of the statement, and the commit.
  const order = placeholders('order.', shape.orderKeys) as unknown as typeof orders.$inferInsert
  const lines = shape.lineKeys.map((keys, i) => placeholders(`line${i}.`, keys) as unknown as typeof orderItems.$inferInsert)
  const ctes: SQL[] = [sql`new_order as (${db.insert(orders).values(order).returning().getSQL()})`]
  const reads: SQL[] = []
  const step = (name: string, write: SQL, read: SQL = sql`(select count(*)::int from ${sql.identifier(name)})`) => {
    ctes.push(sql`${sql.identifier(name)} as (${write})`)
    reads.push(sql`${read} as ${sql.identifier(name)}`)
  }
  const refusals: SQL[] = []
  step('new_lines', db.insert(orderItems).values(lines).returning({ id: orderItems.id }).getSQL())
  step(
    'placed',
    db
      .insert(orderStatusHistory)
      .values({
        orderId: sql.placeholder('order.id'),
        fromStatus: null,
        toStatus: 'pending',
        clientId: sql.placeholder('historyClient'),
        staffId: sql.placeholder('historyStaff'),
      })
      .returning({ id: orderStatusHistory.id })
      .getSQL(),
  )
  if (shape.keyed) {
    // another request's key: the insert waits for that request's transaction, then finds the key taken
    const claim = db
      .insert(idempotencyKeys)
      .values({ scope: sql.placeholder('idempotencyScope'), key: sql.placeholder('idempotencyKey'), requestHash: sql.placeholder('requestHash'), orderId: sql.placeholder('order.id') })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    step('claimed', claim.getSQL())
    refusals.push(sql`when c.claimed = 0 then 'IDEMPOTENCY_REPLAY'`)
  }
  // the other open orders of the phone, under its lock (phone_open_orders, migration 0027)
  reads.push(sql`phone_open_orders(${sql.placeholder('phone')}, ${sql.placeholder('order.id')}) as other_open_orders`)
  refusals.push(sql`when c.other_open_orders >= ${sql.placeholder('openOrdersLimit')}::int then 'OPEN_ORDERS_LIMIT'`)
  if (shape.owner) {
    const ownerColumn = shape.owner === 'client' ? carts.clientId : carts.sessionId
    const cart = db.select({ id: carts.id }).from(carts).where(eq(ownerColumn, sql.placeholder('cartOwner')))
    const lineIs = and(inArray(cartItems.cartId, cart), sql`${cartItems.variantId} = any(${sql.placeholder('cartVariants')}::uuid[])`)
    step('removed', db.delete(cartItems).where(lineIs).returning({ id: cartItems.id }).getSQL())
    refusals.push(sql`when c.removed < ${sql.placeholder('lineCount')}::int then 'CART_EMPTY'`)
  }
  if (shape.withStock) {
    // each variant taken by an UPDATE of its own, one after the other in id order (writeOrder binds them
    // so): the next one's scan waits for the previous one's rows (a one-time filter), so the rows are
    // locked in id order, as every order and edit locks them (no deadlock), and each is touched once
    const takes = shape.lineKeys.map((_, i) => `take${i}`)
    takes.forEach((name, i) => {
      const previous = i > 0 ? sql` and (select count(*) from ${sql.identifier(takes[i - 1] as string)}) >= 0` : sql``
      ctes.push(sql`${sql.identifier(name)} as (
        update ${variants} v set stock = v.stock - ${sql.placeholder(`stock${i}.quantity`)}::int, updated_at = now()
        where v.id = ${sql.placeholder(`stock${i}.id`)}::uuid and v.stock >= ${sql.placeholder(`stock${i}.quantity`)}::int${previous}
        returning v.id, v.product_id, ${sql.placeholder(`stock${i}.quantity`)}::int as quantity)`)
    })
    const taken = sql.join(takes.map((name) => sql`select * from ${sql.identifier(name)}`), sql` union all `)
    ctes.push(sql`taken as (${taken})`)
    reads.push(sql`(select count(*)::int from taken) as taken`)
    reads.push(sql`(select string_agg(id::text, ',') from taken) as taken_ids`)
    step('sold', soldStatement)
    refusals.push(sql`when c.taken < ${sql.placeholder('lineCount')}::int then 'STOCK_SHORT'`)
  }
  // `c` is computed once, its columns left to right (offset 0 keeps it a sub-query of its own, and every
  // column of it is selected, so none is dropped and run out of order), then the refusal, if any, is
  // raised from what it read
  const taken = shape.withStock ? sql`c.taken_ids` : sql`null`
  return sql`with ${sql.join(ctes, sql`, `)}
    select o.*, c.*, refuse_order(case ${sql.join(refusals, sql` `)} end, ${taken}) as refused
    from new_order o, (select ${sql.join(reads, sql`, `)} offset 0) c`
}

/**
 * The stock of every line and the units sold of their products, as the CTEs `taken` and `sold`: each
 * variant is decremented only where enough is left (READ COMMITTED re-checks `stock >= quantity` on
 * the latest row after waiting for its lock), so two shoppers racing for the last unit cannot both win;
 * the units sold are appended to pending_sold_units from what was taken, after every variant is (the
 * aggregate reads all of `taken` first), and added to the products' sold counts by the recurring fold
 * (sold-counts.ts): the product row is then written once an order (its card's stock, which no index
 * holds, so on its page) instead of twice. For takeStock, whose caller has locked those rows in id order
 * first (lockLines); the order's own statement takes its variants one UPDATE each (orderWriteSql).
 */
function stockStatement(lines: { variantId: string; quantity: number }[]): { taken: SQL; sold: SQL } {
  const wanted = sql.join(
    lines.map((l) => sql`(${l.variantId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  )
  return {
    taken: sql`
      update ${variants} v set stock = v.stock - w.quantity, updated_at = now()
      from (values ${wanted}) as w(id, quantity)
      where v.id = w.id and v.stock >= w.quantity
      returning v.id, v.product_id, w.quantity`,
    sold: soldStatement,
  }
}

/** The units sold appended from the CTE `taken` (the variants taken), after every variant is (the aggregate reads all of `taken` first). */
const soldStatement = sql`
  insert into ${pendingSoldUnits} (product_id, units)
  select product_id, sum(quantity)::int from taken group by product_id
  returning product_id`

/** Units given back (a cancellation, an edit) off their products' sold counts, at the next fold (sold-counts.ts). */
export async function giveBackSoldUnits(db: Db, units: { productId: string; quantity: number }[]): Promise<void> {
  const rows = units.filter((u) => u.quantity > 0).map((u) => ({ productId: u.productId, units: -u.quantity }))
  if (rows.length > 0) await db.insert(pendingSoldUnits).values(rows)
}

/**
 * The rows of the variants, then of their products, locked first, in id order, in one statement, for
 * writers whose stock is taken or given back by later statements of their transaction: a coupon order
 * (after its statement has taken the phone's lock, and before the coupon's row: a one-variant coupon
 * order that took the coupon first and then waited for its variant deadlocked with a two-variant one
 * holding that variant and waiting for the coupon) and a staff edit. The order's own statement locks
 * its variants itself (writeOrder).
 */
export async function lockLines(db: Db, lines: { variantId: string; productId: string }[]): Promise<void> {
  const variantIds = [...new Set(lines.map((l) => l.variantId))]
  const productIds = [...new Set(lines.map((l) => l.productId))]
  if (variantIds.length === 0) return
  // the products' lock is taken after every variant's: the sub-select runs before the outer rows are locked.
  // FOR NO KEY UPDATE, the UPDATE's own lock (a FOR UPDATE would wait on the key-share locks the order
  // lines of other orders hold on those variants)
  await db.execute(sql`
    select p.id from ${products} p
    where p.id in (${sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `)})
      and (select count(*) from (
        select v.id from ${variants} v where v.id in (${sql.join(variantIds.map((id) => sql`${id}::uuid`), sql`, `)})
        order by v.id for no key update) locked) >= 0
    order by p.id for no key update`)
}

/**
 * An edited order's stock, both ways: `deltas` maps a variant to the units the order holds more (> 0) or
 * fewer (< 0) than before. The rows are locked in id order first (lockLines); units given back go onto
 * their variants and off their products' sold counts (giveBackSoldUnits); units taken are taken with checkout's conditional
 * decrement (takeStock). Returns the variants that could not be taken (their stock was short).
 */
export async function moveStock(
  db: Db,
  deltas: { variantId: string; productId: string; quantity: number }[],
): Promise<string[]> {
  const moved = deltas.filter((d) => d.quantity !== 0)
  if (moved.length === 0) return []
  await lockLines(db, moved)
  const back = moved.filter((d) => d.quantity < 0).sort((a, b) => (a.variantId < b.variantId ? -1 : 1))
  for (const line of back) {
    await db.update(variants).set({ stock: sql`${variants.stock} + ${-line.quantity}`, updatedAt: sql`now()` }).where(eq(variants.id, line.variantId))
  }
  await giveBackSoldUnits(db, back.map((line) => ({ productId: line.productId, quantity: -line.quantity })))
  const wanted = moved.filter((d) => d.quantity > 0)
  const taken = await takeStock(db, wanted)
  return wanted.filter((d) => !taken.has(d.variantId)).map((d) => d.variantId)
}

/** A manual order created confirmed: its move from pending to confirmed, by the member of staff who took it. */
export async function confirmedBy(db: Db, orderId: string, staffId: string): Promise<void> {
  await db.insert(orderStatusHistory).values({ orderId, fromStatus: 'pending', toStatus: 'confirmed', staffId })
}
