import { asc, type SQL, sql } from 'drizzle-orm'
import { products } from '../../db/schema.ts'
import type { Db } from '../../db/client.ts'
import { containing } from '../../http/paging.ts'

/**
 * The catalogue search ranked by relevance (GET /product?search=…, sort relevance), at the cost of an
 * indexed page whatever the size of the catalogue. See docs/performance.md, "Search".
 *
 * The ranking is in tiers, each a disjoint set of products, each ordered by units sold (then id):
 *   4. the folded name contains the term               (products_search_trgm, or walking products_active_sold_idx)
 *   3. the product is in a category whose name contains it, or below one (products_category_sold_idx)
 *   2. the folded description contains it              (products_description_trgm)
 *   1. a close spelling of the name (word similarity ≥ pg_trgm.word_similarity_threshold), by similarity first
 *
 * Each tier is its own CTE with `ORDER BY sold_count DESC, id LIMIT offset + limit`: PostgreSQL either walks
 * the units-sold index and stops after that many matches (a common word: "écharpe" names one product in twelve
 * of the generated 100 000) or reads the few matches from the trigram index and sorts them (a rare word). A
 * tier runs only when the tiers above it found fewer rows than the page needs: its WHERE starts with a test
 * that depends on no row (the sizes of the tiers above), which PostgreSQL evaluates once, before the scan
 * ("One-Time Filter" in EXPLAIN). So a common word never pays for the similarity search, the expensive tier.
 * The names tier is first read alone, as the page's cards (findProducts in product-list.repo.ts): a full page
 * of names is the usual answer, and planning the four-tier statement costs PostgreSQL more than running it
 * (about 1 ms against 0.1 ms for the names alone: each LIKE and similarity is estimated against statistics).
 */

/** The categories the term names (folded Arabic or French name contains it), with every active one below them. */
function matchedCategories(pattern: string): SQL {
  return sql`matched(id) as (
    select c.id from categories c
    where c.is_active and shop_fold(c.name_ar || ' ' || c.name_fr) like shop_fold(${pattern})
    union
    select c.id from categories c join matched m on c.parent_id = m.id where c.is_active
  )`
}

const active = (filter: SQL | undefined) => (filter ? sql`products.is_active and (${filter})` : sql`products.is_active`)
const byName = (pattern: string) => sql`products.search_text like shop_fold(${pattern})`
const bySales = sql`order by products.sold_count desc nulls last, products.id`

/** Each tier's order, as products_active_sold_idx walks it. */
export const BY_UNITS_SOLD: SQL[] = [sql`${products.soldCount} desc nulls last`, asc(products.id)]

/** The tiers' CTEs (named, in_category, described, spelled), each at most `take` rows, for `filter` (a WHERE on products). */
function tiers(term: string, filter: SQL | undefined, take: number): SQL {
  const pattern = containing(term)
  const base = active(filter)
  const nameMatch = byName(pattern)
  const inCategory = sql`products.category_id in (select id from matched)`
  const byDescription = sql`products.description_search_text like shop_fold(${pattern})`
  const bySpelling = sql`shop_fold(${term}) <% products.search_text`
  const size = (ctes: string[]) => sql.raw(ctes.map((cte) => `(select count(*) from ${cte})`).join(' + '))
  return sql`with recursive ${matchedCategories(pattern)},
  named as (
    select products.id, products.sold_count, 4::float8 as rank from products
    where ${base} and ${nameMatch}
    ${bySales} limit ${take}
  ),
  in_category as (
    select best.id, best.sold_count, 3::float8 as rank from matched
    cross join lateral (
      select products.id, products.sold_count from products
      where products.category_id = matched.id and ${base} and not ${nameMatch}
      ${bySales} limit ${take}
    ) best
    where ${size(['named'])} < ${take}
    order by best.sold_count desc nulls last, best.id limit ${take}
  ),
  described as (
    select products.id, products.sold_count, 2::float8 as rank from products
    where ${size(['named', 'in_category'])} < ${take} and ${base} and ${byDescription} and not ${nameMatch} and not ${inCategory}
    ${bySales} limit ${take}
  ),
  spelled as (
    select products.id, products.sold_count, word_similarity(shop_fold(${term}), products.search_text) as rank from products
    where ${size(['named', 'in_category', 'described'])} < ${take} and ${base} and ${bySpelling} and not ${nameMatch} and not ${inCategory} and not ${byDescription}
    order by rank desc, products.sold_count desc nulls last, products.id limit ${take}
  ),
  found as (
    select * from named union all select * from in_category union all select * from described union all select * from spelled
  )`
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** The statement of one page of the search: the ids, best first (exported for the plan test). */
export function searchPageQuery(term: string, filter: SQL | undefined, page: { limit: number; offset: number }): SQL {
  return sql`${tiers(term, filter, page.offset + page.limit)}
    select id from found order by rank desc, sold_count desc, id limit ${page.limit} offset ${page.offset}`
}

/** The ids of one page of the search, best first: one statement, each tier reading an index and stopping at the page. */
export async function searchPageIds(db: Db, term: string, filter: SQL | undefined, page: { limit: number; offset: number }): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(searchPageQuery(term, filter, page))).map((row) => row.id)
}

/**
 * The total shown to the shopper is exact up to this many matches; a term that matches more shows this
 * number (and its pages): 20 pages of 12, more than a shopper pages through before narrowing the search.
 * Counting every match of a common word ("écharpe": 8 300 of 100 000 products) read them all.
 */
export const SEARCH_TOTAL_CAP = 240

/** The statement counting the search's matches, up to SEARCH_TOTAL_CAP (the tiers, each stopping there). */
export function countSearchQuery(term: string, filter: SQL | undefined): SQL {
  return sql`${tiers(term, filter, SEARCH_TOTAL_CAP)} select count(*)::int as n from found`
}

export async function countSearch(db: Db, term: string, filter: SQL | undefined): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(countSearchQuery(term, filter)))
  return Math.min(SEARCH_TOTAL_CAP, Number(row?.n ?? 0))
}
