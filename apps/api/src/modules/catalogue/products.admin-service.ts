import { randomBytes } from 'node:crypto'
import { PRODUCT_NAME_MIN, sortSizes } from '@shop/shared'
import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { containing } from '../../http/paging.ts'
import { categories, orderItems, productImages, products, variants } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import { mapConstraint, slugify } from '../../http/admin-common.ts'
import { type ImageRow, imageReply } from './product-images.admin-service.ts'
import { checkVariantSet, sizesRequired, skuFor, type VariantInput, variantConstraints } from './variants.admin-service.ts'

// Products in the back office: the list, the editor's product, creation, changes and deletion. Their variants
// are in variants.admin-service.ts, their photos in product-images.admin-service.ts.

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

const productConstraints = {
  products_slug_unique: new AppError('CONFLICT'),
  ...variantConstraints,
}

function checkPrices(price: number, compareAtPrice: number | null | undefined) {
  if (compareAtPrice !== null && compareAtPrice !== undefined && compareAtPrice <= price) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'compareAtPrice', message: 'validation:invalid' }] })
  }
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

