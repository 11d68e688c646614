import { type Locale, percentOff, pickLocalized, type ProductSummary, sortSizes } from '@shop/shared'
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'
import { responsiveImage } from '../../http/media.ts'
import { memoized } from '../../plugins/public-cache.ts'

// The indexes are DESC NULLS LAST (drizzle's .desc()); a plain DESC is NULLS FIRST and cannot walk them, so
// PostgreSQL sorted the whole table for page 1 (164 ms at 100 000 products, 0.2 ms with the index).
export const newestFirst = sql`${products.createdAt} desc nulls last`

export const PRODUCT_IMAGE_SIZE = { width: 1200, height: 1200 } as const

/**
 * A card reads `products` alone: stock, sizes, colours and the first photo are the card columns the
 * triggers of migration 0012 keep in step with the variants and photos (see docs/performance.md, "Product
 * cards"), so a page is one index scan returning its rows.
 */
export const summaryColumns = {
  id: products.id,
  slug: products.slug,
  nameAr: products.nameAr,
  nameFr: products.nameFr,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  categoryId: products.categoryId,
  createdAt: products.createdAt,
  stock: products.cardStock,
  sizes: products.cardSizes,
  colors: products.cardColors,
  imagePath: products.cardImagePath,
  imageWidths: products.cardImageWidths,
}

export type SummaryRow = {
  id: string
  slug: string
  nameAr: string
  nameFr: string
  price: number
  compareAtPrice: number | null
  categoryId: string
  createdAt: Date | string
  stock: number
  sizes: string[]
  colors: string[]
  imagePath: string | null
  imageWidths: number[] | null
}

export function toProductSummary(row: SummaryRow, locale: Locale): ProductSummary {
  const stock = Number(row.stock)
  return {
    _id: row.id,
    slug: row.slug,
    name: pickLocalized(row.nameAr, row.nameFr, locale),
    nameAr: row.nameAr,
    nameFr: row.nameFr,
    price: row.price,
    compareAtPrice: row.compareAtPrice && row.compareAtPrice > row.price ? row.compareAtPrice : null,
    percentOff: percentOff(row.price, row.compareAtPrice),
    inStock: stock > 0,
    stock,
    sizes: sortSizes(row.sizes ?? []),
    colors: row.colors ?? [],
    category: row.categoryId,
    image:
      row.imagePath && row.imageWidths ? responsiveImage(row.imagePath, row.imageWidths, PRODUCT_IMAGE_SIZE, 600) : null,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

export async function listProductSummaries(
  db: Db,
  where: SQL | undefined,
  options: { limit: number; offset?: number; orderBy?: SQL[]; locale: Locale },
): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.isActive, true), where))
    // NULLS LAST as in products_created_idx (see newestFirst above)
    .orderBy(...(options.orderBy ?? [newestFirst, asc(products.id)]))
    .limit(options.limit)
    .offset(options.offset ?? 0)
  return rows.map((row) => toProductSummary(row, options.locale))
}

export type CategoryRow = typeof categories.$inferSelect

/**
 * The active categories in their order, kept (memoized) until a staff write in this process and for 10 s at
 * most (another process's edit): every category page, the category list and the rendered pages' menu read
 * them, and a shop has a few dozen. The array is shared: callers never change it.
 */
export async function listActiveCategories(db: Db): Promise<readonly CategoryRow[]> {
  return memoized(
    db,
    'catalogue:categories',
    () => db.select().from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.position), asc(categories.nameFr)),
    CATEGORIES_TTL_MS,
  )
}

const CATEGORIES_TTL_MS = 10_000

/** A category and every category below it (the tree is small: it is walked in memory). */
export function subtreeIds(all: readonly CategoryRow[], rootId: string): string[] {
  const ids = [rootId]
  for (let i = 0; i < ids.length; i++) {
    for (const child of all) if (child.parentId === ids[i]) ids.push(child.id)
  }
  return ids
}

export function topLevel(all: readonly CategoryRow[]): CategoryRow[] {
  return all.filter((c) => c.parentId === null)
}

export const inCategories = (ids: string[]) => inArray(products.categoryId, ids)
