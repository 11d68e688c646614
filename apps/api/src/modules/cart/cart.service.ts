import { randomUUID } from 'node:crypto'
import { type Cart, type CartItem, type Locale, MAX_LINE_QUANTITY, pickLocalized as localized } from '@shop/shared'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cartItems, cartMerges, carts, products, variants } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { responsiveImage } from '../../http/media.ts'
import { PRODUCT_IMAGE_SIZE } from '../catalogue/catalogue.repo.ts'
import { getShopSettings } from '../settings/settings.repo.ts'

/** Whose cart: a signed-in client, or a guest session id. */
export type CartOwner = { clientId: string } | { sessionId: string }

/** A guest adding to the cart: the session id sent, or none yet (the first add issues one). */
export type AddOwner = { clientId: string } | { sessionId: string | undefined }

/** One cart line may hold at most this many units (a shop, not a wholesaler). */
export { MAX_LINE_QUANTITY }

/** The most units one cart line may hold: the shop's per-item order limit, never above MAX_LINE_QUANTITY. */
async function lineCap(db: Db): Promise<number> {
  return Math.min(MAX_LINE_QUANTITY, (await getShopSettings(db)).maxLineQuantity)
}

/** More of one item than an order may hold: the same refusal the order gives. */
function lineLimit(limit: number, productId: string, name: string): AppError {
  return new AppError('ORDER_LINE_LIMIT', { params: { limit, name }, data: { limit, productId } })
}

const ownerCondition = (owner: CartOwner) =>
  'clientId' in owner ? eq(carts.clientId, owner.clientId) : eq(carts.sessionId, owner.sessionId)

export async function findCartId(db: Db, owner: CartOwner): Promise<string | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).limit(1)
  return row?.id ?? null
}

/** The owner's cart id, created on first use (concurrent first uses meet on the unique key). */
export async function ensureCart(db: Db, owner: CartOwner): Promise<string> {
  const existing = await findCartId(db, owner)
  if (existing) return existing
  await db
    .insert(carts)
    .values('clientId' in owner ? { clientId: owner.clientId } : { sessionId: owner.sessionId })
    .onConflictDoNothing()
  const created = await findCartId(db, owner)
  if (!created) throw new Error('cart could not be created')
  return created
}

/** A new guest session with its (empty) cart: its id is what the storefront keeps and sends as X-Session-Id. */
export async function issueGuestSession(db: Db): Promise<{ sessionId: string; cartId: string }> {
  const sessionId = randomUUID()
  const [row] = await db.insert(carts).values({ sessionId }).returning({ id: carts.id })
  if (!row) throw new Error('cart could not be created')
  return { sessionId, cartId: row.id }
}

/** Whether a guest session id was merged into a client's cart at sign-in (and is no longer a guest cart). */
export async function wasMerged(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ sessionId: cartMerges.sessionId }).from(cartMerges).where(eq(cartMerges.sessionId, sessionId)).limit(1)
  return Boolean(row)
}

/**
 * The cart an add goes to, locked for the rest of the transaction, so a sign-in merging this guest cart
 * waits for the add (or the add for the merge). A guest without a session id, or with one the server
 * does not know (never issued, or purged after a long idle time), gets a fresh server-issued session;
 * a session that was merged into a client's cart is refused with CART_MERGED.
 */
async function cartForAdd(tx: Db, owner: CartOwner): Promise<{ cartId: string; owner: CartOwner }> {
  if ('clientId' in owner) return { cartId: await ensureCart(tx, owner), owner }
  if (owner.sessionId) {
    // the row lock (and the touch that keeps an active cart from being purged as idle)
    const [locked] = await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.sessionId, owner.sessionId))
      .returning({ id: carts.id })
    if (locked) return { cartId: locked.id, owner }
    if (await wasMerged(tx, owner.sessionId)) throw new AppError('CART_MERGED')
  }
  const issued = await issueGuestSession(tx)
  return { cartId: issued.cartId, owner: { sessionId: issued.sessionId } }
}

/** A line's photo: the line's own colour's first, then one of no colour in particular, then any. */
const colourFirst = sql`case when i.color = ${variants.color} then 0 when i.color is null then 1 else 2 end, i.position`

export function emptyCart(sessionId: string | null): Cart {
  return { _id: null, items: [], sessionId, cartCount: 0, subtotal: 0, isEmpty: true, hasUnavailable: false }
}

