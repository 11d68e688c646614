import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'

export type ShopSettingsRow = typeof shopSettings.$inferSelect

export async function getShopSettings(db: Db): Promise<ShopSettingsRow> {
  const rows = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).limit(1)
  const row = rows[0]
  if (!row) throw new Error('shop_settings row missing: the bootstrap step creates it')
  return row
}
