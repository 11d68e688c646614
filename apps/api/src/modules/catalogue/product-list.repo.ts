import type { CategorySort, CollectionSort, Locale, ProductSummary } from '@shop/shared'
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, categoryProductCounts, products } from '../../db/schema.ts'
import { containing } from '../../http/paging.ts'
import { memoized } from '../../plugins/public-cache.ts'
import { inCategories, listProductSummaries, newestFirst } from './catalogue.repo.ts'

// newest first moved to catalogue.repo.ts (the product page orders by it too); still exported from here
export { newestFirst }

export type ProductSort = CollectionSort | CategorySort

export interface ProductFilter {
  categoryIds?: string[]
  minPrice?: number
  maxPrice?: number
  search?: ProductSearch
}

/** The stored folded name (products.search_text) the trigram index is built on. */
const foldedName = sql`${products.searchText}`
/** The stored folded description (products.description_search_text), with its own trigram index. */
const foldedDescription = sql`${products.descriptionSearchText}`

/** A search term, with the categories whose name contains it (see matchingCategoryIds). */
export interface ProductSearch {
  term: string
  /** Active categories whose folded Arabic or French name contains the term, with their sub-categories. */
  categoryIds: string[]
}

/**
 * Active categories whose Arabic or French name contains the term once both are folded with shop_fold()
 * ("احذية" finds "أحذية رجالية", "chaussures" finds "Chaussures femme"), and every category below them.
 * The categories table is small (a few dozen rows): reading it whole is cheaper than any index. Products
 * are then matched by category_id, so a renamed category is found by its new name at once, with nothing
 * stored on the products to keep in step.
 */
export async function matchingCategoryIds(db: Db, term: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive matched(id) as (
      select ${categories.id} from ${categories}
      where ${categories.isActive} and shop_fold(${categories.nameAr} || ' ' || ${categories.nameFr}) like shop_fold(${containing(term)})
      union
      select c.id from categories c join matched m on c.parent_id = m.id where c.is_active
    )
    select id from matched`)
  // PGlite answers { rows }, node-postgres a QueryResult with rows too
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
}

/**
 * Search matches the folded term anywhere in the folded Arabic + French name (LIKE on the trigram
 * index), a product of a category whose name contains it (category_id index), the term in the folded
 * description (its own trigram index), or a close spelling of the name (trigram similarity, on the name's
 * index), so "echarpe" finds "Écharpe", "احذية" finds the shoes and "femme" the women's products. Each
 * branch has its own index: PostgreSQL combines them (BitmapOr) instead of reading every product.
 */
export function searchCondition(search: ProductSearch): SQL {
  const pattern = containing(search.term)
  const branches: SQL[] = [sql`${foldedName} like shop_fold(${pattern})`]
  if (search.categoryIds.length > 0) branches.push(inCategories(search.categoryIds))
  branches.push(sql`${foldedDescription} like shop_fold(${pattern})`, sql`shop_fold(${search.term}) <% ${foldedName}`)
  return sql`(${sql.join(branches, sql` or `)})`
}

/**
 * Names containing the term come first, then products of a matching category, then descriptions
 * containing it (each tier by units sold), then close spellings of the name by similarity (below 1, so
 * under every tier). The similarity is only computed for the rows that need it: scoring thousands of
 * plain matches made a common word slow.
 */
export function relevance(search: ProductSearch): SQL {
  const pattern = containing(search.term)
  const inCategory = search.categoryIds.length > 0 ? sql`when ${inCategories(search.categoryIds)} then 3 ` : sql``
  return sql`case when ${foldedName} like shop_fold(${pattern}) then 4 ${inCategory}when ${foldedDescription} like shop_fold(${pattern}) then 2 else word_similarity(shop_fold(${search.term}), ${foldedName}) end desc`
}

function conditions(filter: ProductFilter): SQL | undefined {
  const parts: SQL[] = []
  if (filter.categoryIds) parts.push(inCategories(filter.categoryIds))
  if (filter.minPrice !== undefined) parts.push(gte(products.price, filter.minPrice))
  if (filter.maxPrice !== undefined) parts.push(lte(products.price, filter.maxPrice))
  if (filter.search) parts.push(searchCondition(filter.search))
  return parts.length ? and(...parts) : undefined
}

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
  JSON.stringify([filter.categoryIds ?? null, filter.minPrice ?? null, filter.maxPrice ?? null, filter.search?.term ?? null])

/** The search part of a filter: the term and the categories it names (one small query when there is a term). */
export async function productSearch(db: Db, term: string | undefined): Promise<ProductSearch | undefined> {
  return term ? { term, categoryIds: await matchingCategoryIds(db, term) } : undefined
}

/**
 * The number of active products a filter matches, kept until staff change the catalogue (memoized, which a
 * `Cache-Control: no-cache` request does not bypass: it skips the reply cache only). The whole list and a
 * category page (the filters of most pages) add up the per-category counts the triggers of migration 0012
 * keep (category_product_counts: a few dozen rows); a price range or a search counts its matches, once per
 * catalogue change, on the indexes the page query uses.
 */
function countProducts(db: Db, filter: ProductFilter, where: SQL | undefined): Promise<{ n: number }[]> {
  const byCategoryOnly = filter.minPrice === undefined && filter.maxPrice === undefined && !filter.search
  return memoized(db, `catalogue:products:${countKey(filter)}`, () =>
    byCategoryOnly
      ? db
          .select({ n: sql<number>`coalesce(sum(${categoryProductCounts.activeProducts}), 0)::int` })
          .from(categoryProductCounts)
          .where(filter.categoryIds ? inArray(categoryProductCounts.categoryId, filter.categoryIds) : undefined)
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(and(eq(products.isActive, true), where)),
  )
}

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
    countProducts(db, filter, where),
  ])
  return { products: rows, total: Number(count?.n ?? 0) }
}

/** The latest arrivals: newest first, the id breaking ties. */
export const LATEST_FIRST = [newestFirst, asc(products.id)]
/** Best sellers by units sold (NULLS LAST as in products_sold_idx), then newest. */
export const BEST_SELLERS_FIRST = [sql`${products.soldCount} desc nulls last`, newestFirst, asc(products.id)]
