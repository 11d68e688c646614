import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { banners, categories, products } from '../../db/schema.ts'
import { isUuid } from '../../http/paging.ts'

export type BannerRow = typeof banners.$inferSelect
export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'clickCount'>

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
