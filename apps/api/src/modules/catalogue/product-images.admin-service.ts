import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { productImages, products, variants } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { responsiveImage } from '../../http/media.ts'

// The photos of a product: stored rows (the files are written and removed by http/uploads.ts), order, colour.

export type ImageRow = typeof productImages.$inferSelect

export function imageReply(image: ImageRow) {
  return {
    _id: image.id,
    path: image.path,
    widths: image.widths,
    position: image.position,
    color: image.color,
    ...responsiveImage(image.path, image.widths, { width: image.width, height: image.height }, 600),
  }
}

export async function addProductImage(db: Db, productId: string, image: { path: string; widths: number[]; width: number; height: number }) {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    const [last] = await tx
      .select({ max: sql<number | null>`max(${productImages.position})` })
      .from(productImages)
      .where(eq(productImages.productId, productId))
    const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1
    const [row] = await tx.insert(productImages).values({ productId, ...image, position }).returning()
    if (!row) throw new Error('image insert returned nothing')
    return row
  })
}

export async function removeProductImage(db: Db, productId: string, imageId: string): Promise<ImageRow> {
  const [row] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

/**
 * Ties a photo to one of the product's colours (the storefront shows it first when that colour is picked),
 * or unties it with null. The colour must be one of the product's variants' colours.
 */
export async function setImageColor(db: Db, productId: string, imageId: string, color: string | null): Promise<ImageRow> {
  return db.transaction(async (tx) => {
    const [image] = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    if (!image) throw new AppError('NOT_FOUND')
    let stored: string | null = null
    if (color !== null) {
      const colours = await tx.selectDistinct({ color: variants.color }).from(variants).where(eq(variants.productId, productId))
      const match = colours.find((c) => c.color.toLowerCase() === color.toLowerCase())
      if (!match) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'color', message: 'validation:invalid' }] })
      stored = match.color
    }
    const [row] = await tx.update(productImages).set({ color: stored }).where(eq(productImages.id, imageId)).returning()
    if (!row) throw new AppError('NOT_FOUND')
    return row
  })
}

/** `imageIds` must be exactly the product's images, in the new order. */
export async function reorderImages(db: Db, productId: string, imageIds: string[]) {
  await db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    const rows = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, productId))
    const current = new Set(rows.map((r) => r.id))
    if (imageIds.length !== current.size || new Set(imageIds).size !== imageIds.length || !imageIds.every((id) => current.has(id))) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'imageIds', message: 'validation:invalid' }] })
    }
    for (const [position, id] of imageIds.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id))
    }
  })
}
