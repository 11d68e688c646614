import { colorError, isColorKey } from '@shop/shared'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderItems, products, variants } from '../../db/schema.ts'
import { mapConstraint } from '../../http/admin-common.ts'
import { AppError } from '../../http/app-error.ts'

// The variants of a product (size x colour, SKU, stock) as the back office edits them.

export interface VariantInput {
  _id?: string | undefined
  size: string
  color: string
  colorHex?: string | null | undefined
  sku?: string | undefined
  stock: number
  /**
   * The stock the editor loaded for this variant. When given, the stock is version-checked: the same value as
   * `stock` means "not touched" (the current stock is kept, whatever sales did meanwhile); a different value is
   * written only if the stock is still `expectedStock`, otherwise the save is refused with 409 STOCK_CONFLICT.
   */
  expectedStock?: number | undefined
}

/** A variant whose stock moved since the editor loaded it: what the editor expected, and the stock now. */
export interface StockConflict {
  _id: string
  size: string
  color: string
  sku: string
  expectedStock: number
  stock: number
}

function stockConflict(conflicts: StockConflict[]): AppError {
  return new AppError('STOCK_CONFLICT', { data: { variants: conflicts } })
}

export function skuFor(slug: string, v: { size: string; color: string }): string {
  return `${slug}-${v.size}-${v.color}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

/**
 * Checks the set (no size x colour twice, each colour a palette key or a name with a swatch) and gives each
 * variant its stored swatch: null for a palette colour, else the hex given for that colour name (the first
 * one given when variants of one colour disagree), lower case.
 */
export function checkVariantSet<T extends VariantInput>(list: T[]): (T & { colorHex: string | null })[] {
  const seen = new Set<string>()
  const hexOf = new Map<string, string>()
  list.forEach((v, i) => {
    const key = `${v.size}\u0000${v.color}`
    if (seen.has(key)) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: `variants.${i}`, message: 'validation:invalid' }] })
    seen.add(key)
    const hex = v.colorHex || hexOf.get(v.color) || null
    const problem = colorError(v.color, hex)
    if (problem) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: `variants.${i}.colorHex`, message: problem }] })
    if (hex && !hexOf.has(v.color)) hexOf.set(v.color, hex.toLowerCase())
  })
  return list.map((v) => ({ ...v, colorHex: isColorKey(v.color) ? null : (hexOf.get(v.color) ?? null) }))
}

/** A product on sale has at least one size x colour: a shopper cannot order one without. */
export const sizesRequired = () =>
  new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'variants', message: 'validation:product.sizesRequired' }] })

/** The variant constraints a save can break, as the codes the editor understands. */
export const variantConstraints = {
  variants_sku_unique: new AppError('CONFLICT', { fieldErrors: [{ field: 'sku', message: 'validation:invalid' }] }),
  variants_product_size_color_key: new AppError('CONFLICT'),
}

/**
 * Replaces the product's variant set. A listed `_id` updates that variant; an unlisted size x colour
 * that already exists is reused; others are created. A variant left out is deleted, unless orders
 * point at it: the schema has no "inactive variant", and deleting it would cut the order lines' link
 * (cancelling the order could not put the stock back), so it stays with stock 0 (shown sold out).
 * Stock sent with `expectedStock` is version-checked (see VariantInput); a variant left as it was is not
 * written at all, so sales made while the editor was open are never undone.
 */
export async function replaceVariants(db: Db, productId: string, input: VariantInput[]) {
  const list = checkVariantSet(input)
  await mapConstraint(
    () =>
      db.transaction(async (tx) => {
        // the variants first, then the product: the order an order locks them in (its stock, then the
        // product's card and sold count), so a grid save and an order of the same product cannot deadlock
        await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.id)).for('update')
        const [product] = await tx.select({ slug: products.slug, isActive: products.isActive }).from(products).where(eq(products.id, productId)).for('update')
        if (!product) throw new AppError('PRODUCT_NOT_FOUND')
        if (product.isActive && list.length === 0) throw sizesRequired()
        // read again under the product's lock: a variant another save added while this one waited is seen
        const existing = await tx.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.id)).for('update')
        const byId = new Map(existing.map((v) => [v.id, v]))
        const byKey = new Map(existing.map((v) => [`${v.size}\u0000${v.color}`, v]))
        const claimed = new Set(list.map((v) => v._id).filter((id): id is string => Boolean(id)))
        for (const id of claimed) if (!byId.has(id)) throw new AppError('VARIANT_NOT_FOUND')
        const plan = list.map((v) => {
          const match = v._id ? byId.get(v._id) : byKey.get(`${v.size}\u0000${v.color}`)
          const id = match && (v._id || !claimed.has(match.id)) ? match.id : undefined
          if (id) claimed.add(id)
          return { ...v, id }
        })
        const dropped = existing.filter((v) => !claimed.has(v.id))
        const droppedIds = dropped.map((v) => v.id)
        const withOrders = droppedIds.length
          ? await tx
              .selectDistinct({ variantId: orderItems.variantId })
              .from(orderItems)
              .where(and(inArray(orderItems.variantId, droppedIds), isNotNull(orderItems.variantId)))
          : []
        const keep = new Set(withOrders.map((r) => r.variantId))
        const conflicts: StockConflict[] = []
        for (const v of plan) {
          const row = v.id ? byId.get(v.id) : undefined
          if (!row || v.expectedStock === undefined || v.stock === v.expectedStock || row.stock === v.expectedStock) continue
          conflicts.push({ _id: row.id, size: row.size, color: row.color, sku: row.sku, expectedStock: v.expectedStock, stock: row.stock })
        }
        if (conflicts.length > 0) throw stockConflict(conflicts)
        const toDelete = droppedIds.filter((id) => !keep.has(id))
        if (toDelete.length > 0) await tx.delete(variants).where(inArray(variants.id, toDelete))
        for (const id of keep) if (id) await tx.update(variants).set({ stock: 0, updatedAt: sql`now()` }).where(eq(variants.id, id))
        for (const v of plan) {
          const sku = v.sku || byId.get(v.id ?? '')?.sku || skuFor(product.slug, v)
          const row = v.id ? byId.get(v.id) : undefined
          if (v.id && row) {
            const keepStock = v.expectedStock !== undefined && v.stock === v.expectedStock
            const stock = keepStock ? row.stock : v.stock
            // untouched: not rewritten (its updated_at and stock stay the server's)
            if (row.size === v.size && row.color === v.color && row.colorHex === v.colorHex && row.sku === sku && row.stock === stock) continue
            await tx.update(variants).set({ size: v.size, color: v.color, colorHex: v.colorHex, sku, stock, updatedAt: sql`now()` }).where(eq(variants.id, v.id))
          } else {
            await tx.insert(variants).values({ productId, size: v.size, color: v.color, colorHex: v.colorHex, sku, stock: v.stock })
          }
        }
        await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, productId))
      }),
    variantConstraints,
  )
}

/**
 * Sets the stock of several variants at once; all or nothing. An item with `expectedStock` is version-checked:
 * if any variant's stock is no longer its `expectedStock`, nothing is written (409 STOCK_CONFLICT, fresh values).
 */
export async function setStock(db: Db, items: { variantId: string; stock: number; expectedStock?: number | undefined }[]) {
  const wanted = new Map(items.map((i) => [i.variantId, i.stock]))
  const expected = new Map(items.flatMap((i) => (i.expectedStock === undefined ? [] : [[i.variantId, i.expectedStock] as const])))
  const ids = [...wanted.keys()].sort()
  return db.transaction(async (tx) => {
    const found = await tx.select().from(variants).where(inArray(variants.id, ids)).orderBy(asc(variants.id)).for('update')
    if (found.length !== ids.length) throw new AppError('VARIANT_NOT_FOUND')
    const conflicts = found.flatMap((row) => {
      const expectedStock = expected.get(row.id)
      return expectedStock === undefined || expectedStock === row.stock
        ? []
        : [{ _id: row.id, size: row.size, color: row.color, sku: row.sku, expectedStock, stock: row.stock }]
    })
    if (conflicts.length > 0) throw stockConflict(conflicts)
    const updated: { _id: string; stock: number }[] = []
    for (const id of ids) {
      const [row] = await tx
        .update(variants)
        .set({ stock: wanted.get(id) ?? 0, updatedAt: sql`now()` })
        .where(eq(variants.id, id))
        .returning({ id: variants.id, stock: variants.stock })
      if (row) updated.push({ _id: row.id, stock: row.stock })
    }
    return updated
  })
}

