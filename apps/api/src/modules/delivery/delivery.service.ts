import type { Locale } from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import { getShopSettings, lockShopSettings, type ShopSettingsRow, updateShopSettings } from '../settings/settings.repo.ts'
import { listDeliveryPrices, listWilayasUpTo, lockWilayaPrices, upsertDeliveryPrice, wilayaExists } from './delivery.repo.ts'

export interface DefaultFees {
  home: number
  stopdesk: number
  return: number
}
export interface WilayaPrices {
  domicil: number
  stopdesk: number | null
  returnPrice: number
}

/** An audit line when the default delivery fees change (delivery screen or settings). */
export async function auditDefaultFees(
  tx: Db,
  actor: Actor,
  before: ShopSettingsRow,
  after: Pick<ShopSettingsRow, 'defaultHomeFee' | 'defaultStopdeskFee' | 'defaultReturnFee'>,
) {
  const change = changedFields(before, after, ['defaultHomeFee', 'defaultStopdeskFee', 'defaultReturnFee'])
  if (change) await writeAudit(tx, actor, { kind: 'delivery_fee', action: 'update', entity: 'delivery_defaults', ...change })
}

/** The price table of the shop's division (a wilaya without a row falls back to the defaults), and the default fees. */
export async function getDeliveryTable(db: Db, locale: Locale) {
  const settings = await getShopSettings(db)
  const [rows, prices] = await Promise.all([listWilayasUpTo(db, settings.wilayaDivision), listDeliveryPrices(db)])
  const price = new Map(prices.map((p) => [`${p.wilayaCode}:${p.type}`, p]))
  const wilayaList = rows.map((w) => {
    const home = price.get(`${w.code}:domicil`)
    const desk = price.get(`${w.code}:stopdesk`)
    return {
      code: w.code,
      name: locale === 'ar' ? w.nameAr : w.nameFr,
      nameAr: w.nameAr,
      nameFr: w.nameFr,
      domicil: home ? home.price : null,
      stopdesk: desk ? desk.price : null,
      returnPrice: home?.returnPrice ?? desk?.returnPrice ?? settings.defaultReturnFee,
      hasRow: Boolean(home || desk),
    }
  })
  return {
    division: settings.wilayaDivision,
    defaults: { home: settings.defaultHomeFee, stopdesk: settings.defaultStopdeskFee, return: settings.defaultReturnFee },
    wilayas: wilayaList,
  }
}

export async function setDefaultFees(db: Db, actor: Actor, fees: DefaultFees): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockShopSettings(tx)
    const after = { defaultHomeFee: fees.home, defaultStopdeskFee: fees.stopdesk, defaultReturnFee: fees.return }
    await updateShopSettings(tx, after)
    await auditDefaultFees(tx, actor, current, after)
  })
}

/** Sets both prices of one wilaya (stopdesk null: no stop desk there); the audit line shows the old values or 'default'. */
export async function setWilayaPrices(db: Db, actor: Actor, code: number, prices: WilayaPrices): Promise<void> {
  if (!(await wilayaExists(db, code))) throw new AppError('NOT_FOUND')
  const { domicil, stopdesk, returnPrice } = prices
  await db.transaction(async (tx) => {
    const old = await lockWilayaPrices(tx, code)
    const home = old.find((p) => p.type === 'domicil')
    const desk = old.find((p) => p.type === 'stopdesk')
    const change = changedFields(
      { domicil: home ? home.price : 'default', stopdesk: desk ? desk.price : 'default', returnPrice: home?.returnPrice ?? desk?.returnPrice ?? 'default' },
      { domicil, stopdesk, returnPrice },
      ['domicil', 'stopdesk', 'returnPrice'],
    )
    if (change) await writeAudit(tx, actor, { kind: 'delivery_fee', action: 'update', entity: 'delivery_price', entityId: code, label: String(code).padStart(2, '0'), ...change })
    for (const [type, value] of [['domicil', domicil], ['stopdesk', stopdesk]] as const) {
      await upsertDeliveryPrice(tx, code, type, value, returnPrice)
    }
  })
}
