import { type Locale, pickLocalized, type ProductDetail, productDetail, type ProductDetailReply, sortSizes } from '@shop/shared'
import { and, asc, eq, or, sql } from 'drizzle-orm'
import { selectBuiltOnce } from '../../db/built-once.ts'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'
import { CheckedJson, serialisedOnce } from '../../http/checked-json.ts'
import { responsiveImage } from '../../http/media.ts'
import { isUuid } from '../../http/paging.ts'
import { cardJson, newestFirst, PRODUCT_IMAGE_SIZE, toProductSummary } from './catalogue.repo.ts'

const RELATED_LIMIT = 8

interface VariantJson {
  id: string
  size: string
  color: string
  colorHex: string | null
}

interface ImageJson {
  path: string
  widths: number[]
  color: string | null
}

/** What the product page adds to a card from the product and its category, in the order of `detailSelect`'s `detail` array. */
type DetailTuple = [descriptionAr: string, descriptionFr: string, categorySlug: string, categoryNameAr: string, categoryNameFr: string]

/** The product's stored page text (`product_pages`, migration 0024): its variants by id and its photos in their order. */
type PageTuple = [variants: VariantJson[], images: ImageJson[]]

/** Each variant's stock by its id (`detailSelect`'s `stock`), read from the variants at each request. */
type StockById = Record<string, number>

const detailStatement = selectBuiltOnce()

/** findProductDetail's statement, its key a placeholder. */
function detailSelect(db: Db, byId: boolean) {
  const key = sql.placeholder('key')
  return db
    .select({
      // the product's texts as one text, a line apart (JSON texts hold no raw line break), read as it comes (no
      // parsing by the driver) and the key of what is made of it (productJson): its card; its texts and category
      // (columns written out in full: drizzle drops table names inside sql`` in a select); its variants and
      // photos as stored for the page (product_pages, kept in step by the triggers of migration 0024); each
      // variant's stock, which every order changes, from the variants themselves
      texts: sql<string>`"products"."card_json"
        || E'\n' || json_build_array("products"."description_ar", "products"."description_fr", "categories"."slug", "categories"."name_ar", "categories"."name_fr")::text
        || E'\n' || coalesce((select g.page_json from product_pages g where g.product_id = "products"."id"), '[[], []]')
        || E'\n' || (select coalesce(json_object_agg(v.id, v.stock), '{}') from variants v where v.product_id = "products"."id")::text`,
      // suggestions to buy instead: only products with a variant in stock (a card stock above 0); one card tuple a line
      related: sql<string | null>`(select string_agg(r.card_json, E'\n' order by r.created_at desc nulls last, r.id)
        from (select r.card_json, r.created_at, r.id from products r where r.is_active and r.category_id = "products"."category_id" and r.id <> "products"."id" and r.card_stock > 0
          order by r.created_at desc nulls last, r.id limit ${sql.raw(String(RELATED_LIMIT))}) r)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    // Only the key is a parameter: with the limit or the active flag as parameters too, PostgreSQL never kept a
    // generic plan for this statement (it costs a LIMIT it does not know as a tenth of the table) and planned it
    // again at every request, more than half of its work for the page (docs/performance.md). By id or slug, two
    // products may match (one's id, another's slug): the newest is the page's, as before; by slug, one at most.
    .where(and(sql`${products.isActive}`, byId ? or(sql`${products.id} = ${key}::uuid`, eq(products.slug, key)) : eq(products.slug, key)))
    .orderBy(newestFirst, asc(products.id))
}

/**
 * The texts a product page is made of, from `detailSelect`'s `texts` (one text, a line apart): its card, its
 * texts and category (`detail`), its variants and photos (`page`), its variants' stock (`stock`).
 */
function pageTexts(texts: string) {
  const [card = '', detail = '', page = '', stock = ''] = texts.split('\n')
  return { card, detail, page, stock }
}

/** The product page's part of a product: its card with its texts, photos, variants and category. */
function productDetailOf(texts: string, locale: Locale): ProductDetail {
  const { card, detail, page, stock } = pageTexts(texts)
  const summary = toProductSummary(card, locale)
  const [descriptionAr, descriptionFr, categorySlug, categoryNameAr, categoryNameFr] = JSON.parse(detail) as DetailTuple
  const [variantRows, imageRows] = JSON.parse(page) as PageTuple
  const stockById = JSON.parse(stock) as StockById
  const sizeOrder = sortSizes(variantRows.map((v) => v.size))
  variantRows.sort((a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || a.color.localeCompare(b.color))
  return {
    ...summary,
    description: pickLocalized(descriptionAr, descriptionFr, locale),
    descriptionAr,
    descriptionFr,
    // each photo says which colour it shows (null: the product in general)
    images: imageRows.map((img) => ({ ...responsiveImage(img.path, img.widths, PRODUCT_IMAGE_SIZE, 1200), color: img.color })),
    variants: variantRows.map((v) => ({ _id: v.id, size: v.size, color: v.color, ...(v.colorHex ? { colorHex: v.colorHex } : {}), stock: stockById[v.id] ?? 0 })),
    category: { _id: summary.category, slug: categorySlug, name: pickLocalized(categoryNameAr, categoryNameFr, locale) },
  }
}

/**
 * The product part of the page as reply JSON, checked against `productDetail` when first made and kept by the
 * texts it was made from (`detailSelect`'s `texts`: the card, the detail, the page text and the stock): a sale,
 * a stock edit or a new photo changes them, and the next request makes it anew (http/checked-json.ts).
 */
const productJson = serialisedOnce((texts: string, locale: Locale) => CheckedJson.of(productDetail, productDetailOf(texts, locale)), {
  maxBytes: 8 * 1024 * 1024,
})

/** An active product's row by id or slug (or by slug alone), undefined when unknown. */
async function readDetail(db: Db, idOrSlug: string) {
  // by id or slug (a slug that looks like an id is still a slug), or by slug alone; built once each (db/built-once.ts)
  const byId = isUuid(idOrSlug)
  const [row] = await detailStatement(db, byId ? 'id-or-slug' : 'slug', () => detailSelect(db, byId), { key: idOrSlug })
  return row
}

const relatedCards = (related: string | null): string[] => (related ? related.split('\n') : [])

/**
 * An active product by id or slug, with its variants, images, category and related products; null when
 * unknown. One statement: the product's card, texts and category, its variants and photos (stored texts), its
 * variants' stock, and the related products (the card tuples of up to RELATED_LIMIT others of its category, newest first, on
 * products_category_created_idx).
 */
export async function findProductDetail(db: Db, idOrSlug: string, locale: Locale): Promise<ProductDetailReply | null> {
  const row = await readDetail(db, idOrSlug)
  if (!row) return null
  return {
    product: productDetailOf(row.texts, locale),
    related: relatedCards(row.related).map((card) => toProductSummary(card, locale)),
  }
}

/** The same reply as JSON made of checked parts kept by their rows' texts (`productJson`, `cardJson`). */
export async function findProductDetailJson(db: Db, idOrSlug: string, locale: Locale): Promise<CheckedJson | null> {
  const row = await readDetail(db, idOrSlug)
  if (!row) return null
  return CheckedJson.object({
    product: productJson(row.texts, locale),
    related: CheckedJson.list(relatedCards(row.related).map((card) => cardJson(card, locale))),
  })
}
