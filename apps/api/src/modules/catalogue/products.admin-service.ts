import { randomBytes } from 'node:crypto'
import { colorError, isColorKey, PRODUCT_NAME_MIN, sortSizes } from '@shop/shared'
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, like, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { containing } from '../../http/paging.ts'
import { categories, orderItems, productImages, products, variants } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import { responsiveImage } from '../../http/media.ts'
import { mapConstraint, slugify } from '../../http/admin-common.ts'

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

export interface ProductInput {
  nameAr?: string | undefined
  nameFr?: string | undefined
  descriptionAr?: string | undefined
  descriptionFr?: string | undefined
  price?: number | undefined
  compareAtPrice?: number | null | undefined
  categoryId?: string | undefined
  isActive?: boolean | undefined
}

type ImageRow = typeof productImages.$inferSelect

export function imageReply(image: ImageRow) {
  return {
    _id: image.id,
    path: image.path,
    widths: image.widths,
    position: image.position,
    color: image.color,
    ...responsiveImage(image.path, image.widths, { width: image.width, height: image.height }, 600),
  }
}

export async function listAdminProducts(
  db: Db,
  filter: { search?: string | undefined; categoryIds?: string[] | undefined; active?: boolean | undefined },
  page: number,
  limit: number,
) {
  const conditions: (SQL | undefined)[] = []
  const search = filter.search?.trim()
  if (search) {
    const pattern = containing(search)
    conditions.push(
      or(
        // the stored folded name and its trigram index, as the storefront search
        sql`${products.searchText} like shop_fold(${pattern})`,
        ilike(products.slug, pattern),
        sql`exists (select 1 from variants v where v.product_id = ${products.id} and v.sku ilike ${pattern})`,
      ),
    )
  }
  if (filter.categoryIds) conditions.push(inArray(products.categoryId, filter.categoryIds))
  if (filter.active !== undefined) conditions.push(eq(products.isActive, filter.active))
  const where = and(...conditions)
  const [rows, totals] = await Promise.all([
    db
      .select({
        p: products,
        categoryNameAr: categories.nameAr,
        categoryNameFr: categories.nameFr,
        stockTotal: sql<number>`(select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = ${products.id})`,
        variantCount: sql<number>`(select count(*)::int from variants v where v.product_id = ${products.id})`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(products).where(where),
  ])
  const ids = rows.map((r) => r.p.id)
  const images = ids.length
    ? await db
        .selectDistinctOn([productImages.productId])
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(productImages.productId, asc(productImages.position), asc(productImages.createdAt))
    : []
  const firstImage = new Map(images.map((image) => [image.productId, image]))
  return {
    total: totals[0]?.n ?? 0,
    products: rows.map(({ p, categoryNameAr, categoryNameFr, stockTotal, variantCount }) => {
      const image = firstImage.get(p.id)
      return {
        ...productFields(p),
        category: { _id: p.categoryId, nameAr: categoryNameAr, nameFr: categoryNameFr },
        stockTotal: Number(stockTotal),
        variantCount: Number(variantCount),
        image: image ? imageReply(image) : null,
      }
    }),
  }
}

function productFields(p: typeof products.$inferSelect) {
  return {
    _id: p.id,
    slug: p.slug,
    nameAr: p.nameAr,
    nameFr: p.nameFr,
    descriptionAr: p.descriptionAr,
    descriptionFr: p.descriptionFr,
    price: p.price,
    compareAtPrice: p.compareAtPrice,
    categoryId: p.categoryId,
    isActive: p.isActive,
    soldCount: p.soldCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }
}

export async function getAdminProduct(db: Db, id: string) {
  const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1)
  if (!p) throw new AppError('PRODUCT_NOT_FOUND')
  const [rows, images, ordered] = await Promise.all([
    db.select().from(variants).where(eq(variants.productId, id)),
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.createdAt)),
    db
      .selectDistinct({ variantId: orderItems.variantId })
      .from(orderItems)
      .innerJoin(variants, eq(variants.id, orderItems.variantId))
      .where(eq(variants.productId, id)),
  ])
  const inOrders = new Set(ordered.map((r) => r.variantId))
  const sizeOrder = sortSizes([...new Set(rows.map((v) => v.size))])
  rows.sort((a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || a.color.localeCompare(b.color))
  return {
    product: {
      ...productFields(p),
      stockTotal: rows.reduce((sum, v) => sum + v.stock, 0),
      variants: rows.map((v) => ({ _id: v.id, size: v.size, color: v.color, colorHex: v.colorHex, sku: v.sku, stock: v.stock, hasOrders: inOrders.has(v.id) })),
      images: images.map(imageReply),
    },
  }
}

