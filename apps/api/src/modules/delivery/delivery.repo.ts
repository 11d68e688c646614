import { asc, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deliveryPrices, wilayas } from '../../db/schema.ts'

export type DeliveryPriceRow = typeof deliveryPrices.$inferSelect
export type DeliveryType = DeliveryPriceRow['type']

/** The wilayas of the shop's division (58 or 69), by code. */
export async function listWilayasUpTo(db: Db, division: number) {
  return db.select().from(wilayas).where(lte(wilayas.code, division)).orderBy(asc(wilayas.code))
}

export async function listDeliveryPrices(db: Db): Promise<DeliveryPriceRow[]> {
  return db.select().from(deliveryPrices)
}

export async function wilayaExists(db: Db, code: number): Promise<boolean> {
  const [row] = await db.select({ code: wilayas.code }).from(wilayas).where(eq(wilayas.code, code)).limit(1)
  return Boolean(row)
}

/** The price rows of one wilaya, locked until the transaction ends. */
export async function lockWilayaPrices(tx: Db, code: number): Promise<DeliveryPriceRow[]> {
  return tx.select().from(deliveryPrices).where(eq(deliveryPrices.wilayaCode, code)).for('update')
}

export async function upsertDeliveryPrice(tx: Db, code: number, type: DeliveryType, price: number | null, returnPrice: number) {
  await tx
    .insert(deliveryPrices)
    .values({ wilayaCode: code, type, price, returnPrice })
    .onConflictDoUpdate({
      target: [deliveryPrices.wilayaCode, deliveryPrices.type],
      set: { price, returnPrice, updatedAt: sql`now()` },
    })
}
