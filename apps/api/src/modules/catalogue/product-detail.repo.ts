import { type Locale, pickLocalized, type ProductDetailReply, type ProductSummary, sortSizes } from '@shop/shared'
import { and, asc, eq, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, productImages, products, variants } from '../../db/schema.ts'
import { responsiveImage } from '../../http/media.ts'
import { isUuid } from '../../http/paging.ts'
import { inCategories, listProductSummaries, PRODUCT_IMAGE_SIZE } from './catalogue.repo.ts'

const RELATED_LIMIT = 8

/** An active product by id or slug, with its variants, images, category and related products; null when unknown. */
export async function findProductDetail(db: Db, idOrSlug: string, locale: Locale): Promise<ProductDetailReply | null> {
  const key = isUuid(idOrSlug) ? or(eq(products.id, idOrSlug), eq(products.slug, idOrSlug)) : eq(products.slug, idOrSlug)
  const [summary] = await listProductSummaries(db, key, { limit: 1, locale })
  if (!summary) return null
  const [[row], variantRows, imageRows] = await Promise.all([
    db
      .select({
        descriptionAr: products.descriptionAr,
        descriptionFr: products.descriptionFr,
        categoryId: categories.id,
        categorySlug: categories.slug,
        categoryNameAr: categories.nameAr,
        categoryNameFr: categories.nameFr,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, summary._id)),
    db
      .select({ id: variants.id, size: variants.size, color: variants.color, colorHex: variants.colorHex, stock: variants.stock })
      .from(variants)
      .where(eq(variants.productId, summary._id)),
    db
      .select({ path: productImages.path, widths: productImages.widths, color: productImages.color })
      .from(productImages)
      .where(eq(productImages.productId, summary._id))
      .orderBy(asc(productImages.position), asc(productImages.createdAt)),
  ])
  if (!row) return null
  const sizeOrder = sortSizes(variantRows.map((v) => v.size))
  variantRows.sort((a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || a.color.localeCompare(b.color))
  // Related products are suggestions to buy instead: only those with a variant in stock.
  const related: ProductSummary[] = await listProductSummaries(
    db,
    and(
      inCategories([row.categoryId]),
      ne(products.id, summary._id),
      sql`exists (select 1 from variants v where v.product_id = products.id and v.stock > 0)`,
    ),
    { limit: RELATED_LIMIT, locale },
  )
  return {
    product: {
      ...summary,
      description: pickLocalized(row.descriptionAr, row.descriptionFr, locale),
      descriptionAr: row.descriptionAr,
      descriptionFr: row.descriptionFr,
      // each photo says which colour it shows (null: the product in general)
      images: imageRows.map((img) => ({ ...responsiveImage(img.path, img.widths, PRODUCT_IMAGE_SIZE, 1200), color: img.color })),
      variants: variantRows.map((v) => ({ _id: v.id, size: v.size, color: v.color, ...(v.colorHex ? { colorHex: v.colorHex } : {}), stock: v.stock })),
      category: { _id: row.categoryId, slug: row.categorySlug, name: pickLocalized(row.categoryNameAr, row.categoryNameFr, locale) },
    },
    related,
  }
}