async function ensureCategory(db: Db, categoryId: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1)
  if (!row) throw new AppError('CATEGORY_NOT_FOUND')
}

/** A free slug: the name's, then name-2, name-3...; a name without Latin letters gets p-<random>. */
export async function freeSlug(db: Db, table: typeof products | typeof categories, name: string): Promise<string> {
  const base = slugify(name) || `p-${randomBytes(3).toString('hex')}`
  const taken = await db
    .select({ slug: table.slug })
    .from(table)
    .where(or(eq(table.slug, base), like(table.slug, `${base}-%`)))
  const used = new Set(taken.map((r) => r.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

function skuFor(slug: string, v: { size: string; color: string }): string {
  return `${slug}-${v.size}-${v.color}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

function checkPrices(price: number, compareAtPrice: number | null | undefined) {
  if (compareAtPrice !== null && compareAtPrice !== undefined && compareAtPrice <= price) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'compareAtPrice', message: 'validation:invalid' }] })
  }
}

/**
 * Checks the set (no size x colour twice, each colour a palette key or a name with a swatch) and gives each
 * variant its stored swatch: null for a palette colour, else the hex given for that colour name (the first
 * one given when variants of one colour disagree), lower case.
 */
function checkVariantSet<T extends VariantInput>(list: T[]): (T & { colorHex: string | null })[] {
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

/** Each name given (Arabic, French) has at least PRODUCT_NAME_MIN characters: "A" is not a product. */
function checkNames(input: { nameAr?: string | undefined; nameFr?: string | undefined }) {
  const fieldErrors = (['nameAr', 'nameFr'] as const)
    .filter((field) => {
      const value = input[field]?.trim()
      return value !== undefined && value !== '' && [...value].length < PRODUCT_NAME_MIN
    })
    .map((field) => ({ field, message: 'validation:product.nameTooShort', params: { min: PRODUCT_NAME_MIN } }))
  if (fieldErrors.length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors })
}

/** A product on sale has at least one size x colour: a shopper cannot order one without. */
const sizesRequired = () =>
  new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'variants', message: 'validation:product.sizesRequired' }] })

const productConstraints = {
  products_slug_unique: new AppError('CONFLICT'),
  variants_sku_unique: new AppError('CONFLICT', { fieldErrors: [{ field: 'sku', message: 'validation:invalid' }] }),
  variants_product_size_color_key: new AppError('CONFLICT'),
}

export async function createProduct(db: Db, input: Required<Pick<ProductInput, 'price' | 'categoryId'>> & ProductInput, variantList: VariantInput[]) {
  checkPrices(input.price, input.compareAtPrice)
  checkNames(input)
  const checked = checkVariantSet(variantList)
  if ((input.isActive ?? true) && checked.length === 0) throw sizesRequired()
  await ensureCategory(db, input.categoryId)
  const slug = await freeSlug(db, products, input.nameFr || input.nameAr || '')
  return mapConstraint(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            slug,
            categoryId: input.categoryId,
            nameAr: input.nameAr ?? '',
            nameFr: input.nameFr ?? '',
            descriptionAr: input.descriptionAr ?? '',
            descriptionFr: input.descriptionFr ?? '',
            price: input.price,
            compareAtPrice: input.compareAtPrice ?? null,
            isActive: input.isActive ?? true,
          })
          .returning({ id: products.id })
        if (!row) throw new Error('product insert returned nothing')
        if (checked.length > 0) {
          await tx.insert(variants).values(
            checked.map((v) => ({ productId: row.id, size: v.size, color: v.color, colorHex: v.colorHex, stock: v.stock, sku: v.sku || skuFor(slug, v) })),
          )
        }
        return row.id
      }),
    productConstraints,
  )
}

export async function updateProduct(db: Db, id: string, input: ProductInput, actor: Actor) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update')
    if (!current) throw new AppError('PRODUCT_NOT_FOUND')
    const price = input.price ?? current.price
    const compareAtPrice = input.compareAtPrice === undefined ? current.compareAtPrice : input.compareAtPrice
    checkPrices(price, compareAtPrice)
    checkNames(input)
    if (input.isActive === true && !current.isActive) {
      const [n] = await tx.select({ n: count() }).from(variants).where(eq(variants.productId, id))
      if ((n?.n ?? 0) === 0) throw sizesRequired()
    }
    if ((input.nameAr ?? current.nameAr) === '' && (input.nameFr ?? current.nameFr) === '') {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'nameFr', message: 'validation:required' }] })
    }
    if (input.categoryId) await ensureCategory(tx, input.categoryId)
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    await tx
      .update(products)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(products.id, id))
    const change = changedFields(current, { price, compareAtPrice }, ['price', 'compareAtPrice'])
    if (change) {
      await writeAudit(tx, actor, { kind: 'price', action: 'update', entity: 'product', entityId: id, label: current.nameFr || current.nameAr, ...change })
    }
  })
}

/** A product that was ever ordered is hidden (order history keeps pointing at it); otherwise it is deleted. */
export async function deleteProduct(db: Db, id: string, actor: Actor): Promise<{ deleted: boolean; images: ImageRow[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: products.id, nameAr: products.nameAr, nameFr: products.nameFr, price: products.price, isActive: products.isActive })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
    if (!current) throw new AppError('PRODUCT_NOT_FOUND')
    const [ordered] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, id))
    const audit = (action: 'delete' | 'deactivate') =>
      writeAudit(tx, actor, {
        kind: 'deletion',
        action,
        entity: 'product',
        entityId: id,
        label: current.nameFr || current.nameAr,
        before: { price: current.price, isActive: current.isActive },
        after: action === 'delete' ? null : { isActive: false },
      })
    if ((ordered?.n ?? 0) > 0) {
      await tx.update(products).set({ isActive: false, updatedAt: sql`now()` }).where(eq(products.id, id))
      await audit('deactivate')
      return { deleted: false, images: [] }
    }
    const images = await tx.select().from(productImages).where(eq(productImages.productId, id))
    await tx.delete(products).where(eq(products.id, id))
    await audit('delete')
    return { deleted: true, images }
  })
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
        const [product] = await tx.select({ slug: products.slug, isActive: products.isActive }).from(products).where(eq(products.id, productId)).for('update')
        if (!product) throw new AppError('PRODUCT_NOT_FOUND')
        if (product.isActive && list.length === 0) throw sizesRequired()
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
    productConstraints,
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

export async function addProductImage(db: Db, productId: string, image: { path: string; widths: number[]; width: number; height: number }) {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    const [last] = await tx
      .select({ max: sql<number | null>`max(${productImages.position})` })
      .from(productImages)
      .where(eq(productImages.productId, productId))
    const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1
    const [row] = await tx.insert(productImages).values({ productId, ...image, position }).returning()
    if (!row) throw new Error('image insert returned nothing')
    return row
  })
}

export async function removeProductImage(db: Db, productId: string, imageId: string): Promise<ImageRow> {
  const [row] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

/**
 * Ties a photo to one of the product's colours (the storefront shows it first when that colour is picked),
 * or unties it with null. The colour must be one of the product's variants' colours.
 */
export async function setImageColor(db: Db, productId: string, imageId: string, color: string | null): Promise<ImageRow> {
  return db.transaction(async (tx) => {
    const [image] = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    if (!image) throw new AppError('NOT_FOUND')
    let stored: string | null = null
    if (color !== null) {
      const colours = await tx.selectDistinct({ color: variants.color }).from(variants).where(eq(variants.productId, productId))
      const match = colours.find((c) => c.color.toLowerCase() === color.toLowerCase())
      if (!match) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'color', message: 'validation:invalid' }] })
      stored = match.color
    }
    const [row] = await tx.update(productImages).set({ color: stored }).where(eq(productImages.id, imageId)).returning()
    if (!row) throw new AppError('NOT_FOUND')
    return row
  })
}

/** `imageIds` must be exactly the product's images, in the new order. */
export async function reorderImages(db: Db, productId: string, imageIds: string[]) {
  await db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    const rows = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, productId))
    const current = new Set(rows.map((r) => r.id))
    if (imageIds.length !== current.size || new Set(imageIds).size !== imageIds.length || !imageIds.every((id) => current.has(id))) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'imageIds', message: 'validation:invalid' }] })
    }
    for (const [position, id] of imageIds.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id))
    }
  })
}
