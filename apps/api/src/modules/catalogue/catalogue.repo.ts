import { type Locale, percentOff, pickLocalized, type ProductSummary, productSummary, sortSizes } from '@shop/shared'
import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { driverJson } from '../../db/driver-json.ts'
import { categories, products } from '../../db/schema.ts'
import { CheckedJson, serialisedOnce } from '../../http/checked-json.ts'
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
 *
 * It arrives as one JSON array text per row, stored with the product (`card_json`, written by the trigger of
 * migration 0024 on every write of a field it holds), which the server reads with JSON.parse: the driver's
 * parsing of thirteen fields a row, of three arrays and of a timestamp cost more of the server's CPU than the
 * rest of an uncached page (docs/performance.md, "A card as one JSON column"), and building that text in every
 * statement for every row cost PostgreSQL more than the rest of the statement ("The card stored as text").
 * The creation time comes as milliseconds since 1970.
 */
export type CardTuple = [
  id: string,
  slug: string,
  nameAr: string,
  nameFr: string,
  price: number,
  compareAtPrice: number | null,
  categoryId: string,
  createdAtMs: number,
  stock: number,
  sizes: string[],
  colors: string[],
  imagePath: string | null,
  imageWidths: number[] | null,
]

/** The select of a card: its tuple as JSON text (the same text from node-postgres and PGlite). */
export const summaryColumns = { card: products.cardJson }

/** A page of active products' cards: filter, sort, limit and offset on `products`, the stored card text returned. */
export function cardsPage(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return db
    .select(summaryColumns)
    .from(products)
    // the flag itself, not `= $1`: a parameter there is costed as half the table in a generic plan
    .where(and(sql`${products.isActive}`, where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
}

export function toProductSummary(card: CardTuple | string, locale: Locale): ProductSummary {
  const [id, slug, nameAr, nameFr, price, compareAtPrice, categoryId, createdAtMs, stock, sizes, colors, imagePath, imageWidths] =
    driverJson<CardTuple>(card)
  return {
    _id: id,
    slug,
    name: pickLocalized(nameAr, nameFr, locale),
    nameAr,
    nameFr,
    price,
    compareAtPrice: compareAtPrice && compareAtPrice > price ? compareAtPrice : null,
    percentOff: percentOff(price, compareAtPrice),
    inStock: stock > 0,
    stock,
    sizes: sortSizes(sizes ?? []),
    colors: colors ?? [],
    category: categoryId,
    image: imagePath && imageWidths ? responsiveImage(imagePath, imageWidths, PRODUCT_IMAGE_SIZE, 600) : null,
    createdAt: new Date(createdAtMs).toISOString(),
  }
}

/**
 * A card's reply JSON from its tuple's text (`card_json`), checked against the `productSummary` contract when
 * first made and kept by that text (http/checked-json.ts): a card changes only when its row does (its stock
 * after an order, a new photo), and then its text is another key. The same card is on every page, search and
 * product page that lists it; a page of cards already made is twelve look-ups and one string.
 */
export const cardJson = serialisedOnce((card: string, locale: Locale) => CheckedJson.of(productSummary, toProductSummary(card, locale)), {
  maxBytes: 8 * 1024 * 1024,
})

/** The cards' tuples (`card_json`) of a page of active products. */
export async function readCards(db: Db, where: SQL | undefined, options: { limit: number; offset?: number; orderBy?: SQL[] }): Promise<string[]> {
  // NULLS LAST as in products_created_idx (see newestFirst above)
  const rows = await cardsPage(db, where, options.orderBy ?? [newestFirst, asc(products.id)], options.limit, options.offset ?? 0)
  return rows.map((row) => row.card)
}

export async function listProductSummaries(
  db: Db,
  where: SQL | undefined,
  options: { limit: number; offset?: number; orderBy?: SQL[]; locale: Locale },
): Promise<ProductSummary[]> {
  return (await readCards(db, where, options)).map((card) => toProductSummary(card, options.locale))
}

/** The same cards as reply JSON (`cardJson`). */
export async function listCardJson(
  db: Db,
  where: SQL | undefined,
  options: { limit: number; offset?: number; orderBy?: SQL[]; locale: Locale },
): Promise<CheckedJson[]> {
  return (await readCards(db, where, options)).map((card) => cardJson(card, options.locale))
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
