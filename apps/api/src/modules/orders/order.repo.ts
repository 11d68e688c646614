import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cartItems, carts, idempotencyKeys, orderItems, orderStatusHistory, orders, productImages, products, variants } from '../../db/schema.ts'
import type { OrderRow } from './order.read.ts'

/** The SQL of placing an order (order.service.ts holds the rules and the transaction). */

/** Claims an idempotency key for this request; false when another request holds it already. */
export async function claimIdempotencyKey(db: Db, scope: string, key: string, requestHash: string): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  return claimed.length > 0
}

export async function findIdempotencyKey(db: Db, scope: string, key: string) {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1)
  return row ?? null
}

/** The key now stands for this order: a replay of the request gets it back. */
export async function attachIdempotencyKey(db: Db, scope: string, key: string, orderId: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ orderId })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
}

/** Serialises the orders of one phone number until the transaction ends. */
export async function lockPhone(db: Db, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-phone:${phone}`}, 0))`)
}

/** Orders of this phone nobody confirmed yet. */
export async function countPendingOrders(db: Db, phone: string): Promise<number> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.phone, phone), eq(orders.status, 'pending')))
  return Number(open?.n ?? 0)
}

/**
 * The stock of every line in one conditional UPDATE: each variant is decremented only where enough is
 * left, so two shoppers racing for the last unit cannot both win. An order of several variants locks
 * their rows in variant-id order first (FOR NO KEY UPDATE, the UPDATE's own lock: a FOR UPDATE would
 * wait on the key-share locks the order lines of other orders hold on those variants; a statement of its own, so the UPDATE's snapshot sees what the
 * orders it waited for committed): two orders of the same variants cannot deadlock. Returns the ids of
 * the variants taken: fewer than the lines when one was short.
 */
export async function takeStock(db: Db, lines: { variantId: string; quantity: number }[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set()
  if (lines.length > 1) {
    await db
      .select({ id: variants.id })
      .from(variants)
      .where(inArray(variants.id, lines.map((l) => l.variantId)))
      .orderBy(asc(variants.id))
      .for('no key update')
  }
  const wanted = sql.join(
    lines.map((l) => sql`(${l.variantId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  )
  const taken = await db.execute<{ id: string }>(sql`
    update ${variants} v set stock = v.stock - w.quantity, updated_at = now()
    from (values ${wanted}) as w(id, quantity)
    where v.id = w.id and v.stock >= w.quantity
    returning v.id`)
  return new Set((taken as unknown as { rows: { id: string }[] }).rows.map((r) => r.id))
}

export async function variantStock(db: Db, variantId: string): Promise<number> {
  const [row] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId))
  return row?.stock ?? 0
}

export async function addSoldCount(db: Db, productId: string, sold: number): Promise<void> {
  await db
    .update(products)
    .set({ soldCount: sql`${products.soldCount} + ${sold}` })
    .where(eq(products.id, productId))
}

export async function insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [order] = await db.insert(orders).values(values).returning()
  if (!order) throw new Error('order insert returned nothing')
  return order
}

/** The photos of these products, in their order on each product page. */
export async function imagesOfProducts(db: Db, productIds: string[]) {
  if (productIds.length === 0) return []
  return db
    .select({ productId: productImages.productId, path: productImages.path, color: productImages.color })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position))
}

export async function insertOrderLines(db: Db, lines: (typeof orderItems.$inferInsert)[]): Promise<void> {
  await db.insert(orderItems).values(lines)
}

/** The first entry of the order's history: placed, pending. */
export async function insertPlacedEntry(db: Db, orderId: string, clientId: string | null): Promise<void> {
  await db.insert(orderStatusHistory).values({ orderId, fromStatus: null, toStatus: 'pending', clientId })
}

/** Removes the lines of these variants from the client's or guest session's cart; returns how many went. */
export async function removeCartLines(db: Db, owner: { clientId: string | null; guestSessionId: string | null }, variantIds: string[]): Promise<number> {
  const ownerIs = owner.clientId ? eq(carts.clientId, owner.clientId) : owner.guestSessionId ? eq(carts.sessionId, owner.guestSessionId) : undefined
  if (!ownerIs) return 0
  const removed = await db
    .delete(cartItems)
    .where(and(inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(ownerIs)), inArray(cartItems.variantId, variantIds)))
    .returning({ id: cartItems.id })
  return removed.length
}
