import { and, asc, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bannerClicks, banners, categories, products } from '../../db/schema.ts'
import { responsiveImage } from '../../http/media.ts'
import { isUuid } from '../../http/paging.ts'

export type BannerRow = typeof banners.$inferSelect
export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'clickCount'>

export const BANNER_IMAGE_SIZE = { width: 1920, height: 1080 } as const

/** The banners live now (active, within their dates), in display order, with their pictures 1920 wide. */
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

export async function findBanner(db: Db, id: string): Promise<BannerRow | null> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).limit(1)
  return row ?? null
}

/** One page of banners in display order, and how many there are. */
export async function listBanners(db: Db, page: number, limit: number): Promise<{ rows: BannerRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(banners),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function insertBanner(db: Db, values: BannerValues): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(values).returning()
  if (!row) throw new Error('banner insert returned nothing')
  return row
}

export async function updateBanner(db: Db, id: string, values: Partial<BannerValues>): Promise<BannerRow | null> {
  const [row] = await db
    .update(banners)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(banners.id, id))
    .returning()
  return row ?? null
}

export async function deleteBanner(db: Db, id: string): Promise<void> {
  await db.delete(banners).where(eq(banners.id, id))
}

/** Whether an active category or product has this id (a UUID) or slug. */
export async function isVisibleTarget(db: Db, kind: 'category' | 'product', key: string): Promise<boolean> {
  const table = kind === 'category' ? categories : products
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(isUuid(key) ? eq(table.id, key.toLowerCase()) : eq(table.slug, key), eq(table.isActive, true)))
    .limit(1)
  return Boolean(found)
}