/** The whole cart as the storefront shows it, at today's prices and stock. */
export async function readCart(db: Db, owner: CartOwner, locale: Locale): Promise<Cart> {
  const cartId = await findCartId(db, owner)
  const sessionId = 'sessionId' in owner ? owner.sessionId : null
  if (!cartId) return emptyCart(sessionId)
  const rows = await db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      priceAtAdd: cartItems.priceAtAdd,
      productId: products.id,
      slug: products.slug,
      nameAr: products.nameAr,
      nameFr: products.nameFr,
      price: products.price,
      isActive: products.isActive,
      variantId: variants.id,
      size: variants.size,
      color: variants.color,
      stock: variants.stock,
      // the line's own colour's photo first, then a photo of no colour in particular, then any
      imagePath: sql<string | null>`(select i.path from product_images i where i.product_id = ${products.id} order by ${colourFirst} limit 1)`,
      imageWidths: sql<number[] | null>`(select i.widths from product_images i where i.product_id = ${products.id} order by ${colourFirst} limit 1)`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  const items: CartItem[] = rows.map((row) => {
    const available = row.isActive && row.stock > 0
    return {
      _id: row.id,
      product: {
        _id: row.productId,
        slug: row.slug,
        name: localized(row.nameAr, row.nameFr, locale),
        price: row.price,
        image:
          row.imagePath && row.imageWidths ? responsiveImage(row.imagePath, row.imageWidths, PRODUCT_IMAGE_SIZE, 300) : null,
      },
      variantId: row.variantId,
      quantity: row.quantity,
      size: row.size,
      color: row.color,
      priceAtAdd: row.priceAtAdd,
      price: row.price,
      totalPrice: row.price * row.quantity,
      stock: row.stock,
      available,
      quantityAboveStock: row.quantity > row.stock,
    }
  })
  const orderable = items.filter((item) => item.available)
  return {
    _id: cartId,
    items,
    sessionId,
    cartCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: orderable.reduce((sum, item) => sum + item.totalPrice, 0),
    isEmpty: items.length === 0,
    hasUnavailable: items.some((item) => !item.available || item.quantityAboveStock),
  }
}

/**
 * The variant a shopper means: the one matching the given size and colour; when the product has a
 * single size or colour, that part may be left out. Refuses unknown or ambiguous choices.
 */
export async function resolveVariant(db: Db, productId: string, size?: string, color?: string) {
  const [line] = await resolveVariants(db, [{ productId, size, color }])
  return line as NonNullable<typeof line>
}

/**
 * The products and variants of several lines in one query (one round trip for a whole order); each line
 * is matched in turn, so the first line that names no single variant gives the error.
 */
export async function resolveVariants(db: Db, lines: { productId: string; size?: string | undefined; color?: string | undefined }[]) {
  const ids = [...new Set(lines.map((l) => l.productId))]
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            product: { id: products.id, price: products.price, isActive: products.isActive, nameAr: products.nameAr, nameFr: products.nameFr },
            variant: { id: variants.id, size: variants.size, color: variants.color, stock: variants.stock, sku: variants.sku },
          })
          .from(products)
          .leftJoin(variants, eq(variants.productId, products.id))
          .where(ids.length === 1 ? eq(products.id, ids[0] as string) : inArray(products.id, ids))
  return matchVariants(rows, lines)
}

type VariantRow<P, V> = { product: P | null; variant: V | null }

/**
 * Each line's product and single variant among the rows read for them (product left-joined to its
 * variants); the first line that names no single variant gives the error.
 */
export function matchVariants<
  P extends { id: string; isActive: boolean },
  V extends { size: string; color: string },
>(rows: VariantRow<P, V>[], lines: { productId: string; size?: string | undefined; color?: string | undefined }[]): { product: P; variant: V }[] {
  return lines.map(({ productId, size, color }) => {
    const own = rows.filter((row) => row.product?.id === productId)
    const product = own[0]?.product
    if (!product || !product.isActive) throw new AppError('PRODUCT_NOT_FOUND')
    const all = own.flatMap((row) => (row.variant ? [row.variant] : []))
    const matches = all.filter(
      (v) => (size === undefined || v.size === size) && (color === undefined || v.color.toLowerCase() === color.toLowerCase()),
    )
    if (matches.length === 0) throw new AppError('VARIANT_NOT_FOUND')
    if (matches.length > 1) throw new AppError('VARIANT_REQUIRED')
    return { product, variant: matches[0] as V }
  })
}

function checkStock(quantity: number, stock: number, name: string): void {
  if (stock <= 0) throw new AppError('OUT_OF_STOCK', { params: { name }, data: { stock: 0 } })
  if (quantity > stock) throw new AppError('QUANTITY_ABOVE_STOCK', { params: { stock }, data: { stock } })
}

export interface AddResult {
  /** Units asked for. */
  requested: number
  /** Units actually added: fewer than asked when the stock (or the line maximum) runs out first. */
  added: number
  /** The variant's stock when it limited the add. */
  stock: number
  /** Whose cart it went to: for a guest, the session id to keep (new when none or an unknown one was sent). */
  owner: CartOwner
}

/**
 * Adds a variant. Asking for more than is left adds what is left (the reply says how many); only a
 * variant that is sold out, or whose line already holds all the stock, is refused.
 */
