import { CATALOGUE_PAGE_SIZE, type CategorySort, type CollectionSort, type Locale } from '@shop/shared'
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { rawBuiltOnce, selectBuiltOnce } from '../../db/built-once.ts'
import type { Db } from '../../db/client.ts'
import { categories, categoryProductCounts, products } from '../../db/schema.ts'
import type { CheckedJson } from '../../http/checked-json.ts'
import { containing } from '../../http/paging.ts'
import { memoized } from '../../plugins/public-cache.ts'
import { cardJson, cardsPage, type CardTuple, inCategories, listCardJson, newestFirst, readCards } from './catalogue.repo.ts'
import { BY_UNITS_SOLD, countSearch, SEARCH_TOTAL_CAP, searchPageIds } from './product-search.repo.ts'

export type ProductSort = CollectionSort | CategorySort

export interface ProductFilter {
  categoryIds?: string[]
  minPrice?: number
  maxPrice?: number
  search?: ProductSearch
}

/** A search term (GET /product?search=…). */
export interface ProductSearch {
  term: string
}

/**
 * Active categories whose Arabic or French name contains the term once both are folded with shop_fold()
 * ("احذية" finds "أحذية رجالية", "chaussures" finds "Chaussures femme"), and every category below them.
 * The categories table is small (a few dozen rows): reading it whole is cheaper than any index. Products
 * are then matched by category_id, so a renamed category is found by its new name at once, with nothing
 * stored on the products to keep in step. (The relevance search does the same inside its one statement:
 * product-search.repo.ts.)
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
 * The search as a filter, for the sorts other than relevance (price, newest, name): the folded term anywhere
 * in the folded Arabic + French name (products.search_text, trigram index), a product of a category whose
 * name contains it (category_id index), the term in the folded description (its own trigram index), or a
 * close spelling of the name (trigram word similarity, on the name's index). PostgreSQL combines the
 * indexes (BitmapOr). Sorted by relevance, the search runs in tiers instead (product-search.repo.ts).
 */
export function searchCondition(term: string, categoryIds: string[]): SQL {
  const pattern = containing(term)
  const branches: SQL[] = [sql`${products.searchText} like shop_fold(${pattern})`]
  if (categoryIds.length > 0) branches.push(inCategories(categoryIds))
  branches.push(sql`${products.descriptionSearchText} like shop_fold(${pattern})`, sql`shop_fold(${term}) <% ${products.searchText}`)
  return sql`(${sql.join(branches, sql` or `)})`
}

/** The category and price parts of a filter (the search term aside). */
function conditions(filter: ProductFilter): SQL | undefined {
  const parts: SQL[] = []
  if (filter.categoryIds) parts.push(inCategories(filter.categoryIds))
  if (filter.minPrice !== undefined) parts.push(gte(products.price, filter.minPrice))
  if (filter.maxPrice !== undefined) parts.push(lte(products.price, filter.maxPrice))
  return parts.length ? and(...parts) : undefined
}

const oldestFirst = sql`${products.createdAt} asc nulls first`

