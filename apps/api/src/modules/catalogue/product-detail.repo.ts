import { type Locale, pickLocalized, type ProductDetailReply, type ProductSummary, sortSizes } from '@shop/shared'
import { and, asc, eq, or, sql } from 'drizzle-orm'
import { selectBuiltOnce } from '../../db/built-once.ts'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'
import { responsiveImage } from '../../http/media.ts'
import { isUuid } from '../../http/paging.ts'
import { newestFirst, PRODUCT_IMAGE_SIZE, cardTuple, type CardTuple, summaryColumns, toProductSummary } from './catalogue.repo.ts'

const RELATED_LIMIT = 8

interface VariantJson {
  id: string
  size: string
  color: string
  colorHex: string | null
  stock: number
}

interface ImageJson {
  path: string
  widths: number[]
  color: string | null
}

/** json_agg arrives parsed from node-postgres and PGlite alike; a string is parsed here in case a driver does not. */
function fromJson<T>(value: unknown): T[] {
  if (typeof value === 'string') return JSON.parse(value) as T[]
  return (value as T[] | null) ?? []
}

const detailStatement = selectBuiltOnce()

/** findProductDetail's statement, its key a placeholder. */
function detailSelect(db: Db, byId: boolean) {
  const key = sql.placeholder('key')
  return db
    .select({
      ...summaryColumns,
      descriptionAr: products.descriptionAr,
      descriptionFr: products.descriptionFr,
      categorySlug: categories.slug,
      categoryNameAr: categories.nameAr,
      categoryNameFr: categories.nameFr,
      // subqueries written out in full: drizzle drops table names inside sql`` in a select
      variants: sql<unknown>`(select coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'colorHex', v.color_hex, 'stock', v.stock)), '[]'::json)
        from variants v where v.product_id = "products"."id")`,
      images: sql<unknown>`(select coalesce(json_agg(json_build_object('path', i.path, 'widths', i.widths, 'color', i.color) order by i.position, i.created_at), '[]'::json)
        from product_images i where i.product_id = "products"."id")`,
      // suggestions to buy instead: only products with a variant in stock (a card stock above 0)
      related: sql<unknown>`(select coalesce(json_agg(${sql.raw(cardTuple('r'))} order by r.created_at desc nulls last, r.id), '[]'::json)
        from (select * from products r where r.is_active and r.category_id = "products"."category_id" and r.id <> "products"."id" and r.card_stock > 0
          order by r.created_at desc nulls last, r.id limit ${RELATED_LIMIT}) r)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isActive, true), byId ? or(sql`${products.id} = ${key}::uuid`, eq(products.slug, key)) : eq(products.slug, key)))
    .orderBy(newestFirst, asc(products.id))
    .limit(1)
}

/**
 * An active product by id or slug, with its variants, images, category and related products; null when
 * unknown. One statement: the product's card columns and category, and as JSON aggregates its variants,
 * its photos and the related products (the card columns of up to RELATED_LIMIT others of its category,
 * newest first, on products_category_created_idx).
 */
export async function findProductDetail(db: Db, idOrSlug: string, locale: Locale): Promise<ProductDetailReply | null> {
  // by id or slug (a slug that looks like an id is still a slug), or by slug alone; built once each (db/built-once.ts)
  const byId = isUuid(idOrSlug)
  const [row] = await detailStatement(db, byId ? 'id-or-slug' : 'slug', () => detailSelect(db, byId), { key: idOrSlug })
  if (!row) return null
  const summary = toProductSummary(row.card, locale)
  const variantRows = fromJson<VariantJson>(row.variants)
  const imageRows = fromJson<ImageJson>(row.images)
  const sizeOrder = sortSizes(variantRows.map((v) => v.size))
  variantRows.sort((a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || a.color.localeCompare(b.color))
  const related: ProductSummary[] = fromJson<CardTuple>(row.related).map((card) => toProductSummary(card, locale))
  return {
    product: {
      ...summary,
      description: pickLocalized(row.descriptionAr, row.descriptionFr, locale),
      descriptionAr: row.descriptionAr,
      descriptionFr: row.descriptionFr,
      // each photo says which colour it shows (null: the product in general)
      images: imageRows.map((img) => ({ ...responsiveImage(img.path, img.widths, PRODUCT_IMAGE_SIZE, 1200), color: img.color })),
      variants: variantRows.map((v) => ({ _id: v.id, size: v.size, color: v.color, ...(v.colorHex ? { colorHex: v.colorHex } : {}), stock: v.stock })),
      category: { _id: summary.category, slug: row.categorySlug, name: pickLocalized(row.categoryNameAr, row.categoryNameFr, locale) },
    },
    related,
  }
}
