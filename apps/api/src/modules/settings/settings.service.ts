import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { mapConstraint } from '../../http/admin-common.ts'
import type { Actor } from '../audit/audit.service.ts'
import { auditDefaultFees } from '../delivery/delivery.service.ts'
import { lockShopSettings, type ShopSettingsChange, type ShopSettingsRow, updateShopSettings } from './settings.repo.ts'

const orderBelowLine = (min: number) =>
  new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'maxOrderQuantity', message: 'validation:orderLimits.orderBelowLine', params: { min } }] })

/** Saves the fields given; the default fees get an audit line when they change. */
export async function changeShopSettings(db: Db, actor: Actor, values: ShopSettingsChange): Promise<ShopSettingsRow> {
  return mapConstraint(
    () =>
      db.transaction(async (tx) => {
        const current = await lockShopSettings(tx)
        // an order must be able to hold one full line: checked against the stored value the body leaves out
        const line = values.maxLineQuantity ?? current.maxLineQuantity
        if ((values.maxOrderQuantity ?? current.maxOrderQuantity) < line) throw orderBelowLine(line)
        const updated = await updateShopSettings(tx, values)
        await auditDefaultFees(tx, actor, current, updated)
        return updated
      }),
    // the database's check has the last word
    { shop_settings_order_limits_check: orderBelowLine(values.maxLineQuantity ?? 1) },
  )
}

export async function setShopLogo(db: Db, logoPath: string): Promise<ShopSettingsRow> {
  return updateShopSettings(db, { logoPath })
}
