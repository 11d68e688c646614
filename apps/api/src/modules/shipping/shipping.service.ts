import type { DeliveryType } from '@shop/shared'
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deliveryPrices, wilayas } from '../../db/schema.ts'
import { getShopSettings, type ShopSettingsRow } from '../settings/settings.repo.ts'

export interface DeliveryQuote {
  wilayaCode: number
  type: DeliveryType
  /** null: this wilaya has no stop desk. */
  price: number | null
  returnPrice: number
}

/**
 * The fee the shop charges for one wilaya and delivery type: its row in the price table, else the
 * shop's default fee. A row whose price is null means "no stop desk here".
 */
export async function quoteDelivery(
  db: Db,
  wilayaCode: number,
  type: DeliveryType,
  /** The settings row when the caller already read it (checkout, in its transaction): one query less. */
  known?: ShopSettingsRow,
): Promise<DeliveryQuote> {
  const [settings, rows] = await Promise.all([
    known ?? getShopSettings(db),
    db
      .select({ price: deliveryPrices.price, returnPrice: deliveryPrices.returnPrice })
      .from(deliveryPrices)
      .where(and(eq(deliveryPrices.wilayaCode, wilayaCode), eq(deliveryPrices.type, type)))
      .limit(1),
  ])
  return deliveryQuoteOf(wilayaCode, type, rows[0], settings)
}

/** The fee from the wilaya's row of the price table when it has one (read by the caller), else the shop's default fee. */
export function deliveryQuoteOf(
  wilayaCode: number,
  type: DeliveryType,
  row: { price: number | null; returnPrice: number } | null | undefined,
  settings: Pick<ShopSettingsRow, 'defaultHomeFee' | 'defaultStopdeskFee' | 'defaultReturnFee'>,
): DeliveryQuote {
  if (row) return { wilayaCode, type, price: row.price, returnPrice: row.returnPrice }
  return {
    wilayaCode,
    type,
    price: type === 'domicil' ? settings.defaultHomeFee : settings.defaultStopdeskFee,
    returnPrice: settings.defaultReturnFee,
  }
}

/** A wilaya of the shown division by code ("16", "016") or name (Arabic or French, any case or accents). */
export async function findWilaya(db: Db, codeOrName: string, known?: ShopSettingsRow) {
  const { wilayaDivision } = known ?? (await getShopSettings(db))
  const trimmed = codeOrName.trim()
  const where = /^\d{1,3}$/.test(trimmed)
    ? eq(wilayas.code, Number(trimmed))
    : sql`(shop_fold(${wilayas.nameFr}) = shop_fold(${trimmed}) or shop_fold(${wilayas.nameAr}) = shop_fold(${trimmed}))`
  const [row] = await db
    .select({ code: wilayas.code, nameAr: wilayas.nameAr, nameFr: wilayas.nameFr })
    .from(wilayas)
    .where(and(where, lte(wilayas.code, wilayaDivision)))
    .limit(1)
  return row ?? null
}