function ordering(sort: ProductSort, locale: Locale): SQL[] {
  switch (sort) {
    // relevance without a term (a search sorted by relevance runs in searchProducts())
    case 'relevance':
      return [newestFirst, asc(products.id)]
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
): Promise<{ cards: CheckedJson[]; total: number; totalIsLowerBound?: boolean }> {
  if (filter.search && options.sort === 'relevance') return searchProducts(db, filter.search.term, filter, options)
  const search = filter.search ? searchCondition(filter.search.term, await matchingCategoryIds(db, filter.search.term)) : undefined
  const where = and(conditions(filter), search)
  const page = { limit: options.limit, offset: (options.page - 1) * options.limit }
  const [rows, [count]] = await Promise.all([
    search
      ? listCardJson(db, where, { ...page, orderBy: ordering(options.sort, options.locale), locale: options.locale })
      : listPage(db, filter, options.sort, options.locale, page),
    countProducts(db, filter, where),
  ])
  return { cards: rows, total: Number(count?.n ?? 0) }
}

const pageStatement = selectBuiltOnce()

/** Which filters a page has: its statement's shape, and their values to bind at each request. */
function filterShape(filter: ProductFilter) {
  const shape = { categories: filter.categoryIds !== undefined, minPrice: filter.minPrice !== undefined, maxPrice: filter.maxPrice !== undefined }
  return {
    shape,
    key: `${shape.categories ? 'c' : ''}${shape.minPrice ? 'm' : ''}${shape.maxPrice ? 'M' : ''}`,
    values: { categoryIds: filter.categoryIds, minPrice: filter.minPrice, maxPrice: filter.maxPrice },
  }
}

/**
 * A page of cards filtered by category and price (no search term): its statement is built once per shape
 * (which filters are present, the sort, and the language for a sort by name), the values bound at each
 * request (db/built-once.ts). Three forms: newest first in a few categories, one walk per category merged
 * (newestInCategories); the first pages at the storefront's page size, their limit written in; any other page,
 * its limit and offset bound.
 */
async function listPage(db: Db, filter: ProductFilter, sort: ProductSort, locale: Locale, page: { limit: number; offset: number }) {
  const { shape, key, values } = filterShape(filter)
  const categoryIds = filter.categoryIds ?? []
  if (NEWEST_FIRST_SORTS.has(sort) && categoryIds.length > 0 && categoryIds.length <= MERGED_CATEGORIES) {
    const byCategory = Object.fromEntries(categoryIds.map((id, i) => [`category${i}`, id]))
    const { rows } = await mergedStatement<{ card: string }>(db, `${categoryIds.length}|${key}`, () => newestInCategories(categoryIds.length, shape), {
      ...values,
      ...byCategory,
      ...page,
      depth: page.offset + page.limit,
    })
    return rows.map((row) => cardJson(row.card, locale))
  }
  const sortKey = sort === 'name_asc' || sort === 'name_desc' ? `${sort}:${locale}` : sort
  if (page.limit === CATALOGUE_PAGE_SIZE && page.offset < WRITTEN_PAGES * page.limit) {
    // the first pages at the storefront's page size, their limit and offset written in the text (one shape
    // each): PostgreSQL keeps a generic plan for a statement only when its LIMIT and OFFSET are known
    // (docs/performance.md, "Plans PostgreSQL keeps"); other sizes and deeper pages bind them and are planned
    // at each request. The active flag stays a parameter so that every shape has one: a statement without
    // parameters is sent unnamed (db/prepared-statements.ts), parsed and planned each time.
    const { rows } = await writtenPageStatement<{ card_json: string }>(
      db,
      `${sortKey}|${key}|${page.offset}`,
      () => sql`select ${products.cardJson} from ${products} where ${products.isActive} = ${sql.placeholder('active')} and ${filterParts(shape) ?? sql`true`}
        order by ${sql.join(ordering(sort, locale), sql`, `)} limit ${sql.raw(String(page.limit))} offset ${sql.raw(String(page.offset))}`,
      { ...values, active: true },
    )
    return rows.map((row) => cardJson(row.card_json, locale))
  }
  const rows = await pageStatement(db, `${sortKey}|${key}`, () => pageSelect(db, shape, ordering(sort, locale)), { ...values, ...page })
  return rows.map((row) => cardJson(row.card, locale))
}

/** The first pages whose limit and offset listPage writes in the statement's text. */
const WRITTEN_PAGES = 3
const writtenPageStatement = rawBuiltOnce()

/** The category and price conditions of a filter shape, their values as placeholders. */
function filterParts(shape: { categories: boolean; minPrice: boolean; maxPrice: boolean }, also?: SQL): SQL | undefined {
  const placeholder = sql.placeholder
  const parts: SQL[] = []
  if (shape.categories) parts.push(sql`${products.categoryId} = any(${placeholder('categoryIds')}::uuid[])`)
  if (shape.minPrice) parts.push(gte(products.price, placeholder('minPrice')))
  if (shape.maxPrice) parts.push(lte(products.price, placeholder('maxPrice')))
  if (also) parts.push(also)
  return and(...parts)
}

function pageSelect(db: Db, shape: { categories: boolean; minPrice: boolean; maxPrice: boolean }, orderBy: SQL[], also?: SQL) {
  return cardsPage(db, filterParts(shape, also), orderBy, sql.placeholder('limit'), sql.placeholder('offset'))
}

/** The sorts that list the newest products first (ordering() above). */
const NEWEST_FIRST_SORTS: ReadonlySet<ProductSort> = new Set(['relevance', 'newest'])
/** Up to this many categories (a category and those below it), a newest-first page is merged from one walk per category. */
const MERGED_CATEGORIES = 12
const mergedStatement = rawBuiltOnce()

/**
 * A newest-first page of a few categories (a category page: the category and those below it), merged from one
 * walk per category of products_category_created_idx (category, newest first, id), each stopping at the
 * page's depth (offset + limit rows that pass the price filter): PostgreSQL merges the walks in order (Merge
 * Append). The one statement over `category_id = any(...)` could not walk in order: planned for the request,
 * it walked the newest products of every category and dropped the others (ten rows read for each one kept on
 * the bench's catalogue); with its generic plan, it read every product of the categories in the price range
 * and sorted them (docs/performance.md, "Plans PostgreSQL keeps"). Built once per number of categories and
 * filter shape.
 */
function newestInCategories(count: number, shape: { minPrice: boolean; maxPrice: boolean }): SQL {
  const placeholder = sql.placeholder
  const branches = Array.from({ length: count }, (_, i) => {
    const parts: SQL[] = [sql`p.is_active`, sql`p.category_id = ${placeholder(`category${i}`)}::uuid`]
    const range: SQL[] = []
    if (shape.minPrice) range.push(sql`p.price >= ${placeholder('minPrice')}`)
    if (shape.maxPrice) range.push(sql`p.price <= ${placeholder('maxPrice')}`)
    // The price range as a CASE, checked on the rows the walk reads: the prepared statement's generic plan does
    // not know the bounds and takes a range of prices for a rare one (half a percent of the rows), so it read
    // every product of the range and category by the price index and sorted them instead of walking (seen under
    // load: BitmapAnd + Sort). A narrow range on a very large category then reads more of the walk.
    if (range.length) parts.push(sql`case when ${sql.join(range, sql` and `)} then true else false end`)
    return sql`(select p.card_json, p.created_at, p.id from ${products} p where ${sql.join(parts, sql` and `)}
      order by p.created_at desc nulls last, p.id limit ${placeholder('depth')})`
  })
  return sql`select m.card_json as card from (${sql.join(branches, sql` union all `)}) m
    order by m.created_at desc nulls last, m.id limit ${placeholder('limit')} offset ${placeholder('offset')}`
}

const namesStatement = selectBuiltOnce()

/**
 * The names tier as the page: the cards of active products whose folded name contains the term, best sellers
 * first. Built once per filter shape like listPage; a statement with LIKE is still sent unnamed
 * (db/prepared-statements.ts), so PostgreSQL plans it for each term (the sold index for a common word, the
 * trigram index for a rare one).
 */
async function namesPage(db: Db, term: string, filter: ProductFilter, locale: Locale, page: { limit: number; offset: number }) {
  const { shape, key, values } = filterShape(filter)
  const named = sql`${products.searchText} like shop_fold(${sql.placeholder('pattern')})`
  const rows = await namesStatement(db, key, () => pageSelect(db, shape, BY_UNITS_SOLD, named), { ...values, pattern: containing(term), ...page })
  return rows.map((row) => cardJson(row.card, locale))
}

/**
 * A search sorted by relevance. The names tier first, as the page itself: the cards of active products whose
 * folded name contains the term, best sellers first (one statement walking products_active_sold_idx, or
 * reading the name's trigram index for a rare word). A full page of names is the usual answer. Otherwise the
 * tiered search (product-search.repo.ts) finds the page's ids and their cards are read by primary key. The
 * total is counted up to SEARCH_TOTAL_CAP and kept like the other totals.
 */
async function searchProducts(
  db: Db,
  term: string,
  filter: ProductFilter,
  options: { page: number; limit: number; locale: Locale },
): Promise<{ cards: CheckedJson[]; total: number; totalIsLowerBound: boolean }> {
  const where = conditions(filter)
  const offset = (options.page - 1) * options.limit
  const [named, total] = await Promise.all([
    namesPage(db, term, filter, options.locale, { limit: options.limit, offset }),
    // capped (SEARCH_TOTAL_CAP), so kept apart from the exact totals of the other sorts
    memoized(db, `catalogue:search:${countKey(filter)}`, () => countSearch(db, term, where)),
  ])
  const totalIsLowerBound = total >= SEARCH_TOTAL_CAP
  if (named.length === options.limit) return { cards: named, total, totalIsLowerBound }
  const ids = await searchPageIds(db, term, where, { limit: options.limit, offset })
  if (ids.length === 0) return { cards: [], total, totalIsLowerBound }
  const cards = await readCards(db, inArray(products.id, ids), { limit: ids.length })
  // put back in the ranked order (a card's tuple starts with its id)
  const position = new Map(ids.map((id, i) => [id, i]))
  const rank = (card: string) => position.get((JSON.parse(card) as CardTuple)[0]) ?? 0
  const ranked = cards.map((card) => ({ card, at: rank(card) })).sort((a, b) => a.at - b.at)
  return { cards: ranked.map(({ card }) => cardJson(card, options.locale)), total, totalIsLowerBound }
}

/** The latest arrivals: newest first, the id breaking ties. */
export const LATEST_FIRST = [newestFirst, asc(products.id)]
/** Best sellers by units sold (NULLS LAST as in products_sold_idx), then newest. */
export const BEST_SELLERS_FIRST = [sql`${products.soldCount} desc nulls last`, newestFirst, asc(products.id)]
