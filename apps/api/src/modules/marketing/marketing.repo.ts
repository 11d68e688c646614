import type { PixelPlatform } from '@shop/shared'
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { adPixels, bannerClicks, banners } from '../../db/schema.ts'
import { responsiveImage } from '../../http/media.ts'

export const BANNER_IMAGE_SIZE = { width: 1920, height: 1080 } as const

export async function listActiveBanners(db: Db) {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.isActive, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
        or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.createdAt))
  return rows.map((row) => ({ ...row, image: responsiveImage(row.imagePath, row.imageWidths, BANNER_IMAGE_SIZE, 1920) }))
}

/** Counts a click on a live banner; false when the banner does not exist. */
export async function recordBannerClick(db: Db, bannerId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(banners)
      .set({ clickCount: sql`${banners.clickCount} + 1` })
      .where(eq(banners.id, bannerId))
      .returning({ id: banners.id })
    if (updated.length === 0) return false
    await tx.insert(bannerClicks).values({ bannerId })
    return true
  })
}

export async function listActivePixels(db: Db, platform: PixelPlatform) {
  return db
    .select({ id: adPixels.id, pixelId: adPixels.pixelId })
    .from(adPixels)
    .where(and(eq(adPixels.platform, platform), eq(adPixels.isActive, true)))
}
