import { type Locale, sortSizes } from '@shop/shared'
import { and, asc, eq, ne, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, productImages, products, variants } from '../../db/schema.ts'
import { responsiveImage } from '../../http/media.ts'
import { isUuid } from '../../http/paging.ts'
import { inCategories, listProductSummaries, localized, PRODUCT_IMAGE_SIZE, type ProductSummary } from './catalogue.repo.ts'

const RELATED_LIMIT = 8

/** An active product by id or slug, with its variants, images, category and related products; null when unknown. */
export async function findProductDetail(db: Db, idOrSlug: string, locale: Locale) {
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
      .select({ id: variants.id, size: variants.size, color: variants.color, stock: variants.stock })
      .from(variants)
      .where(eq(variants.productId, summary._id)),
    db
      .select({ path: productImages.path, widths: productImages.widths })
      .from(productImages)
      .where(eq(productImages.productId, summary._id))
      .orderBy(asc(productImages.position)),
  ])
  if (!row) return null
  const sizeOrder = sortSizes(variantRows.map((v) => v.size))
  variantRows.sort((a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || a.color.localeCompare(b.color))
  const related: ProductSummary[] = await listProductSummaries(
    db,
    and(inCategories([row.categoryId]), ne(products.id, summary._id)),
    { limit: RELATED_LIMIT, locale },
  )
  return {
    product: {
      ...summary,
      description: localized(row.descriptionAr, row.descriptionFr, locale),
      descriptionAr: row.descriptionAr,
      descriptionFr: row.descriptionFr,
      images: imageRows.map((img) => responsiveImage(img.path, img.widths, PRODUCT_IMAGE_SIZE, 1200)),
      variants: variantRows.map((v) => ({ _id: v.id, size: v.size, color: v.color, stock: v.stock })),
      category: { _id: row.categoryId, slug: row.categorySlug, name: localized(row.categoryNameAr, row.categoryNameFr, locale) },
    },
    related,
  }
}
