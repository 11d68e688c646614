import type { Locale } from '@shop/shared'
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema.ts'
import { containing } from '../../http/paging.ts'
import { memoized } from '../../plugins/public-cache.ts'
import { inCategories, listProductSummaries, type ProductSummary } from './catalogue.repo.ts'

export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const
export const CATEGORY_SORTS = ['newest', 'oldest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number] | (typeof CATEGORY_SORTS)[number]

export interface ProductFilter {
  categoryIds?: string[]
  minPrice?: number
  maxPrice?: number
  search?: string
}

/** The stored folded name (products.search_text) the trigram index is built on. */
const foldedName = sql`${products.searchText}`

/**
 * Search matches the folded term anywhere in the folded Arabic + French name (LIKE on the trigram
 * index), or a close spelling of it (trigram similarity, also on the index), so "echarpe" finds
 * "Écharpe" and "احذية" finds "أحذية".
 */
function searchCondition(term: string): SQL {
  return sql`(${foldedName} like shop_fold(${containing(term)}) or shop_fold(${term}) <% ${foldedName})`
}

/**
 * Names containing the term come first (by units sold), then close spellings by similarity. The
 * similarity is only computed for the rows that need it: scoring thousands of plain matches made a
 * common word slow.
 */
function relevance(term: string): SQL {
  return sql`case when ${foldedName} like shop_fold(${containing(term)}) then 1 else word_similarity(shop_fold(${term}), ${foldedName}) end desc`
}

function conditions(filter: ProductFilter): SQL | undefined {
  const parts: SQL[] = []
  if (filter.categoryIds) parts.push(inCategories(filter.categoryIds))
  if (filter.minPrice !== undefined) parts.push(gte(products.price, filter.minPrice))
  if (filter.maxPrice !== undefined) parts.push(lte(products.price, filter.maxPrice))
  if (filter.search) parts.push(searchCondition(filter.search))
  return parts.length ? and(...parts) : undefined
}

// The indexes are DESC NULLS LAST (drizzle's .desc()); a plain DESC is NULLS FIRST and cannot walk them, so
// PostgreSQL sorted the whole table for page 1 (164 ms at 100 000 products, 0.2 ms with the index).
export const newestFirst = sql`${products.createdAt} desc nulls last`
const oldestFirst = sql`${products.createdAt} asc nulls first`

function ordering(sort: ProductSort, filter: ProductFilter, locale: Locale): SQL[] {
  switch (sort) {
    case 'relevance':
      return filter.search
        ? [relevance(filter.search), desc(products.soldCount), asc(products.id)]
        : [newestFirst, asc(products.id)]
    case 'price_asc':
      return [asc(products.price), asc(products.id)]
    case 'price_desc':
      return [desc(products.price), asc(products.id)]
    case 'oldest':
      return [oldestFirst, asc(products.id)]
    case 'name_asc':
    case 'name_desc': {
      const name =
        locale === 'ar'
          ? sql`shop_fold(coalesce(nullif(${products.nameAr}, ''), ${products.nameFr}))`
          : sql`shop_fold(coalesce(nullif(${products.nameFr}, ''), ${products.nameAr}))`
      return [sort === 'name_asc' ? sql`${name} asc` : sql`${name} desc`, asc(products.id)]
    }
    default:
      return [newestFirst, asc(products.id)]
  }
}

const countKey = (filter: ProductFilter) =>
  JSON.stringify([filter.categoryIds ?? null, filter.minPrice ?? null, filter.maxPrice ?? null, filter.search ?? null])

export async function findProducts(
  db: Db,
  filter: ProductFilter,
  options: { sort: ProductSort; page: number; limit: number; locale: Locale },
): Promise<{ products: ProductSummary[]; total: number }> {
  const where = conditions(filter)
  const [rows, [count]] = await Promise.all([
    listProductSummaries(db, where, {
      limit: options.limit,
      offset: (options.page - 1) * options.limit,
      orderBy: ordering(options.sort, filter, options.locale),
      locale: options.locale,
    }),
    // the total is kept until staff change the catalogue (plugins/public-cache.ts): a scan of every match
    memoized(db, `catalogue:products:${countKey(filter)}`, () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.isActive, true), where)),
    ),
  ])
  return { products: rows, total: Number(count?.n ?? 0) }
}
