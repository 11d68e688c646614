import type { PixelPlatform } from '@shop/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { adPixels } from '../../db/schema.ts'

export type PixelRow = typeof adPixels.$inferSelect
export type PixelValues = Pick<typeof adPixels.$inferInsert, 'platform' | 'pixelId' | 'isActive' | 'accessToken' | 'testEventCode'>

export async function findPixel(db: Db, id: string): Promise<PixelRow | null> {
  const [row] = await db.select().from(adPixels).where(eq(adPixels.id, id)).limit(1)
  return row ?? null
}

export async function listPixels(db: Db): Promise<PixelRow[]> {
  return db.select().from(adPixels).orderBy(asc(adPixels.platform), asc(adPixels.createdAt))
}

export async function insertPixel(db: Db, values: PixelValues): Promise<PixelRow | null> {
  const [row] = await db.insert(adPixels).values(values).returning()
  return row ?? null
}

export async function updatePixel(db: Db, id: string, values: Partial<PixelValues>): Promise<PixelRow | null> {
  const [row] = await db.update(adPixels).set({ ...values, updatedAt: sql`now()` }).where(eq(adPixels.id, id)).returning()
  return row ?? null
}

export async function deletePixel(db: Db, id: string): Promise<void> {
  await db.delete(adPixels).where(eq(adPixels.id, id))
}

/** The active pixel ids of one platform (what the storefront loads). */
export async function listActivePixels(db: Db, platform: PixelPlatform) {
  return db
    .select({ id: adPixels.id, pixelId: adPixels.pixelId, serverEvents: sql<boolean>`${adPixels.accessToken} is not null` })
    .from(adPixels)
    .where(and(eq(adPixels.platform, platform), eq(adPixels.isActive, true)))
}