export async function addToCart(
  db: Db,
  who: AddOwner,
  input: { productId: string; quantity: number; size?: string; color?: string },
  locale: Locale,
): Promise<AddResult> {
  const { product, variant } = await resolveVariant(db, input.productId, input.size, input.color)
  const name = localized(product.nameAr, product.nameFr, locale)
  if (variant.stock <= 0) checkStock(1, variant.stock, name)
  const cap = await lineCap(db)
  return db.transaction(async (tx) => {
    const { cartId, owner } = await cartForAdd(tx, who as CartOwner)
    const [current] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)))
    const inCart = current?.quantity ?? 0
    const room = Math.min(variant.stock, cap) - inCart
    if (room <= 0) {
      if (variant.stock > inCart) throw lineLimit(cap, product.id, name)
      throw new AppError('QUANTITY_ABOVE_STOCK', { params: { stock: variant.stock }, data: { stock: variant.stock } })
    }
    const quantity = Math.min(input.quantity, room)
    const [line] = await tx
      .insert(cartItems)
      .values({ cartId, productId: product.id, variantId: variant.id, quantity, priceAtAdd: product.price })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.variantId],
        // Concurrent adds of one variant each pass the stock check above on the same old quantity: the sum
        // is capped here, in the statement, at the variant's stock and the line maximum (never lowered).
        set: {
          quantity: sql`greatest(${cartItems.quantity}, least(${cartItems.quantity} + ${quantity}, (select v.stock from variants v where v.id = ${variant.id}), ${cap}))`,
          priceAtAdd: product.price,
          updatedAt: sql`now()`,
        },
      })
      .returning({ quantity: cartItems.quantity })
    // what the line gained (a concurrent add may have taken part of the room)
    const added = Math.max(0, Math.min(quantity, (line?.quantity ?? quantity) - inCart))
    return { requested: input.quantity, added, stock: variant.stock, owner }
  })
}

/** Only an item of the caller's own cart can be changed: any other id is "not in your cart" (404). */
async function ownItem(db: Db, owner: CartOwner, itemId: string) {
  const cartId = await findCartId(db, owner)
  if (!cartId) {
    await refuseMerged(db, owner)
    throw new AppError('CART_ITEM_NOT_FOUND')
  }
  const [item] = await db
    .select({ id: cartItems.id, productId: cartItems.productId, variantId: cartItems.variantId, stock: variants.stock, nameAr: products.nameAr, nameFr: products.nameFr })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
  if (!item) throw new AppError('CART_ITEM_NOT_FOUND')
  return item
}

export async function updateCartItem(db: Db, owner: CartOwner, itemId: string, quantity: number, locale: Locale): Promise<void> {
  const item = await ownItem(db, owner, itemId)
  const name = localized(item.nameAr, item.nameFr, locale)
  const cap = await lineCap(db)
  if (quantity > cap && item.stock > cap) throw lineLimit(cap, item.productId, name)
  checkStock(quantity, item.stock, name)
  await db.update(cartItems).set({ quantity, updatedAt: sql`now()` }).where(eq(cartItems.id, item.id))
}

export async function removeCartItem(db: Db, owner: CartOwner, itemId: string): Promise<void> {
  const item = await ownItem(db, owner, itemId)
  await db.delete(cartItems).where(eq(cartItems.id, item.id))
}

export async function clearCart(db: Db, owner: CartOwner): Promise<void> {
  const cartId = await findCartId(db, owner)
  if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId))
  else await refuseMerged(db, owner)
}

/** A change sent under a guest session that has since moved into a client's cart: CART_MERGED (reload the cart). */
async function refuseMerged(db: Db, owner: CartOwner): Promise<void> {
  if ('sessionId' in owner && (await wasMerged(db, owner.sessionId))) throw new AppError('CART_MERGED')
}

/**
 * Moves a guest cart into a client's cart (at login, sign-up or on request): quantities of the same
 * variant are added and capped at stock; the guest cart is gone afterwards and its session id is kept
 * as merged, so an add still on its way under that id is answered CART_MERGED instead of being lost.
 * The guest cart's row lock is the one an add takes (cartForAdd): a merge and an add never interleave.
 */
export async function mergeGuestCart(db: Db, sessionId: string, clientId: string): Promise<void> {
  const cap = await lineCap(db)
  await db.transaction(async (tx) => {
    const [guest] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.sessionId, sessionId)).for('update')
    if (!guest) return
    const clientCartId = await ensureCart(tx, { clientId })
    await tx.execute(sql`
      insert into cart_items (cart_id, product_id, variant_id, quantity, price_at_add)
      select ${clientCartId}, g.product_id, g.variant_id, least(g.quantity, greatest(v.stock, 1), ${cap}), g.price_at_add
      from cart_items g join variants v on v.id = g.variant_id
      where g.cart_id = ${guest.id}
      on conflict (cart_id, variant_id) do update
        set quantity = least(cart_items.quantity + excluded.quantity, greatest((select stock from variants where id = excluded.variant_id), cart_items.quantity), ${cap}),
            updated_at = now()
    `)
    await tx.delete(carts).where(eq(carts.id, guest.id))
    await tx
      .insert(cartMerges)
      .values({ sessionId, clientId })
      .onConflictDoUpdate({ target: cartMerges.sessionId, set: { clientId, mergedAt: sql`now()` } })
  })
}
