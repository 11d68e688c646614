import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'

export type ShopSettingsRow = typeof shopSettings.$inferSelect
export type ShopSettingsChange = Partial<Omit<typeof shopSettings.$inferInsert, 'id' | 'updatedAt'>>

export async function getShopSettings(db: Db): Promise<ShopSettingsRow> {
  const rows = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).limit(1)
  const row = rows[0]
  if (!row) throw new Error('shop_settings row missing: the bootstrap step creates it')
  return row
}

/** The settings row, locked until the transaction ends (two saves cannot both read the old values). */
export async function lockShopSettings(tx: Db): Promise<ShopSettingsRow> {
  const [current] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update')
  if (!current) throw new Error('shop_settings row missing')
  return current
}

export async function updateShopSettings(db: Db, values: ShopSettingsChange): Promise<ShopSettingsRow> {
  const [updated] = await db
    .update(shopSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shopSettings.id, 1))
    .returning()
  if (!updated) throw new Error('shop_settings row missing')
  return updated
}
