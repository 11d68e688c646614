import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { banners, categories, coupons, productImages, products, shopSettings, variants } from '../db/schema.ts'
import { BANNERS, CATEGORIES, COUPONS, PRODUCTS, SHOP } from './catalogue.ts'
import { BANNER_IMAGE_WIDTHS, demoShots, PRODUCT_IMAGE_WIDTHS, writeBannerImages, writeLogo, writeProductImages } from './images.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export interface DemoSeedResult {
  categories: number
  products: number
  variants: number
  banners: number
  coupons: number
}

/**
 * The demo shop: categories, products with variants and generated images, banners, coupons, shop details.
 * Images are drawn locally (nothing is downloaded) into `mediaDir`, then the rows go in one transaction.
 */
export async function seedDemoShop(db: Db, mediaDir: string): Promise<DemoSeedResult> {
  const productDir = path.join(mediaDir, 'products')
  const bannerDir = path.join(mediaDir, 'banners')
  await Promise.all([mkdir(productDir, { recursive: true }), mkdir(bannerDir, { recursive: true })])

  for (const product of PRODUCTS) {
    for (let i = 0; i < demoShots(product).length; i++) {
      await writeProductImages(product, i, productDir, `${product.slug}-${i + 1}`)
    }
  }
  for (const banner of BANNERS) await writeBannerImages(banner, bannerDir, banner.slug)
  const logoFile = await writeLogo(mediaDir)

  const now = Date.now()
  let variantCount = 0
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, string>()
    // parents first: the list is ordered so that a parent always precedes its children
    const ordered = [...CATEGORIES].sort((a, b) => Number(a.parentSlug !== null) - Number(b.parentSlug !== null))
    for (const c of ordered) {
      const parentId = c.parentSlug ? categoryIds.get(c.parentSlug) : null
      if (parentId === undefined) throw new Error(`demo category ${c.slug}: unknown parent ${c.parentSlug}`)
      const [row] = await tx
        .insert(categories)
        .values({
          slug: c.slug,
          parentId,
          nameAr: c.nameAr,
          nameFr: c.nameFr,
          descriptionAr: c.descriptionAr,
          descriptionFr: c.descriptionFr,
          position: c.position,
        })
        .returning({ id: categories.id })
      if (!row) throw new Error('category insert returned nothing')
      categoryIds.set(c.slug, row.id)
    }

    for (const p of PRODUCTS) {
      const categoryId = categoryIds.get(p.categorySlug)
      if (!categoryId) throw new Error(`demo product ${p.slug}: unknown category ${p.categorySlug}`)
      const createdAt = new Date(now - p.createdDaysAgo * DAY_MS)
      const [row] = await tx
        .insert(products)
        .values({
          slug: p.slug,
          categoryId,
          nameAr: p.nameAr,
          nameFr: p.nameFr,
          descriptionAr: p.descriptionAr,
          descriptionFr: p.descriptionFr,
          price: p.price,
          compareAtPrice: p.compareAtPrice,
          soldCount: p.soldCount,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id })
      if (!row) throw new Error('product insert returned nothing')
      await tx.insert(variants).values(
        p.variants.map((v) => ({
          productId: row.id,
          size: v.size,
          color: v.color,
          stock: v.stock,
          sku: `${p.slug}-${v.size}-${v.color}`.toUpperCase(),
        })),
      )
      variantCount += p.variants.length
      await tx.insert(productImages).values(
        // one photo per colour, tied to it (images.ts demoShots)
        demoShots(p).map((shot, i) => ({
          productId: row.id,
          path: `products/${p.slug}-${i + 1}`,
          color: shot.color,
          widths: [...PRODUCT_IMAGE_WIDTHS],
          width: 1200,
          height: 1200,
          position: i,
        })),
      )
    }

    await tx.insert(banners).values(
      BANNERS.map((b) => ({
        titleAr: b.titleAr,
        titleFr: b.titleFr,
        descriptionAr: b.descriptionAr,
        descriptionFr: b.descriptionFr,
        imagePath: `banners/${b.slug}`,
        imageWidths: [...BANNER_IMAGE_WIDTHS],
        link: b.link,
        position: b.position,
        startsAt: new Date(now + b.startsInDays * DAY_MS),
        endsAt: b.endsInDays === null ? null : new Date(now + b.endsInDays * DAY_MS),
      })),
    )

    await tx.insert(coupons).values(
      COUPONS.map((c) => ({
        code: c.code,
        type: c.type,
        value: c.value,
        minOrder: c.minOrder,
        maxUses: c.maxUses,
        expiresAt: c.expiresInDays === null ? null : new Date(now + c.expiresInDays * DAY_MS),
      })),
    )

    await tx
      .update(shopSettings)
      .set({
        nameAr: SHOP.nameAr,
        nameFr: SHOP.nameFr,
        logoPath: logoFile,
        phone: SHOP.phone,
        whatsapp: SHOP.whatsapp,
        email: SHOP.email,
        addressAr: SHOP.addressAr,
        addressFr: SHOP.addressFr,
        bankDetails: SHOP.bankDetails,
        ccpDetails: SHOP.ccpDetails,
        updatedAt: new Date(),
      })
      .where(eq(shopSettings.id, 1))
  })

  return {
    categories: CATEGORIES.length,
    products: PRODUCTS.length,
    variants: variantCount,
    banners: BANNERS.length,
    coupons: COUPONS.length,
  }
}
